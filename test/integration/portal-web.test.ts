// The reference portal as the service serves it (src/portal-web/): its page for the portal's client
// routes with a CSP of its own, hashed assets cached for good, and nothing of it under the API's paths.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';
import { request } from '../support/api.ts';
import { PORTAL_DIST, isClientRoute, portalContentSecurityPolicy, tileOrigin } from '../../src/portal-web/portal-web.ts';
import { testApp } from '../support/test-app.ts';

const get = (p: string) => fetch(`${testApp().baseUrl}${p}`);

describe('the portal, served at /', () => {
  it('answers its page for the client routes, with its CSP and the tile settings', async () => {
    for (const p of [
      '/',
      '/search?location=Leeds&bedrooms[]=2',
      '/listings/some-slug',
      '/account/applications',
      '/account/saved-searches/12',
      '/alerts/unsubscribe/abc',
      '/sign-in/link/1/abc',
      '/news/x',
      '/areas/y',
    ]) {
      const res = await get(p);
      expect(res.status, p).to.equal(200);
      expect(res.headers.get('content-type')).to.match(/^text\/html/);
      const csp = res.headers.get('content-security-policy')!;
      expect(csp).to.include("script-src 'self'").and.include("connect-src 'self'").and.include('https://tile.openstreetmap.org');
      expect(csp).to.not.include('unsafe');
      const html = await res.text();
      expect(html).to.include('<meta name="portal-tile-url" content="https://tile.openstreetmap.org/{z}/{x}/{y}.png"');
    }
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
    expect(['/', '/search', '/listings/a', '/account', '/pages/about'].every(isClientRoute)).to.equal(true);
    expect(['/api/rest/portal/search', '/docs', '/openapi.json', '/metrics', '/health', '/ready', '/x'].some(isClientRoute)).to.equal(
      false,
    );
    expect(tileOrigin('https://{s}.tile.example.org/{z}/{x}/{y}.png')).to.equal('https://*.tile.example.org');
    expect(portalContentSecurityPolicy('http://tiles.local:8080/{z}/{x}/{y}.png')).to.include(
      "img-src 'self' data: https: http://tiles.local:8080",
    );
  });
});
