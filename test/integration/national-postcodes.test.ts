// Every UK postcode (PORTAL-EXTRAS §12) on the national file as `npm test` loads it: points checked against
// points worked out independently of the service's grid conversion (the ONS's own latitudes and longitudes
// of the sample postcodes, and proj4's transformation of the directory's grid references), local
// authorities against the directory, and the lookup, search and home/work postcodes through the API.
import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import proj4 from 'proj4';
import { api } from '../support/api.ts';
import { testApp } from '../support/test-app.ts';
import { bearer, P, passwordCustomer } from '../support/customers.ts';
import { lazyGazetteer } from '../../src/places/gazetteer.ts';

/** Metres between two points (an equirectangular approximation: exact enough at these distances). */
function metres(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const k = 111_320;
  return Math.hypot((a.lat - b.lat) * k, (a.lng - b.lng) * k * Math.cos((a.lat * Math.PI) / 180));
}

// EPSG:27700 and EPSG:29903 as proj4 defines them (the OS's seven-parameter transformations to WGS84)
proj4.defs('EPSG:27700', '+proj=tmerc +lat_0=49 +lon_0=-2 +k=0.9996012717 +x_0=400000 +y_0=-100000 +ellps=airy +towgs84=446.448,-125.157,542.06,0.15,0.247,0.842,-20.489 +units=m +no_defs');
proj4.defs('EPSG:29903', '+proj=tmerc +lat_0=53.5 +lon_0=-8 +k=1.000035 +x_0=200000 +y_0=250000 +ellps=mod_airy +towgs84=482.5,-130.6,564.6,-1.042,-0.214,-0.631,8.15 +units=m +no_defs');

// the directory's grid references (ONSPD November 2025) and local authorities of postcodes across the four nations
const NAMED: [postcode: string, easting: number, northing: number, authority: string][] = [
  ['W1W 7RG', 529150, 181542, 'Westminster'],
  ['M1 1AE', 384756, 398553, 'Manchester'],
  ['LS1 4AP', 429363, 433330, 'Leeds'],
  ['IV27 4QQ', 235846, 968226, 'Highland'],
  ['BT1 5GS', 333832, 374014, 'Belfast'],
  ['CF10 1EP', 318200, 175860, 'Cardiff'],
  ['ZE2 9AA', 454065, 1162174, 'Shetland Islands'],
  ['HS1 2BW', 142891, 932830, 'Na h-Eileanan Siar'],
  ['TR19 7AA', 134340, 25043, 'Cornwall'],
];

function published(postcode: string, easting: number, northing: number): { lat: number; lng: number } {
  const [lng, lat] = proj4(postcode.startsWith('BT') ? 'EPSG:29903' : 'EPSG:27700', 'WGS84', [easting, northing]);
  return { lat: lat!, lng: lng! };
}

describe('the national postcode file', function () {
  this.timeout(30_000);

  it('holds every UK postcode of the directory with a grid reference, and records the version loaded', async () => {
    const { prisma } = testApp().runtime;
    expect(await prisma.nationalPostcode.count()).to.be.greaterThan(2_600_000);
    expect(await prisma.referenceDataset.findUnique({ where: { name: 'national-postcodes' } })).to.include({ version: '2026.1.1' });
    // the Channel Islands and the Isle of Man are not in the UK's local authorities
    expect(await prisma.nationalPostcode.count({ where: { district: { in: ['JE2', 'GY1', 'IM1'] } } })).to.equal(0);
  });

  it('places the sample postcodes of England, Wales, Scotland and Northern Ireland within 50 m of the ONS points, in their own local authority', async () => {
    const { prisma } = testApp().runtime;
    const rows = parse(readFileSync(path.join(import.meta.dirname, '../../prisma/data/postcodes-sample.csv')), { columns: true }) as Record<string, string>[];
    const live = rows.filter((r) => !r.doterm);
    const nations = new Set<string>();
    for (const r of live) {
      const found = await prisma.nationalPostcode.findUnique({ where: { postcode: r.pcds! } });
      expect(found, r.pcds).to.not.equal(null);
      expect(metres({ lat: found!.latitude, lng: found!.longitude }, { lat: Number(r.lat), lng: Number(r.long) }), r.pcds).to.be.lessThan(50);
      expect(found!.localAuthorityCode, r.pcds).to.equal(r.oslaua);
      nations.add(r.ctry!);
    }
    expect([...nations].sort()).to.deep.equal(['E92000001', 'N92000002', 'S92000003', 'W92000004']);
  });

  for (const [postcode, easting, northing, authority] of NAMED) {
    it(`looks up ${postcode}: ${authority}, and searches and measures from its own point`, async () => {
      const expected = published(postcode, easting, northing);
      const lookup = await api.get(`${P}/postcode/${encodeURIComponent(postcode)}`);
      expect(lookup.status).to.equal(200);
      expect(lookup.body.name).to.equal(authority);

      const res = await api.get(`${P}/search`, { query: { location: postcode.toLowerCase(), home_postcode: postcode.replace(' ', ''), size: 1 } });
      expect(res.status).to.equal(200);
      expect(res.body.place).to.deep.equal({ id: `postcode:${postcode.replace(' ', '')}`, type: 'postcode', name: postcode });
      expect(metres(res.body.center, expected)).to.be.lessThan(50);
      expect(metres({ lat: res.body.home.latitude, lng: res.body.home.longitude }, expected)).to.be.lessThan(50);
    });
  }

  it('answers the open lookup the same way, and suggests the postcodes of a district as the text reaches its inward code', async () => {
    const res = await api.get('/api/rest/open/postcode/W1W%207RG');
    expect(res.status).to.equal(200);
    expect(res.body).to.deep.include({ name: 'Westminster' });
    expect(res.body.county.region.name).to.equal('London');
    const found = await api.get(`${P}/places`, { query: { q: 'iv27 4q', size: 20 } });
    expect(found.status).to.equal(200);
    const names = (found.body.data as { name: string; type: string }[]).filter((p) => p.type === 'postcode').map((p) => p.name);
    expect(names).to.include('IV27 4QQ');
    expect(names.every((n) => n.startsWith('IV27 4Q'))).to.equal(true);
  });

  it('gives a profile postcode from the national file its local authority, and searches from its point', async () => {
    const { prisma } = testApp().runtime;
    expect(await prisma.postcode.findUnique({ where: { postcode: 'IV27 4QQ' } })).to.equal(null);
    const customer = await passwordCustomer({ workPostcode: 'iv27 4qq' });
    const row = await prisma.customer.findUniqueOrThrow({ where: { id: customer.id }, include: { workLocalAuthority: true } });
    expect(row.workLocalAuthority?.name).to.equal('Highland');
    const res = await api.get(`${P}/search`, bearer(customer.accessToken, { query: { size: 1 } }));
    const [, easting, northing] = NAMED.find(([p]) => p === 'IV27 4QQ')!;
    expect(res.body.work.postcode).to.equal('IV27 4QQ');
    expect(metres({ lat: res.body.work.latitude, lng: res.body.work.longitude }, published('IV27 4QQ', easting, northing))).to.be.lessThan(50);
  });

  it('says on /ready, and in the gazetteer, whether the file is in; a gazetteer loaded before it loads again as soon as it is', async () => {
    const { prisma } = testApp().runtime;
    const row = await prisma.referenceDataset.findUniqueOrThrow({ where: { name: 'national-postcodes' } });
    await prisma.referenceDataset.delete({ where: { name: row.name } });
    try {
      expect((await api.get('/ready')).body).to.include({ status: 'ready', postcodes: 'districts' });
      const gazetteer = lazyGazetteer(prisma);
      expect((await gazetteer.loaded()).nationalPostcodes).to.equal(false);
      const before = await gazetteer.generation();
      await prisma.referenceDataset.create({ data: row });
      expect((await gazetteer.loaded()).nationalPostcodes).to.equal(true);
      expect(await gazetteer.generation()).to.equal(before + 1);
    } finally {
      await prisma.referenceDataset.upsert({ where: { name: row.name }, create: row, update: row });
    }
    expect((await api.get('/ready')).body).to.include({ postcodes: 'national' });
  });
});
