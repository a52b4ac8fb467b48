// Material information (docs/search.md#material-information): the two sync fields, REST and bulk, their
// validation, property and listing details, the EPC bands at every boundary, the price per square
// metre, and the four search filters with their facets, on the real engine.
import { expect } from 'chai';
import { api } from '../support/api.ts';
import { createAccount, developmentPayload, listingPayload, propertyPayload, withKey, type TestAccount } from '../support/factories.ts';

const P = '/api/rest/portal';
const PROPERTIES = '/api/rest/inventory/properties';
type Facet = { param: string; options: { value: unknown; text: string; count: number }[] };

// the boundaries of the EPC bands, each with the band it is in
const BOUNDARIES: [number, string][] = [[92, 'A'], [91, 'B'], [81, 'B'], [80, 'C'], [69, 'C'], [68, 'D'], [55, 'D'], [54, 'E'], [39, 'E'], [38, 'F'], [21, 'F'], [20, 'G']];

describe('material information', function () {
  this.timeout(60_000);
  let account: TestAccount;
  const ids: Record<string, number> = {};
  // only this test's listings: the NG11 postcode district, whose extent holds no other test's listings
  const search = (query: Record<string, unknown> = {}) => api.get(`${P}/search`, { query: { location: 'NG11', radius: 0, max_featured: 0, size: 50, ...query } });
  const found = async (query: Record<string, unknown>) => {
    const res = await search(query);
    expect(res.status, JSON.stringify(res.body)).to.equal(200);
    return (res.body.data as { id: number }[]).map((i) => i.id).sort((a, b) => a - b);
  };

  before(async () => {
    account = await createAccount({ tier: 'premium' });
    const k = withKey(account);
    await api.put('/api/rest/inventory/developments/mi-dev', developmentPayload({ postcode: 'NG11 7ET', displayAddress: 'Clifton, Nottingham' }), k);
    // REST: a leasehold flat with every field
    const flat = propertyPayload('mi-dev', {
      isSharedOwnership: false,
      fullMarketPrice: 250_000,
      floorArea: 72.5,
      councilTaxBand: 'C',
      broadbandMbps: 910.5,
      leaseYears: 125,
      monthlyServiceCharge: 120,
      annualGroundRent: 10,
      energyEfficiencyRatingCurrent: 84,
    });
    expect((await api.put(`${PROPERTIES}/mi-flat`, flat, k)).status).to.equal(201);
    // bulk: the top band, a house with no service charge, a home to rent, and one property per EPC boundary
    const bulk = await api.post(
      '/api/bulk/inventory/properties',
      {
        data: [
          { externalRef: 'mi-house', ...propertyPayload('mi-dev', { tenure: 'freehold', leaseYears: null, isSharedOwnership: false, fullMarketPrice: 400_000, floorArea: 120, councilTaxBand: 'H', broadbandMbps: 30, energyEfficiencyRatingCurrent: 60, propertyTypeGroup: 'house' }) },
          { externalRef: 'mi-rent', ...propertyPayload('mi-dev', { forSale: false, isSharedOwnership: false, fullMarketPrice: null, monthlyRent: 900, floorArea: 50, councilTaxBand: 'B', monthlyServiceCharge: 80, energyEfficiencyRatingCurrent: 70 }) },
          ...BOUNDARIES.map(([rating]) => ({ externalRef: `mi-epc-${rating}`, ...propertyPayload('mi-dev', { energyEfficiencyRatingCurrent: rating, isSharedOwnership: false, floorArea: null }) })),
        ],
      },
      k,
    );
    expect(bulk.status).to.equal(200);
    expect(bulk.body.data.every((r: { status: string }) => r.status === 'created'), JSON.stringify(bulk.body)).to.equal(true);
    const listings: Record<string, [string[], boolean]> = {
      flat: [['mi-flat'], true],
      house: [['mi-house'], true],
      rent: [['mi-rent'], false],
      epc: [BOUNDARIES.map(([rating]) => `mi-epc-${rating}`), true],
    };
    for (const [ref, [properties, forSale]] of Object.entries(listings)) {
      const res = await api.put(`/api/rest/listings/mi-${ref}`, listingPayload('mi-dev', properties, { name: `Clifton ${ref}`, forSale, eligibility: {}, schemes: [forSale ? 'market-sale' : 'market-rent'] }), withKey(account, { refresh: 'wait_for' }));
      expect(res.status, JSON.stringify(res.body)).to.equal(201);
      ids[ref] = res.body.id;
    }
  });

  it('takes both fields through the sync interface and gives them back', async () => {
    const rest = await api.get(`${PROPERTIES}/mi-flat`, withKey(account));
    expect(rest.body).to.include({ councilTaxBand: 'C', broadbandMbps: 910.5 });
    const bulk = await api.get(`${PROPERTIES}/mi-house`, withKey(account));
    expect(bulk.body).to.include({ councilTaxBand: 'H', broadbandMbps: 30 });
    // both optional: a property without them has them null
    expect((await api.get(`${PROPERTIES}/mi-epc-92`, withKey(account))).body).to.include({ councilTaxBand: null, broadbandMbps: null });
  });

  it('shows materialInformation on property details, and the bands on listing details', async () => {
    const flat = await api.get(`${P}/listings/${ids.flat}`);
    expect(flat.body.propertyDetails.materialInformation).to.deep.equal({
      councilTaxBand: 'C',
      epcBand: 'B',
      tenure: 'leasehold',
      leaseYears: 125,
      monthlyServiceCharge: 120,
      annualGroundRent: 10,
      floorArea: 72.5,
      // 250,000 / 72.5 = 3448.27…
      pricePerSquareMetre: 3448,
      broadbandMbps: 910.5,
    });
    expect(flat.body).to.include.keys('councilTaxBands', 'epcBands');
    expect(flat.body.councilTaxBands).to.deep.equal(['C']);
    expect(flat.body.epcBands).to.deep.equal(['B']);
    const house = (await api.get(`${P}/listings/${ids.house}`)).body.propertyDetails.materialInformation;
    expect(house).to.include({ councilTaxBand: 'H', epcBand: 'D', tenure: 'freehold', leaseYears: null, pricePerSquareMetre: 3333 });
    // to rent: no price per square metre, no service charge (a sale price)
    const rent = (await api.get(`${P}/listings/${ids.rent}`)).body.propertyDetails.materialInformation;
    expect(rent).to.include({ epcBand: 'C', pricePerSquareMetre: null, monthlyServiceCharge: null, floorArea: 50 });
  });

  it('bands every EPC boundary as certificates do', async () => {
    const full = await api.get(`${P}/listings/${ids.epc}/full-details`);
    const bands = Object.fromEntries(
      (full.body.properties as { energyEfficiencyRatingCurrent: number; materialInformation: { epcBand: string; pricePerSquareMetre: number | null } }[]).map((p) => [p.energyEfficiencyRatingCurrent, p.materialInformation.epcBand]),
    );
    expect(bands).to.deep.equal(Object.fromEntries(BOUNDARIES));
    expect(full.body.listing.epcBands).to.deep.equal(['A', 'B', 'C', 'D', 'E', 'F', 'G']);
    // no floor area: no price per square metre
    expect(full.body.properties[0].materialInformation.pricePerSquareMetre).to.equal(null);
  });

  it('filters by EPC and council tax bands, floor area and service charge', async () => {
    expect(await found({ 'epc_bands[]': 'A' })).to.deep.equal([ids.epc]);
    expect(await found({ 'epc_bands[]': ['B', 'D'] })).to.deep.equal([ids.flat!, ids.house!, ids.epc!].sort((a, b) => a - b));
    expect(await found({ 'council_tax_bands[]': 'H' })).to.deep.equal([ids.house]);
    expect(await found({ 'council_tax_bands[]': 'B', occupancy_type: 'to-rent' })).to.deep.equal([ids.rent]);
    expect(await found({ min_floor_area: 100 })).to.deep.equal([ids.house]);
    expect(await found({ min_floor_area: 72.5 })).to.deep.equal([ids.flat!, ids.house!].sort((a, b) => a - b));
    expect(await found({ max_service_charge: 119 })).to.deep.equal([]);
    expect(await found({ max_service_charge: 120 })).to.deep.equal([ids.flat]);
    expect(await found({ min_floor_area: 25, occupancy_type: 'to-rent' })).to.deep.equal([ids.rent]);
  });

  it('counts the band facets like the others: properties, each facet without its own selection', async () => {
    const facet = (body: { facets: Facet[] }, param: string) => Object.fromEntries(body.facets.find((f) => f.param === param)!.options.map((o) => [o.value, o.count]));
    const all = await search();
    // for sale: the flat (B), the house (D) and the twelve boundary properties (1 A, 2 B, 2 C, 2 D, 2 E, 2 F, 1 G)
    expect(facet(all.body, 'epc_bands')).to.deep.equal({ A: 1, B: 3, C: 2, D: 3, E: 2, F: 2, G: 1 });
    expect(facet(all.body, 'council_tax_bands')).to.include({ C: 1, H: 1, A: 0, I: 0 });
    const texts = all.body.facets.find((f: Facet) => f.param === 'epc_bands').options.map((o: { text: string }) => o.text);
    expect(texts[0]).to.equal('Band A');
    const selected = await search({ 'epc_bands[]': 'A' });
    // its own selection left out, the other facets counted under it
    expect(facet(selected.body, 'epc_bands')).to.deep.equal({ A: 1, B: 3, C: 2, D: 3, E: 2, F: 2, G: 1 });
    expect(facet(selected.body, 'council_tax_bands')).to.include({ C: 0, H: 0 });
    expect(facet(selected.body, 'bedrooms')[2]).to.equal(1);
  });

  it('refuses bad values with 422 and errors per field', async () => {
    const k = withKey(account);
    const bad = await api.put(`${PROPERTIES}/mi-bad`, propertyPayload('mi-dev', { councilTaxBand: 'J', broadbandMbps: -1 }), k);
    expect(bad.status).to.equal(422);
    expect(bad.body.errors).to.have.keys('councilTaxBand', 'broadbandMbps');
    const words = await api.put(`${PROPERTIES}/mi-bad`, propertyPayload('mi-dev', { councilTaxBand: 3, broadbandMbps: 'fast' }), k);
    expect(words.status).to.equal(422);
    expect(words.body.errors).to.have.keys('councilTaxBand', 'broadbandMbps');
    const lower = await api.put(`${PROPERTIES}/mi-bad`, propertyPayload('mi-dev', { councilTaxBand: 'c' }), k);
    expect(lower.body.errors).to.have.property('councilTaxBand');
    const bulk = await api.post('/api/bulk/inventory/properties', { data: [{ externalRef: 'mi-bad', ...propertyPayload('mi-dev', { councilTaxBand: 'Z' }) }] }, k);
    expect(bulk.body.data[0].status).to.equal('failed');
    expect(bulk.body.data[0].errors).to.have.property('councilTaxBand');

    const refused = await search({ 'epc_bands[]': 'H', 'council_tax_bands[]': 'J', min_floor_area: -1 });
    expect(refused.status).to.equal(422);
    expect(refused.body.errors).to.include.keys('epc_bands[0]', 'council_tax_bands[0]', 'min_floor_area');
    const toRent = await search({ occupancy_type: 'to-rent', max_service_charge: 100 });
    expect(toRent.status).to.equal(422);
    expect(toRent.body.errors).to.have.property('max_service_charge');
  });

  it('takes band I for properties in Wales only, told by the development\'s local authority', async () => {
    const k = withKey(account);
    // Cardiff (its local authority from the postcode), and a development whose local authority is not known
    expect((await api.put('/api/rest/inventory/developments/mi-wales', developmentPayload({ postcode: 'CF3 0BD', displayAddress: 'Rumney, Cardiff' }), k)).status).to.equal(201);
    const unknownPlace = developmentPayload({ postcode: 'YY1 1AA', latitude: 52.1, longitude: -1.5, displayAddress: 'Somewhere' });
    expect((await api.put('/api/rest/inventory/developments/mi-nowhere', unknownPlace, k)).status).to.equal(201);

    const welsh = await api.put(`${PROPERTIES}/mi-welsh`, propertyPayload('mi-wales', { councilTaxBand: 'I' }), k);
    expect(welsh.status, JSON.stringify(welsh.body)).to.equal(201);
    expect(welsh.body).to.include({ councilTaxBand: 'I' });
    // England (Nottingham, East Midlands): 422, the band named and the region said
    const english = await api.put(`${PROPERTIES}/mi-english-i`, propertyPayload('mi-dev', { councilTaxBand: 'I' }), k);
    expect(english.status).to.equal(422);
    expect(english.body.errors).to.have.keys('councilTaxBand');
    expect(english.body.errors.councilTaxBand[0]).to.match(/Wales only/).and.match(/East Midlands/);
    expect((await api.get(`${PROPERTIES}/mi-english-i`, k)).status).to.equal(404);
    // H is a band everywhere
    expect((await api.put(`${PROPERTIES}/mi-english-i`, propertyPayload('mi-dev', { councilTaxBand: 'H' }), k)).status).to.equal(201);
    const unknown = await api.put(`${PROPERTIES}/mi-nowhere-i`, propertyPayload('mi-nowhere', { councilTaxBand: 'I' }), k);
    expect(unknown.status).to.equal(422);
    expect(unknown.body.errors.councilTaxBand[0]).to.match(/local authority is not known/);

    const bulk = await api.post(
      '/api/bulk/inventory/properties',
      { data: [{ externalRef: 'mi-welsh-2', ...propertyPayload('mi-wales', { councilTaxBand: 'I' }) }, { externalRef: 'mi-english-i', ...propertyPayload('mi-dev', { councilTaxBand: 'I' }) }] },
      k,
    );
    expect(bulk.status).to.equal(200);
    expect(bulk.body.data.map((r: { status: string }) => r.status)).to.deep.equal(['created', 'failed']);
    expect(bulk.body.data[1].errors.councilTaxBand[0]).to.match(/Wales only/);
    // the refused write left the property as it was
    expect((await api.get(`${PROPERTIES}/mi-english-i`, k)).body).to.include({ councilTaxBand: 'H' });
  });
});
