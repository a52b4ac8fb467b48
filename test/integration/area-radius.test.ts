// A local authority, county or region with a radius (PORTAL-EXTRAS §12, the specification's search rule
// 1): "Manchester, within 15 miles" holds a home in Swinton, in Salford, 4.6 miles from Manchester's
// centre; "Manchester, this area only" (radius 0) does not. The saved search's alert matching (its
// predicate over the listing's index document) reads the same area.
import { expect } from 'chai';
import { api } from '../support/api.ts';
import { createAccount, eventually, withdrawListingsOf, withKey, type TestAccount } from '../support/factories.ts';
import { testApp } from '../support/test-app.ts';
import { bearer, P, passwordCustomer } from '../support/customers.ts';
import { listingPredicate, prepareListing } from '../../src/listing-index/predicate/listing-predicate.ts';
import { paramsOfFilters, type SavedFilters } from '../../src/saved-searches/saved-search-criteria.ts';

const SWINTON = 'M27 4AA'; // Swinton, City of Salford: in the national file, not in the sample

describe('a local authority searched with a radius', function () {
  this.timeout(60_000);
  let account: TestAccount;
  let listingId: number;
  let point: { lat: number; lng: number };

  before(async () => {
    account = await createAccount({ tier: 'premium' });
    const k = withKey(account);
    const dev = await api.put('/api/rest/inventory/developments/radius-swinton', { name: 'Swinton Court', displayAddress: 'Swinton', postcode: SWINTON, tenure: 'leasehold', newBuild: true }, k);
    expect(dev.status, JSON.stringify(dev.body)).to.be.oneOf([200, 201]);
    point = { lat: dev.body.latitude, lng: dev.body.longitude };
    const property = {
      development: 'radius-swinton', propertyNumber: '1', propertyType: 'Apartment', propertyTypeGroup: 'flat', bedrooms: 2, bathrooms: 1, tenure: 'leasehold',
      energyEfficiencyRatingCurrent: 80, energyEfficiencyRatingPotential: 85, environmentalImpactRatingCurrent: 80, environmentalImpactRatingPotential: 85,
      availabilityStatus: 'available', forSale: true, fullMarketPrice: 200000,
    };
    expect((await api.put('/api/rest/inventory/properties/radius-swinton', property, k)).status).to.be.oneOf([200, 201]);
    const listing = await api.put('/api/rest/listings/radius-swinton', { development: 'radius-swinton', properties: ['radius-swinton'], forSale: true, name: 'Swinton homes', schemes: ['market-sale'] }, k);
    expect(listing.status, JSON.stringify(listing.body)).to.be.oneOf([200, 201]);
    listingId = listing.body.id;
    await eventually(async () => {
      const res = await api.get(`${P}/search`, { query: { location: SWINTON, radius: 1, size: 100, max_featured: 0 } });
      expect(res.body.data.map((i: { id: number }) => i.id)).to.include(listingId);
    }, 20_000, 200);
  });
  after(() => withdrawListingsOf(account));

  const search = (radius: number) => api.get(`${P}/search`, { query: { location: 'Manchester', radius, size: 100, max_featured: 0 } });
  const ids = (body: { data: { id: number }[] }) => body.data.map((i) => i.id);

  it('finds the Swinton home within 15 miles of Manchester, in the rectangle expanded by 15 miles, and not in Manchester alone', async () => {
    expect(point.lat).to.be.closeTo(53.5106, 0.001);
    expect(point.lng).to.be.closeTo(-2.3367, 0.001);
    const alone = await search(0);
    expect(alone.body.place).to.include({ type: 'local_authority', name: 'Manchester' });
    expect(ids(alone.body)).to.not.include(listingId);

    const wide = await search(15);
    expect(wide.body.place).to.include({ type: 'local_authority', name: 'Manchester' });
    expect(ids(wide.body)).to.include(listingId);
    // rectBounds: Manchester's own rectangle (radius 0) widened by 15 miles, 69 miles to a degree of latitude
    const own = alone.body.rectBounds;
    const dLng = 15 / (69 * Math.cos((((own.north + own.south) / 2) * Math.PI) / 180));
    expect(wide.body.rectBounds.north).to.be.closeTo(own.north + 15 / 69, 1e-5);
    expect(wide.body.rectBounds.south).to.be.closeTo(own.south - 15 / 69, 1e-5);
    expect(wide.body.rectBounds.east).to.be.closeTo(own.east + dLng, 1e-5);
    expect(wide.body.rectBounds.west).to.be.closeTo(own.west - dLng, 1e-5);
    expect(wide.body.center).to.deep.equal(alone.body.center);
  });

  it("matches the saved searches' alerts the same way: within 15 miles yes, Manchester alone no", async () => {
    const customer = await passwordCustomer();
    const { prisma, search: engine, listingIndex } = testApp().runtime;
    const doc = await engine.get<Record<string, unknown>>({ index: listingIndex.alias, id: String(listingId) });
    const listing = prepareListing(doc._source!, new Date());
    for (const [radius, matches] of [[15, true], [0, false]] as const) {
      const saved = await api.post(`${P}/profile/saved-searches`, { name: `Manchester ${radius}`, query: { location: 'Manchester', radius } }, bearer(customer.accessToken));
      expect(saved.status, saved.text).to.equal(201);
      const row = await prisma.savedSearch.findUniqueOrThrow({ where: { id: saved.body.id } });
      const filters = JSON.parse(row.filters!) as SavedFilters;
      const verdict = listingPredicate(paramsOfFilters(filters), filters.rect, filters.within ?? null).test(listing, { portalId: row.portalId, allowedExtraFilters: [], eligibility: null });
      expect(verdict, `radius ${radius}`).to.equal(matches);
    }
  });
});
