import { expect } from 'chai';
import { api } from '../support/api.ts';
import { createAccount, withKey } from '../support/factories.ts';
import { searchFixture, type SearchFixture } from '../support/search-fixture.ts';
import { testApp } from '../support/test-app.ts';
import { ApiAccountService } from '../../src/api-accounts/api-account-service.ts';

const BASE = '/api/rest/portal/listings';

describe('listing reads', function () {
  this.timeout(60_000);
  let fx: SearchFixture;
  let L: SearchFixture['listings'];
  before(async () => {
    fx = await searchFixture();
    L = fx.listings;
  });

  it('gives listing details by id and by slug, alike', async () => {
    const byId = await api.get(`${BASE}/${L.leedsSO!.id}`);
    expect(byId.status).to.equal(200);
    const bySlug = await api.get(`${BASE}/slug/${L.leedsSO!.slug}`);
    expect(bySlug.body).to.deep.equal(byId.body);
    expect(byId.body).to.include({ id: L.leedsSO!.id, name: 'Aire Quay', singleProperty: false, featured: true, forSale: true, isSharedOwnership: true });
    expect(byId.body.propertyDetails).to.equal(null);
    expect(byId.body.favourite).to.equal(null);
    expect(byId.body.schemes[0]).to.have.keys('text', 'slug', 'color');
    expect(byId.body.housingProvider).to.have.keys('id', 'name', 'contactEmail', 'logoUrl');
    expect(byId.body.bedrooms).to.deep.equal([1, 2, 3]);
    // from 25% of £180,000 with a 5% deposit on the share
    expect(byId.body).to.include({ fullMarketPrice: 180000, minShareValue: 45000, depositValue: 2250, weeklyRent: null });
    expect(byId.body.localAuthority.name).to.equal('Leeds');
  });

  it('gives minimum prices for the bedroom counts asked for', async () => {
    const res = await api.get(`${BASE}/${L.leedsSO!.id}`, { query: { 'bedrooms[]': ['2', '3'] } });
    expect(res.body).to.include({ fullMarketPrice: 240000, minShareValue: 60000 });
  });

  it('gives a single-property listing its property details', async () => {
    const res = await api.get(`${BASE}/${L.leedsFirst!.id}`);
    expect(res.body.singleProperty).to.equal(true);
    expect(res.body.propertyDetails).to.include({ bedrooms: 2, fullMarketPrice: 200000, depositValue: 10000 });
  });

  it('lists properties, exactly the bedroom counts asked for', async () => {
    const all = await api.get(`${BASE}/${L.leedsSO!.id}/properties`);
    expect(all.body.data.map((p: { bedrooms: number }) => p.bedrooms)).to.deep.equal([1, 2, 3]);
    const two = await api.get(`${BASE}/slug/${L.leedsSO!.slug}/properties`, { query: { 'bedrooms[]': ['2'] } });
    expect(two.body.data.map((p: { bedrooms: number }) => p.bedrooms)).to.deep.equal([2]);
    expect(two.body.data[0]).to.include({ minShareValue: 60000, energyEfficiencyRatingCurrent: 80 });
    expect(two.body.data[0].availabilityStatus).to.deep.equal({ code: 'available', name: 'Available' });
  });

  it('gives full details: listing, properties (empty for a single property) and checkEligibility', async () => {
    const multi = await api.get(`${BASE}/${L.leedsSO!.id}/full-details`);
    expect(multi.body.properties).to.have.length(3);
    expect(multi.body.checkEligibility).to.equal(false);
    const single = await api.get(`${BASE}/slug/${L.leedsFirst!.slug}/full-details`);
    expect(single.body.properties).to.deep.equal([]);
    expect(single.body.listing.id).to.equal(L.leedsFirst!.id);
  });

  it('404s an unknown, unpublished or other-portal listing', async () => {
    expect((await api.get(`${BASE}/999999`)).status).to.equal(404);
    expect((await api.get(`${BASE}/not-a-number`)).status).to.equal(404);
    expect((await api.get(`${BASE}/slug/no-such-slug`)).status).to.equal(404);
    expect((await api.get(`${BASE}/${L.leedsDraft!.id}`)).status).to.equal(404);
    expect((await api.get(`${BASE}/${L.bristolSO!.id}`)).status).to.equal(404);
    expect((await api.get(`${BASE}/${L.bristolSO!.id}`, { headers: { 'Portal-Id': '2' } })).status).to.equal(200);
  });

  it('404s an id beyond the ids\' range, and refuses such a Portal-Id as an unknown portal (422)', async () => {
    for (const id of ['2147483648', '99999999999999999999', '9'.repeat(400)]) expect((await api.get(`${BASE}/${id}`)).status, id).to.equal(404);
    for (const path of [`${BASE}/${L.leedsSO!.id}`, `${BASE}/slug/${L.leedsSO!.slug}/full-details`, `${BASE}/${L.leedsSO!.id}/similar`, '/api/rest/portal/home-featured-listings']) {
      const res = await api.get(path, { headers: { 'Portal-Id': '2147483648' } });
      expect(res.status, path).to.equal(422);
      expect(res.body.errors['Portal-Id']).to.deep.equal(['portal 2147483648 does not exist']);
    }
  });

  it('previews an unpublished listing with ignore_visibility only for its owner or an editor', async () => {
    const path = `${BASE}/${L.leedsDraft!.id}`;
    expect((await api.get(path, { query: { ignore_visibility: '1' } })).status).to.equal(404);
    const stranger = await createAccount();
    expect((await api.get(path, { query: { ignore_visibility: '1', api_key: stranger.key } })).status).to.equal(404);
    expect((await api.get(path, { query: { api_key: fx.account.key } })).status).to.equal(404);
    const owner = await api.get(path, { query: { ignore_visibility: 'true', api_key: fx.account.key } });
    expect(owner.status).to.equal(200);
    expect(owner.body.name).to.equal('Draft Quay');
    const { key } = await new ApiAccountService(testApp().runtime.prisma).createAccount({ name: 'Editor', kind: 'editor', tier: 'basic' });
    expect((await api.get(`${path}/full-details`, { query: { ignore_visibility: '1', api_key: key } })).status).to.equal(200);
  });

  it('finds similar listings: same occupancy type, nearby, never the listing itself', async () => {
    const res = await api.get(`${BASE}/${L.leedsMarket!.id}/similar`);
    expect(res.status).to.equal(200);
    const found = res.body.data.map((i: { id: number }) => i.id);
    expect(found).to.not.include(L.leedsMarket!.id);
    expect(found).to.not.include.members([L.leedsRent!.id, L.leedsRent2!.id, L.leedsDraft!.id]);
    expect(found.length).to.be.at.most(3);
    expect(found).to.include.members([L.leedsSO!.id, L.leedsFirst!.id]);
    const rent = await api.get(`${BASE}/slug/${L.leedsRent!.slug}/similar`, { query: { size: 5 } });
    expect(rent.body.data.map((i: { id: number }) => i.id)).to.deep.equal([L.leedsRent2!.id]);
  });

  it('gives home-featured listings, six by default', async () => {
    const res = await api.get('/api/rest/portal/home-featured-listings');
    expect(res.status).to.equal(200);
    expect(res.body.data.length).to.be.at.most(6).and.above(0);
    expect(res.body.data.every((i: { displayAs: string }) => i.displayAs === 'featured')).to.equal(true);
    expect(res.body.data.map((i: { id: number }) => i.id)).to.not.include(L.bristolSO!.id);
    const two = await api.get('/api/rest/portal/home-featured-listings', { query: { size: 2 } });
    expect(two.body.data.length).to.be.at.most(2);
    expect((await api.get('/api/rest/portal/home-featured-listings', { query: { size: 0 } })).status).to.equal(422);
  });

  it('gives the search lists and ranges', async () => {
    const schemes = await api.get('/search-lists/schemes');
    expect(schemes.body.data.find((s: { name: string }) => s.name === 'Shared Ownership')).to.have.keys('id', 'name');
    const types = await api.get('/search-lists/types');
    expect(types.body.data.map((t: { name: string }) => t.name)).to.include.members(['House', 'Flat']);
    const price = await api.get('/search-ranges/full-market-price');
    expect(price.body.min).to.be.at.most(180000);
    expect(price.body.max).to.be.at.least(450000);
    const rent = await api.get('/search-ranges/monthly-rent');
    expect(rent.body.min).to.be.at.most(950);
  });

  it('refuses malformed bedrooms[] with 422', async () => {
    const res = await api.get(`${BASE}/${L.leedsSO!.id}`, { query: { 'bedrooms[]': ['many'] } });
    expect(res.status).to.equal(422);
    expect(res.body.errors).to.have.property('bedrooms[0]');
    void withKey;
  });
});
