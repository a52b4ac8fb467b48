// Regions, counties and local authorities as places (PORTAL-EXTRAS §12): with radius 0 ("this area only") a
// search there means the listings of its local authorities, whatever else lies in its rectangle; with a
// radius above 0 (the default 3 among them) the specification's rule 1 holds as for any place: the
// listings inside its rectangle expanded by the radius, which is the envelope's rectBounds. Its centre and
// rectangle are its own (its postcodes' extent, worked out here in SQL); the envelope names the place.
// Developments are placed by postcodes of the national file only, so their local authority comes from it.
import { expect } from 'chai';
import { api } from '../support/api.ts';
import { createAccount, eventually, withdrawListingsOf, withKey, type TestAccount } from '../support/factories.ts';
import { testApp } from '../support/test-app.ts';
import { bearer, P, passwordCustomer } from '../support/customers.ts';

// one listing a place: each postcode is in the national file and not in the sample
const PLACES = {
  leeds: 'LS1 4AP', // Leeds, West Yorkshire, Yorkshire and The Humber
  wakefield: 'WF1 1AA', // Wakefield, West Yorkshire
  doncaster: 'DN1 1AA', // Doncaster, South Yorkshire
  burnley: 'BB11 1AA', // Burnley, Lancashire, North West: inside Yorkshire's rectangle, not in Yorkshire
  maidstone: 'ME14 1AA', // Maidstone, Kent
  bexley: 'DA5 1AA', // Bexley, Greater London: inside Kent's rectangle, not in Kent
} as const;
type PlaceName = keyof typeof PLACES;

interface Rect {
  north: number;
  south: number;
  east: number;
  west: number;
}

const search = (location: string, query: Record<string, unknown> = {}) => api.get(`${P}/search`, { query: { location, size: 100, max_featured: 0, ...query } });

/** The extent of the postcodes of the local authorities of a region, county or local authority. */
async function extentOf(where: string, code: string): Promise<Rect> {
  const { prisma } = testApp().runtime;
  const [row] = await prisma.$queryRawUnsafe<Rect[]>(
    `SELECT max(p.latitude) AS north, min(p.latitude) AS south, max(p.longitude) AS east, min(p.longitude) AS west
     FROM (SELECT latitude, longitude, "localAuthorityCode" AS code FROM "NationalPostcode"
           UNION ALL SELECT p.latitude, p.longitude, l.code FROM "Postcode" p JOIN "LocalAuthority" l ON l.id = p."localAuthorityId") p
     JOIN "LocalAuthority" la ON la.code = p.code JOIN "County" c ON c.id = la."countyId" JOIN "Region" r ON r.id = c."regionId"
     WHERE ${where} = $1`,
    code,
  );
  return row!;
}

const inside = (rect: Rect, p: { lat: number; lng: number }) => p.lat <= rect.north && p.lat >= rect.south && p.lng <= rect.east && p.lng >= rect.west;

/** The rectangle widened by `miles` on each side: 69 miles a degree of latitude, fewer of longitude by the cosine of its middle. */
function widened(rect: Rect, miles: number): Rect {
  const dLat = miles / 69;
  const dLng = miles / (69 * Math.cos((((rect.north + rect.south) / 2) * Math.PI) / 180));
  return { north: rect.north + dLat, south: rect.south - dLat, east: rect.east + dLng, west: rect.west - dLng };
}

describe('regions, counties and local authorities as places', function () {
  this.timeout(60_000);
  const ids = {} as Record<PlaceName, number>;
  const points = {} as Record<PlaceName, { lat: number; lng: number }>;

  let account: TestAccount;

  after(() => withdrawListingsOf(account));

  before(async () => {
    account = await createAccount({ tier: 'premium' });
    const k = withKey(account);
    for (const [name, postcode] of Object.entries(PLACES) as [PlaceName, string][]) {
      const dev = await api.put(`/api/rest/inventory/developments/area-${name}`, { name: `Area ${name}`, displayAddress: `Near ${postcode}`, postcode, tenure: 'leasehold', newBuild: true }, k);
      expect(dev.status, `${name} development ${JSON.stringify(dev.body)}`).to.be.oneOf([200, 201]);
      points[name] = { lat: dev.body.latitude, lng: dev.body.longitude };
      const property = {
        development: `area-${name}`, propertyNumber: '1', propertyType: 'Apartment', propertyTypeGroup: 'flat', bedrooms: 2, bathrooms: 1, tenure: 'leasehold',
        energyEfficiencyRatingCurrent: 80, energyEfficiencyRatingPotential: 85, environmentalImpactRatingCurrent: 80, environmentalImpactRatingPotential: 85,
        availabilityStatus: 'available', forSale: true, fullMarketPrice: 200000,
      };
      expect((await api.put(`/api/rest/inventory/properties/area-${name}`, property, k)).status).to.be.oneOf([200, 201]);
      const listing = await api.put(`/api/rest/listings/area-${name}`, { development: `area-${name}`, properties: [`area-${name}`], forSale: true, name: `Area homes ${name}`, schemes: ['market-sale'] }, k);
      expect(listing.status, JSON.stringify(listing.body)).to.be.oneOf([200, 201]);
      ids[name] = listing.body.id;
    }
    const { prisma, search: engine, listingIndex } = testApp().runtime;
    await eventually(async () => {
      if ((await prisma.listingOutbox.count()) > 0) throw new Error('outbox not drained yet');
    }, 20_000);
    await engine.indices.refresh({ index: listingIndex.alias });
  });

  const found = (body: { data: { id: number }[] }) => {
    const mine = new Map(Object.entries(ids).map(([name, id]) => [id, name as PlaceName]));
    return body.data.map((i) => mine.get(i.id)).filter((n): n is PlaceName => n !== undefined).sort();
  };

  const cases: [location: string, type: string, name: string, where: string, code: string, expected: PlaceName[], nearby: PlaceName][] = [
    ['Yorkshire', 'region', 'Yorkshire and The Humber', 'r.code', 'E12000003', ['doncaster', 'leeds', 'wakefield'], 'burnley'],
    ['Yorkshire and the Humber', 'region', 'Yorkshire and The Humber', 'r.code', 'E12000003', ['doncaster', 'leeds', 'wakefield'], 'burnley'],
    ['West Yorkshire', 'county', 'West Yorkshire', 'c.code', 'E11000006', ['leeds', 'wakefield'], 'doncaster'],
    ['kent', 'county', 'Kent', 'c.code', 'E10000016', ['maidstone'], 'bexley'],
    ['Leeds', 'local_authority', 'Leeds', 'la.code', 'E08000035', ['leeds'], 'wakefield'],
  ];
  for (const [location, type, name, where, code, expected, nearby] of cases) {
    it(`searches ${location} with radius 0 as the listings of ${name}'s local authorities, with its own centre and rectangle`, async () => {
      const extent = await extentOf(where, code);
      const res = await search(location, { radius: 0 });
      expect(res.status).to.equal(200);
      expect(res.body.clearLocation).to.equal(true);
      expect(res.body.place).to.include({ type, name });
      expect(found(res.body), `${location} radius 0`).to.deep.equal(expected);
      for (const side of ['north', 'south', 'east', 'west'] as const) expect(res.body.rectBounds[side], side).to.be.closeTo(extent[side], 1e-6);
      expect(res.body.center.lat).to.be.closeTo((extent.north + extent.south) / 2, 1e-6);
      expect(res.body.center.lng).to.be.closeTo((extent.east + extent.west) / 2, 1e-6);
      // the listing left out lies inside the area's rectangle or within 40 miles of it: a radius reaches it
      expect(inside(widened(extent, 40), points[nearby]), `${nearby} is near ${location}`).to.equal(true);
    });

    it(`searches ${location} with a radius (the default 3, or 40) as its rectangle expanded by the radius`, async () => {
      const extent = await extentOf(where, code);
      for (const radius of [undefined, 40]) {
        const rect = widened(extent, radius ?? 3);
        const res = await search(location, radius === undefined ? {} : { radius });
        expect(res.status).to.equal(200);
        expect(res.body.place).to.include({ type, name });
        for (const side of ['north', 'south', 'east', 'west'] as const) expect(res.body.rectBounds[side], `${location} ${radius} ${side}`).to.be.closeTo(rect[side], 1e-5);
        expect(res.body.center.lat).to.be.closeTo((extent.north + extent.south) / 2, 1e-6);
        expect(res.body.center.lng).to.be.closeTo((extent.east + extent.west) / 2, 1e-6);
        const within = (Object.keys(PLACES) as PlaceName[]).filter((n) => inside(rect, points[n])).sort();
        expect(found(res.body), `${location} radius ${radius}`).to.deep.equal(within);
        expect(within).to.include.members(expected);
      }
      // 40 miles reach the listing the area alone leaves out
      expect(found((await search(location, { radius: 40 })).body)).to.include(nearby);
    });
  }

  it('suggests them in the place autocomplete, and each suggestion searches that very place', async () => {
    for (const [q, type, name] of [
      ['Yorkshire', 'region', 'Yorkshire and The Humber'],
      ['north west', 'region', 'North West'],
      ['Scotland', 'region', 'Scotland'],
      ['west yorks', 'county', 'West Yorkshire'],
      ['Kent', 'county', 'Kent'],
      ['Leeds', 'local_authority', 'Leeds'],
    ] as const) {
      const res = await api.get(`${P}/places`, { query: { q } });
      const suggestion = (res.body.data as { type: string; name: string; location: string; latitude: number; longitude: number }[])[0]!;
      expect(suggestion, q).to.include({ type, name });
      const searched = await search(suggestion.location);
      expect(searched.body.place, q).to.include({ type, name });
      expect(searched.body.center, q).to.deep.equal({ lat: suggestion.latitude, lng: suggestion.longitude });
    }
  });

  it('says which place a town, a district or nothing was understood as', async () => {
    expect((await search('LS1')).body.place).to.deep.equal({ id: 'district:LS1', type: 'district', name: 'LS1' });
    expect((await search('Yeadon')).body.place).to.include({ type: 'town', name: 'Yeadon' });
    const none = await search('zzzz');
    expect(none.body.place).to.equal(null);
    expect(none.body.clearLocation).to.equal(false);
    expect((await api.get(`${P}/search`)).body.place).to.equal(null);
  });

  it('keeps a saved search of a region with radius 0 to its listings, and one with a radius to its expanded rectangle, for the alerts', async () => {
    const customer = await passwordCustomer();
    const { prisma } = testApp().runtime;
    const region = await prisma.region.findUniqueOrThrow({ where: { code: 'E12000003' } });
    const extent = await extentOf('r.code', 'E12000003');
    const only = await api.post(`${P}/profile/saved-searches`, { name: 'Yorkshire only', query: { location: 'Yorkshire', radius: 0 } }, bearer(customer.accessToken));
    expect(only.status).to.equal(201);
    const onlyFilters = JSON.parse((await prisma.savedSearch.findUniqueOrThrow({ where: { id: only.body.id } })).filters!);
    expect(onlyFilters).to.deep.include({ within: { kind: 'region', id: region.id } });
    for (const side of ['north', 'south', 'east', 'west'] as const) expect(onlyFilters.rect[side], side).to.be.closeTo(extent[side], 1e-6);

    const around = await api.post(`${P}/profile/saved-searches`, { name: 'Yorkshire and around', query: { location: 'Yorkshire' } }, bearer(customer.accessToken));
    expect(around.status).to.equal(201);
    const aroundFilters = JSON.parse((await prisma.savedSearch.findUniqueOrThrow({ where: { id: around.body.id } })).filters!);
    expect(aroundFilters).to.not.have.property('within');
    const rect = widened(extent, 3);
    for (const side of ['north', 'south', 'east', 'west'] as const) expect(aroundFilters.rect[side], side).to.be.closeTo(rect[side], 1e-5);
  });
});
