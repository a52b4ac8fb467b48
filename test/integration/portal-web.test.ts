// The reference portal as the service serves it (src/portal-web/): its page for the portal's client
// routes with a CSP of its own, hashed assets cached for good, nothing of it under the API's paths, and
// a 404 with the page for an unknown address or an unknown listing, area or content slug.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';
import { request } from '../support/api.ts';
import { PORTAL_DIST, portalContentSecurityPolicy, tileOrigin } from '../../src/portal-web/portal-web.ts';
import { portalPageOf } from '../../src/portal-web/portal-pages.ts';
import { mailDeliveryOf } from '../../src/portal-web/mail-delivery.ts';
import { testApp } from '../support/test-app.ts';
import { searchFixture } from '../support/search-fixture.ts';

/** as a browser asks for a page */
const HTML = 'text/html,application/xhtml+xml,*/*;q=0.8';
const get = (p: string, accept = HTML) => fetch(`${testApp().baseUrl}${p}`, { headers: { Accept: accept } });

describe('the portal, served at /', () => {
  it('answers its page for the client routes, with its CSP and the tile settings', async () => {
    const { listings } = await searchFixture();
    for (const p of [
      '/',
      '/search?location=Leeds&bedrooms[]=2',
      `/listings/${listings.leedsMarket!.slug}`,
      '/listings/not-published?preview=any',
      '/account/applications',
      '/account/saved-searches/12',
      '/alerts/unsubscribe/abc',
      '/sign-in/link/1/abc',
    ]) {
      const res = await get(p);
      expect(res.status, p).to.equal(200);
      expect(res.headers.get('content-type')).to.match(/^text\/html/);
      const csp = res.headers.get('content-security-policy')!;
      expect(csp).to.include("script-src 'self'").and.include("connect-src 'self'").and.include('https://tile.openstreetmap.org');
      expect(csp).to.not.include('unsafe');
      const html = await res.text();
      expect(html).to.include('<meta name="portal-tile-url" content="https://tile.openstreetmap.org/{z}/{x}/{y}.png"');
      expect(html).to.match(/<meta name="portal-mail" content="(sent|not-sent)"/);
    }
  });

  it('answers 404 with its page for an unknown address and for unknown listing, area and content slugs', async () => {
    for (const p of [
      '/no-such-page',
      '/listings/no-such-listing',
      '/areas/no-such-area',
      '/news/no-such-news',
      '/guides/a/no-such-chapter',
      '/pages/nope',
      '/account/nope',
      '/search/extra',
    ]) {
      const res = await get(p);
      expect(res.status, p).to.equal(404);
      expect(res.headers.get('content-type'), p).to.match(/^text\/html/);
      expect(await res.text(), p).to.include('<div id="app">');
    }
    // a client asking for JSON keeps the JSON 404
    const json = await get('/no-such-page', 'application/json');
    expect(json.status).to.equal(404);
    expect(await json.json()).to.deep.equal({ message: 'Not found' });
  });

  it('says in the page what becomes of sign-in e-mails in each environment', () => {
    const base = {
      APP_ENV: 'development' as const,
      TEST_ENV_SENDS_MAIL: false,
      LOCAL_MAILBOX: false,
      SMTP_HOST: undefined,
      MAILBOX_WEB_PORT: 1080,
    };
    expect(mailDeliveryOf({ ...base, LOCAL_MAILBOX: true })).to.deep.equal({ kind: 'local-mailbox', inbox: 'http://localhost:1080' });
    expect(mailDeliveryOf({ ...base, LOCAL_MAILBOX: true, SMTP_HOST: 'smtp.example.org' })).to.deep.equal({ kind: 'sent' });
    expect(mailDeliveryOf({ ...base, APP_ENV: 'test' })).to.deep.equal({ kind: 'not-sent' });
    expect(mailDeliveryOf({ ...base, APP_ENV: 'test', TEST_ENV_SENDS_MAIL: true })).to.deep.equal({ kind: 'sent' });
    expect(mailDeliveryOf({ ...base, APP_ENV: 'live', LOCAL_MAILBOX: true, SMTP_HOST: 'smtp.example.org' })).to.deep.equal({
      kind: 'sent',
    });
  });

  it('serves hashed assets for a year and leaves the API its JSON 404s', async () => {
    const script = readdirSync(path.join(PORTAL_DIST, 'assets')).find((f) => f.endsWith('.js'))!;
    const asset = await get(`/assets/${script}`);
    expect(asset.status).to.equal(200);
    expect(asset.headers.get('cache-control')).to.include('immutable');
    expect(asset.headers.get('content-type')).to.match(/javascript/);
    expect((await get('/assets/missing.js')).status).to.equal(404);

    for (const p of ['/api/rest/portal/no-such-thing', '/api/search', '/no-such-page', '/health/x']) {
      const res = await request('GET', p, { undocumented: true });
      expect(res.status, p).to.equal(404);
      expect(res.body).to.deep.equal({ message: 'Not found' });
    }
    // the API and its documentation keep their own answers
    expect((await get('/openapi.json')).headers.get('content-type')).to.match(/json/);
    expect((await get('/docs')).headers.get('content-security-policy')).to.not.include('tile.openstreetmap.org');
  });

  it('knows its client routes and the tile host of a template', () => {
    expect(portalPageOf('/')).to.equal(null);
    expect(portalPageOf('/account/favourites')).to.equal(null);
    expect(portalPageOf('/listings/a%20b')).to.deep.equal({ kind: 'listing', slug: 'a b' });
    expect(portalPageOf('/guides/buying/chapter-1')).to.deep.equal({ kind: 'content', slug: 'chapter-1', sitemap: 'guides' });
    expect(portalPageOf('/areas/leeds/')).to.deep.equal({ kind: 'area', slug: 'leeds' });
    for (const p of ['/x', '/account/x', '/listings', '/listings/a/b', '/news/%E0%A4%A']) expect(portalPageOf(p), p).to.equal(undefined);
    expect(tileOrigin('https://{s}.tile.example.org/{z}/{x}/{y}.png')).to.equal('https://*.tile.example.org');
    expect(portalContentSecurityPolicy('http://tiles.local:8080/{z}/{x}/{y}.png')).to.include(
      "img-src 'self' data: https: http://tiles.local:8080",
    );
  });
});
