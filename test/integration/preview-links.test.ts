import { expect } from 'chai';
import jwt from 'jsonwebtoken';
import { api } from '../support/api.ts';
import { createAccount, type TestAccount } from '../support/factories.ts';
import { P } from '../support/customers.ts';
import { testApp } from '../support/test-app.ts';
import { pushAppListing, type PushedListing } from '../support/applications.ts';
import { PreviewLinks } from '../../src/listing-reads/preview-links.ts';

const keyed = (account: TestAccount) => ({ headers: { 'X-Api-Key': account.key } });
const details = (slug: string, preview?: string) =>
  api.get(`${P}/listings/slug/${slug}/full-details`, preview === undefined ? {} : { query: { preview } });

describe('preview links to unpublished listings', () => {
  let owner: TestAccount;
  let draft: PushedListing;
  let otherDraft: PushedListing;

  before(async () => {
    owner = await createAccount({ tier: 'basic' });
    draft = await pushAppListing(owner, { listing: { published: false } });
    otherDraft = await pushAppListing(owner, { listing: { published: false } });
  });

  it('shows the unpublished listing it was made for, read-only, and no other; the link holds no API key', async () => {
    expect((await details(draft.slug)).status).to.equal(404);
    const res = await api.post(`/api/rest/listings/${draft.ref}/preview-link`, undefined, keyed(owner));
    expect(res.status, res.text).to.equal(201);
    const url = new URL(res.body.url);
    expect(url.pathname).to.equal(`/listings/${draft.slug}`);
    expect(res.body.url).to.not.include(owner.key);
    expect([...url.searchParams.keys()]).to.deep.equal(['preview']);
    const hours = (Date.parse(res.body.expiresAt) - Date.now()) / 3_600_000;
    expect(hours).to.be.within(0.95, 1.0);
    const token = url.searchParams.get('preview')!;
    const shown = await details(draft.slug, token);
    expect(shown.status, shown.text).to.equal(200);
    expect(shown.body.listing.id).to.equal(draft.id);
    expect((await details(otherDraft.slug, token)).status).to.equal(404);
    // read-only: the token is no credential for any write or any API-key operation
    expect((await api.get('/api/rest/leads', { query: { api_key: token } })).status).to.equal(401);
    expect((await api.get('/api/rest/leads', { headers: { 'X-Api-Key': token } })).status).to.equal(401);
    expect((await api.get(`${P}/profile`, { headers: { Authorization: `Bearer ${token}` } })).status).to.equal(401);
  });

  it('expires after an hour; a token signed otherwise, or for another audience, opens nothing', async () => {
    const res = await api.post(`/api/rest/listings/${draft.ref}/preview-link`, undefined, keyed(owner));
    const token = new URL(res.body.url).searchParams.get('preview')!;
    const links = new PreviewLinks(testApp().runtime.prisma, testApp().runtime.config.JWT_SECRET);
    expect(links.listingOf(token)).to.equal(draft.id);
    expect(links.listingOf(token, new Date(Date.now() + 3_601_000))).to.equal(null);
    const secret = testApp().runtime.config.JWT_SECRET;
    const now = Math.floor(Date.now() / 1000);
    const expired = jwt.sign({ iat: now - 7200, exp: now - 3600 }, secret, {
      algorithm: 'HS256',
      issuer: 'homeseeker-portal',
      audience: 'listing-preview',
      subject: String(draft.id),
    });
    expect((await details(draft.slug, expired)).status).to.equal(404);
    const noExpiry = jwt.sign({}, secret, { algorithm: 'HS256', issuer: 'homeseeker-portal', audience: 'listing-preview', subject: String(draft.id) });
    expect((await details(draft.slug, noExpiry)).status).to.equal(404);
    const customerAudience = jwt.sign({}, secret, { algorithm: 'HS256', issuer: 'homeseeker-portal', audience: 'portal-customer', subject: String(draft.id), expiresIn: 600 });
    expect((await details(draft.slug, customerAudience)).status).to.equal(404);
    const otherKey = jwt.sign({}, 'x'.repeat(40), { algorithm: 'HS256', issuer: 'homeseeker-portal', audience: 'listing-preview', subject: String(draft.id), expiresIn: 600 });
    expect((await details(draft.slug, otherKey)).status).to.equal(404);
  });

  it("is 404 for another account's listing and 401 without a key", async () => {
    const stranger = await createAccount();
    expect((await api.post(`/api/rest/listings/${draft.ref}/preview-link`, undefined, keyed(stranger))).status).to.equal(404);
    expect((await api.post(`/api/rest/listings/${draft.id}/preview-link`, undefined, keyed(stranger))).status).to.equal(404);
    expect((await api.post(`/api/rest/listings/${draft.ref}/preview-link`)).status).to.equal(401);
  });
});
