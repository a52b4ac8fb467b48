// Search and listing reads with a signed-in customer: favourites filled, eligible_only from the profile.
import { expect } from 'chai';
import { api } from '../support/api.ts';
import { searchFixture, type SearchFixture } from '../support/search-fixture.ts';
import { bearer, disableCustomer, passwordCustomer, P, type SignedIn } from '../support/customers.ts';

describe('search and listing reads for a signed-in customer', function () {
  this.timeout(60_000);
  let L: SearchFixture['listings'];
  let customer: SignedIn;
  before(async () => {
    L = (await searchFixture()).listings;
    customer = await passwordCustomer({ annualHouseholdIncome: 60000, deposit: 30000, homeOwnershipStatus: 1, firstName: 'Ada', lastName: 'Leeds' });
    const added = await api.post(`${P}/profile/favourites`, { listing: L.leedsMarket!.id }, bearer(customer.accessToken));
    expect(added.status).to.equal(201);
  });

  it('fills favourite on search results with a bearer token, and leaves it null without one', async () => {
    const query = { location: 'Leeds', max_featured: 0 };
    const signedIn = await api.get(`${P}/search`, bearer(customer.accessToken, { query }));
    const flags = Object.fromEntries(signedIn.body.data.map((i: { id: number; favourite: boolean | null }) => [i.id, i.favourite]));
    expect(flags[L.leedsMarket!.id]).to.equal(true);
    expect(flags[L.leedsSO!.id]).to.equal(false);
    const anonymous = await api.get(`${P}/search`, { query });
    expect(anonymous.body.data.every((i: { favourite: boolean | null }) => i.favourite === null)).to.equal(true);
  });

  it('fills favourite on listing details, similar and home-featured listings', async () => {
    expect((await api.get(`${P}/listings/${L.leedsMarket!.id}`, bearer(customer.accessToken))).body.favourite).to.equal(true);
    expect((await api.get(`${P}/listings/${L.leedsSO!.id}/full-details`, bearer(customer.accessToken))).body.listing.favourite).to.equal(false);
    const similar = await api.get(`${P}/listings/${L.leedsSO!.id}/similar`, bearer(customer.accessToken));
    expect(similar.body.data.find((i: { id: number }) => i.id === L.leedsMarket!.id)?.favourite).to.equal(true);
    const featured = await api.get(`${P}/home-featured-listings`, bearer(customer.accessToken, { query: { size: 50 } }));
    expect(featured.body.data.every((i: { favourite: boolean | null }) => typeof i.favourite === 'boolean')).to.equal(true);
  });

  it('uses the profile values for eligible_only when the query has none, and query values over them', async () => {
    // the same search anonymous first: neither its plan nor its response may serve the customer
    const anonymous = await api.get(`${P}/search`, { query: { location: 'Leeds', max_featured: 0, eligible_only: '1' } });
    expect(anonymous.body.data.map((i: { id: number }) => i.id)).to.include(L.leedsFirst!.id);
    const byProfile = await api.get(`${P}/search`, bearer(customer.accessToken, { query: { location: 'Leeds', max_featured: 0, eligible_only: '1' } }));
    // income 60,000 and a first-time buyer: Holbeck Yard's cap of 50,000 fails; the others pass or lack values
    const found = byProfile.body.data.map((i: { id: number }) => i.id);
    expect(found).to.include.members([L.leedsSO!.id, L.leedsMarket!.id]);
    expect(found).to.not.include(L.leedsFirst!.id);
    const overridden = await api.get(`${P}/search`, bearer(customer.accessToken, { query: { location: 'Leeds', max_featured: 0, eligible_only: '1', household_income: 40000 } }));
    expect(overridden.body.data.map((i: { id: number }) => i.id)).to.include(L.leedsFirst!.id);
  });

  it('refuses a bad bearer token on search with 401', async () => {
    const res = await api.get(`${P}/search`, bearer('not-a-token', { query: { location: 'Leeds' } }));
    expect(res.status).to.equal(401);
  });

  it('refuses a revoked token and a disabled customer on search with 401, though the token is well signed', async () => {
    const [revoked, disabled] = [await passwordCustomer(), await passwordCustomer()];
    await api.post(`${P}/revoke-token`, undefined, bearer(revoked.accessToken));
    await disableCustomer(disabled.id);
    for (const who of [revoked, disabled]) {
      const res = await api.get(`${P}/search`, bearer(who.accessToken, { query: { location: 'Leeds' } }));
      expect(res.status).to.equal(401);
      expect(res.body).to.not.have.property('data');
    }
  });
});
