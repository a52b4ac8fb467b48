// Places right from the moment /ready says `postcodes: national` (PORTAL-EXTRAS §12): an application
// whose gazetteer was loaded while only the sample postcodes were in (the national file's dataset row
// absent, as while `npm start` loads the file beside the running service) gives a county's and a region's
// centre and rectangle from all their postcodes as soon as the file is in: in a new search, in the same
// search asked before (its plan and response kept), in the place autocomplete, and in the alerts of a
// search saved before, with no restart and no wait.
import { expect } from 'chai';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { api } from '../support/api.ts';
import { testApp } from '../support/test-app.ts';
import { P, bearer, passwordCustomer } from '../support/customers.ts';
import { createAccount, eventually, withdrawListingsOf, withKey, type TestAccount } from '../support/factories.ts';
import { buildApp, type BuiltApp } from '../../src/app.ts';
import { lazyGazetteer } from '../../src/places/gazetteer.ts';

interface Rect {
  north: number;
  south: number;
  east: number;
  west: number;
}

// town centres outside Leeds, the one West Yorkshire authority with sample postcodes
const WEST_YORKSHIRE_TOWNS = { bradford: { lat: 53.7954, lng: -1.7541 }, huddersfield: { lat: 53.6458, lng: -1.7850 }, wakefield: { lat: 53.6830, lng: -1.4977 } };
const inside = (rect: Rect, p: { lat: number; lng: number }) => p.lat <= rect.north && p.lat >= rect.south && p.lng <= rect.east && p.lng >= rect.west;

describe('place data from the moment the national postcode file is in', function () {
  this.timeout(120_000);
  let server: Server | null = null;
  let built: BuiltApp | null = null;
  let baseUrl = '';
  let account: TestAccount | null = null;
  let savedId = 0;
  let dataset: Awaited<ReturnType<ReturnType<typeof testApp>['runtime']['prisma']['referenceDataset']['findUniqueOrThrow']>>;

  before(async () => {
    const { runtime } = testApp();
    dataset = await runtime.prisma.referenceDataset.findUniqueOrThrow({ where: { name: 'national-postcodes' } });
    await runtime.prisma.referenceDataset.delete({ where: { name: dataset.name } });
    // an application of its own, with a gazetteer of its own loaded now, before the file is "in"
    built = buildApp({ ...runtime, metrics: null, gazetteer: lazyGazetteer(runtime.prisma) });
    server = built.app.listen(0, '127.0.0.1');
    await new Promise<void>((resolve) => server!.once('listening', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  after(async () => {
    if (account) await withdrawListingsOf(account);
    await testApp().runtime.prisma.referenceDataset.upsert({ where: { name: dataset.name }, create: dataset, update: dataset });
    if (server) await new Promise<void>((resolve) => server!.close(() => resolve()));
    built?.customers.mailer.close();
  });

  const search = (query: Record<string, string | number>) => api.get(`${P}/search`, { baseUrl, query: { size: 1, max_featured: 0, ...query } });
  const suggest = (q: string) => api.get(`${P}/places`, { baseUrl, query: { q } });

  /** The extent of all the postcodes of a county's local authorities, sample and national file. */
  async function extentOf(countyCode: string): Promise<Rect> {
    const [row] = await testApp().runtime.prisma.$queryRawUnsafe<Rect[]>(
      `SELECT max(p.latitude) AS north, min(p.latitude) AS south, max(p.longitude) AS east, min(p.longitude) AS west
       FROM (SELECT latitude, longitude, "localAuthorityCode" AS code FROM "NationalPostcode"
             UNION ALL SELECT p.latitude, p.longitude, l.code FROM "Postcode" p JOIN "LocalAuthority" l ON l.id = p."localAuthorityId") p
       JOIN "LocalAuthority" la ON la.code = p.code JOIN "County" c ON c.id = la."countyId" WHERE c.code = $1`,
      countyCode,
    );
    return row!;
  }

  it('gives West Yorkshire and Kent their whole rectangles at once, in searches asked before too, and suggests Kent', async () => {
    expect((await api.get('/ready')).body).to.include({ postcodes: 'districts' });
    // before: West Yorkshire is Leeds's sample postcodes, Kent is not known (the whole UK is searched)
    for (let i = 0; i < 2; i++) {
      const westYorkshire = await search({ location: 'West Yorkshire', radius: 0 });
      expect(westYorkshire.body.place).to.include({ type: 'county', name: 'West Yorkshire' });
      for (const [town, point] of Object.entries(WEST_YORKSHIRE_TOWNS)) expect(inside(westYorkshire.body.rectBounds, point), `${town} before`).to.equal(false);
      const kent = await search({ location: 'Kent' });
      expect(kent.body.clearLocation).to.equal(false);
      expect(kent.body.place).to.equal(null);
    }
    expect((await suggest('Kent')).body.data.some((s: { type: string }) => s.type === 'county')).to.equal(false);
    // a search saved now keeps West Yorkshire as provisional: the whole UK its coarse box, for now
    const customer = await passwordCustomer();
    const saved = await api.post(`${P}/profile/saved-searches`, { name: 'West Yorkshire', query: { location: 'West Yorkshire', radius: 0 }, alerts: { frequency: 'instant' } }, { ...bearer(customer.accessToken), baseUrl });
    expect(saved.status, saved.text).to.equal(201);
    savedId = saved.body.id;
    const [row] = await testApp().runtime.prisma.$queryRaw<{ filters: string; area: string }[]>`SELECT filters, area::text AS area FROM "SavedSearch" WHERE id = ${savedId}`;
    expect(JSON.parse(row!.filters)).to.include({ provisional: true });
    expect(row!.area).to.equal('(1.77,60.86),(-8.65,49.86)');

    // the file is in: /ready says so, and from then on the places are those of all their postcodes
    await testApp().runtime.prisma.referenceDataset.create({ data: dataset });
    expect((await api.get('/ready')).body).to.include({ postcodes: 'national' });

    const westYorkshire = await search({ location: 'West Yorkshire', radius: 0 });
    const extent = await extentOf('E11000006');
    for (const side of ['north', 'south', 'east', 'west'] as const) expect(westYorkshire.body.rectBounds[side], side).to.be.closeTo(extent[side], 1e-6);
    for (const [town, point] of Object.entries(WEST_YORKSHIRE_TOWNS)) expect(inside(westYorkshire.body.rectBounds, point), `${town} after`).to.equal(true);

    const kent = await search({ location: 'Kent' });
    expect(kent.body.clearLocation).to.equal(true);
    expect(kent.body.place).to.include({ type: 'county', name: 'Kent' });
    const kentExtent = await extentOf('E10000016');
    expect(kent.body.rectBounds.north).to.be.greaterThan(kentExtent.north);
    expect(kent.body.rectBounds.south).to.be.lessThan(kentExtent.south);
    // a search never asked before finds it too
    expect((await search({ location: 'Kent', radius: 0 })).body.place).to.include({ type: 'county', name: 'Kent' });
    expect((await suggest('Kent')).body.data[0]).to.include({ type: 'county', name: 'Kent' });
  });

  it('works the alerts of a search saved before out again: a Bradford home matches West Yorkshire', async () => {
    expect(savedId).to.be.greaterThan(0);
    account = await createAccount({ tier: 'premium' });
    const k = withKey(account);
    expect((await api.put('/api/rest/inventory/developments/generation-bradford', { name: 'Bradford Court', displayAddress: 'Bradford', postcode: 'BD1 1AA', tenure: 'leasehold', newBuild: true }, k)).status).to.equal(201);
    const property = {
      development: 'generation-bradford', propertyNumber: '1', propertyType: 'Apartment', propertyTypeGroup: 'flat', bedrooms: 2, bathrooms: 1, tenure: 'leasehold',
      energyEfficiencyRatingCurrent: 80, energyEfficiencyRatingPotential: 85, environmentalImpactRatingCurrent: 80, environmentalImpactRatingPotential: 85,
      availabilityStatus: 'available', forSale: true, fullMarketPrice: 200000,
    };
    expect((await api.put('/api/rest/inventory/properties/generation-bradford', property, k)).status).to.equal(201);
    const listing = await api.put('/api/rest/listings/generation-bradford', { development: 'generation-bradford', properties: ['generation-bradford'], forSale: true, name: 'Bradford homes', schemes: ['market-sale'] }, k);
    expect(listing.status, listing.text).to.equal(201);
    const { matcher } = built!.alerts;
    const live = await eventually(async () => {
      const found = await matcher.liveEvents([listing.body.id]);
      expect(found.size).to.equal(1);
      return found.get(listing.body.id)!;
    }, 20_000, 200);
    const { prisma } = testApp().runtime;
    const result = await matcher.matchesOf(prisma, live, new Date());
    expect(result.matched.map((m) => m.id)).to.include(savedId);
    const county = await prisma.county.findUniqueOrThrow({ where: { code: 'E11000006' } });
    const filters = JSON.parse((await prisma.savedSearch.findUniqueOrThrow({ where: { id: savedId } })).filters!);
    expect(filters).to.not.have.property('provisional');
    expect(filters).to.deep.include({ within: { kind: 'county', id: county.id } });
  });
});
