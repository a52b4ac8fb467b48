// A lead pushed on a listing written a moment before: PostgreSQL, the record, says whether the listing
// is on the marketplace, not the search index, which may not have caught up yet.
import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { api } from '../support/api.ts';
import { createAccount, developmentPayload, listingPayload, propertyPayload, withdrawListingsOf, withKey, type TestAccount } from '../support/factories.ts';
import { uniqueEmail } from '../support/customers.ts';
import { testApp } from '../support/test-app.ts';

describe('leads pushed right after their listing', function () {
  this.timeout(30_000);
  let provider: TestAccount;
  let other: TestAccount;
  let partner: TestAccount;

  before(async () => {
    provider = await createAccount();
    other = await createAccount();
    partner = await createAccount({ kind: 'partner', tier: 'premium' });
  });
  after(() => withdrawListingsOf(provider, other));

  /** A development, a property and a listing of it, the listing written without waiting for the index. */
  async function putListing(account: TestAccount, overrides: Record<string, unknown> = {}): Promise<{ ref: string; id: number; propertyRef: string }> {
    const suffix = randomUUID().slice(0, 8);
    const [dev, prop, ref] = [`dev-${suffix}`, `prop-${suffix}`, `listing-${suffix}`];
    expect((await api.put(`/api/rest/inventory/developments/${dev}`, developmentPayload(), withKey(account))).status).to.equal(201);
    expect((await api.put(`/api/rest/inventory/properties/${prop}`, propertyPayload(dev), withKey(account))).status).to.equal(201);
    const res = await api.put(`/api/rest/listings/${ref}`, listingPayload(dev, [prop], overrides), withKey(account));
    expect(res.status, res.text).to.equal(201);
    return { ref, id: res.body.id, propertyRef: prop };
  }

  const push = (account: TestAccount, listing: string | number, extra: Record<string, unknown> = {}) =>
    api.post('/api/rest/leads', { email: uniqueEmail(), firstName: 'Sam', listing, source: 'Partner site', ...extra }, withKey(account));

  it('takes a lead on an own listing at once, by ref and by id, with the property it names', async () => {
    const listing = await putListing(provider);
    const byRef = await push(provider, listing.ref, { property: listing.propertyRef });
    expect(byRef.status, byRef.text).to.equal(201);
    expect(byRef.body.listing).to.include({ id: listing.id });
    const byId = await push(provider, listing.id);
    expect(byId.status, byId.text).to.equal(201);
    expect((await api.get(`/api/rest/leads/${byRef.body.id}`, withKey(provider))).body.property).to.include({ externalRef: listing.propertyRef });
    // the lead keeps the listing as it was built from its rows: its item, with the listing's name
    const row = await testApp().runtime.prisma.application.findUniqueOrThrow({ where: { id: byRef.body.id } });
    expect((row.listingSnapshot as { item: { id: number; name: string } }).item).to.include({ id: listing.id, name: 'Canal Wharf' });
  });

  it('takes a lead from a partner that republishes the marketplace on a listing published a moment before', async () => {
    const listing = await putListing(other);
    const res = await push(partner, listing.id);
    expect(res.status, res.text).to.equal(201);
  });

  it("still refuses another account's listing, an unpublished one and a withdrawn one (404)", async () => {
    const theirs = await putListing(other);
    expect((await push(provider, theirs.id)).status).to.equal(404);
    expect((await push(provider, theirs.ref)).status).to.equal(404);

    const draft = await putListing(provider, { published: false });
    expect((await push(provider, draft.ref)).status).to.equal(404);
    expect((await push(partner, draft.id)).status).to.equal(404);

    const later = await putListing(provider, { publishAt: new Date(Date.now() + 7 * 86_400_000).toISOString() });
    expect((await push(provider, later.ref)).status).to.equal(404);

    const withdrawn = await putListing(provider);
    expect((await api.delete(`/api/rest/listings/${withdrawn.ref}`, withKey(provider))).status).to.be.oneOf([200, 204]);
    expect((await push(provider, withdrawn.ref)).status).to.equal(404);
    expect((await push(partner, withdrawn.id)).status).to.equal(404);
  });
});
