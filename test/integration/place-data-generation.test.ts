// Places right from the moment /ready says `postcodes: national` (PORTAL-EXTRAS §12): an application
// whose gazetteer was loaded while only the sample postcodes were in (the national file's dataset row
// absent, as while `npm start` loads the file beside the running service) gives a county's and a region's
// centre and rectangle from all their postcodes as soon as the file is in: in a new search, in the same
// search asked before (its plan and response kept), and in the place autocomplete, with no restart and
// no wait.
import { expect } from 'chai';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { api } from '../support/api.ts';
import { testApp } from '../support/test-app.ts';
import { P } from '../support/customers.ts';
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
});
