import { expect } from 'chai';
import { api } from '../support/api.ts';

type Place = { id: string; type: string; name: string; label: string; location: string; latitude: number; longitude: number };
const PLACES = '/api/rest/portal/places';
const suggest = async (q: string, size?: number): Promise<Place[]> => {
  const res = await api.get(PLACES, { query: size === undefined ? { q } : { q, size } });
  expect(res.status, q).to.equal(200);
  return res.body.data;
};

describe('place autocomplete', function () {
  this.timeout(60_000);

  it('answers on the portal and open interfaces without sign-in, each item in its shape', async () => {
    for (const prefix of ['/api/rest/portal', '/api/rest/open']) {
      const res = await api.get(`${prefix}/places`, { query: { q: 'leeds' } });
      expect(res.status).to.equal(200);
      expect(res.body).to.have.keys('data');
      expect(res.body.data[0]).to.have.keys('id', 'type', 'name', 'label', 'location', 'latitude', 'longitude');
      expect(res.body.data[0]).to.include({ type: 'local_authority', name: 'Leeds', label: 'Leeds, West Yorkshire' });
    }
  });

  it('suggests every type of place', async () => {
    const firstOf = async (q: string) => (await suggest(q))[0]!;
    expect(await firstOf('North West')).to.include({ type: 'region', name: 'North West' });
    expect(await firstOf('Greater Manchester')).to.include({ type: 'county', name: 'Greater Manchester' });
    expect(await firstOf('Westminster')).to.include({ type: 'local_authority', name: 'Westminster', label: 'Westminster, Greater London' });
    expect(await firstOf('Tynemouth')).to.include({ type: 'town', name: 'Tynemouth' });
    expect(await firstOf('ls2')).to.include({ type: 'district', name: 'LS2', location: 'LS2' });
    expect(await firstOf('SW1A 1AA')).to.include({ type: 'postcode', name: 'SW1A 1AA', label: 'SW1A 1AA, Westminster', location: 'SW1A 1AA' });
  });

  it('gives each place one stable id', async () => {
    const [a, b] = [await suggest('tyne'), await suggest('newcastle upon')];
    const id = a.find((p) => p.name === 'Newcastle upon Tyne')!.id;
    expect(b.find((p) => p.name === 'Newcastle upon Tyne')!.id).to.equal(id);
    const all = await suggest('new', 20);
    expect(new Set(all.map((p) => p.id)).size).to.equal(all.length);
  });

  it('matches a prefix of any word of a name, in any case and without accents', async () => {
    expect((await suggest('tyne')).map((p) => p.name)).to.include('Newcastle upon Tyne');
    expect((await suggest('TYNE')).map((p) => p.id)).to.deep.equal((await suggest('tyne')).map((p) => p.id));
    expect((await suggest('Bôlton'))[0]).to.include({ name: 'Bolton' });
  });

  it('matches postcodes in any case and spacing', async () => {
    for (const q of ['sw1a1aa', 'SW1A 1AA', 'sw1a 1aa', ' Sw1A1aA ']) expect((await suggest(q))[0], q).to.include({ type: 'postcode', name: 'SW1A 1AA' });
    const begun = await suggest('m1 1');
    expect(begun.filter((p) => p.type === 'postcode').length).to.be.greaterThan(0);
    for (const p of begun.filter((p) => p.type === 'postcode')) expect(p.name).to.match(/^M1 1/);
    expect((await suggest('sw1a'))[0]).to.include({ type: 'district', name: 'SW1A' });
  });

  it('resolves every suggestion\'s location in search to the very same centre', async () => {
    const queries = ['north', 'york', 'greater', 'leeds', 'west', 'rich', 'tyne', 'bol', 'ls2', 'm1', 'sw1a 1', 'ls2 7', 'm1 1'];
    const byType = new Map<string, Place[]>();
    for (const q of queries) for (const p of await suggest(q, 20)) byType.set(p.type, [...(byType.get(p.type) ?? []), p]);
    expect([...byType.keys()].sort()).to.deep.equal(['county', 'district', 'local_authority', 'postcode', 'region', 'town']);
    for (const [, places] of byType) {
      for (const p of [...new Map(places.map((x) => [x.id, x])).values()].slice(0, 6)) {
        const res = await api.get('/api/rest/portal/search', { query: { location: p.location, max_featured: 0, size: 1 } });
        expect(res.status).to.equal(200);
        expect(res.body.clearLocation, p.location).to.equal(true);
        expect(res.body.center.lat, p.location).to.be.closeTo(p.latitude, 1e-9);
        expect(res.body.center.lng, p.location).to.be.closeTo(p.longitude, 1e-9);
      }
    }
  });

  it('tells apart places of one name by their label, each resolving to itself', async () => {
    const newcastles = (await suggest('newcastle', 20)).filter((p) => p.name.startsWith('Newcastle'));
    expect(newcastles.length).to.be.greaterThan(2);
    expect(new Set(newcastles.map((p) => p.location)).size).to.equal(newcastles.length);
    expect(new Set(newcastles.map((p) => `${p.latitude},${p.longitude}`)).size).to.equal(newcastles.length);
  });

  it('forgives one wrong, missing or extra letter once q has 4 letters, and none under that', async () => {
    const typos: [string, string][] = [['Manchexter', 'Manchester'], ['Manchster', 'Manchester'], ['Mannchester', 'Manchester'], ['Yorkk', 'York'], ['Yoork', 'York']];
    for (const [q, name] of typos) expect((await suggest(q)).map((p) => p.name), q).to.include(name);
    expect((await suggest('Bolten')).map((p) => p.name)).to.include('Bolton');
    expect((await suggest('Boltn')).map((p) => p.name)).to.include('Bolton');
    expect((await suggest('Bollton')).map((p) => p.name)).to.include('Bolton');
    // 3 letters: "yok" would be one letter from "yo", but no typo is forgiven yet
    expect((await suggest('yok')).map((p) => p.name)).to.not.include('York');
    expect((await suggest('blt')).map((p) => p.name)).to.not.include('Bolton');
    // two typos are too many
    expect((await suggest('Bxltxn')).map((p) => p.name)).to.not.include('Bolton');
  });

  it('gives nothing for q shorter than 2 characters once trimmed', async () => {
    for (const q of ['', 'l', '  l  ', '   ']) expect(await suggest(q), JSON.stringify(q)).to.deep.equal([]);
    expect((await api.get(PLACES)).body).to.deep.equal({ data: [] });
  });

  it('never suggests a place outside the United Kingdom', async () => {
    // names of the towns data outside the United Kingdom, none of them a British place name
    for (const q of ['Toulouse', 'Reykjavik', 'Saint Helier', 'Zaragoza', 'Dublin']) {
      const found = await suggest(q, 20);
      expect(found.map((p) => p.name), q).to.not.include(q);
      for (const p of found) {
        expect(p.latitude).to.be.within(49.8, 60.9);
        expect(p.longitude).to.be.within(-8.7, 1.8);
      }
    }
  });

  it('ranks an exact name first, then broader areas before narrower ones, then larger towns', async () => {
    // the town of York is merged into the same-named local authority, which the national postcode file places
    expect((await suggest('York'))[0]).to.include({ name: 'York', type: 'local_authority' });
    expect((await suggest('manchester')).map((p) => p.name).slice(0, 2)).to.deep.equal(['Manchester', 'Greater Manchester']);
    const tiers = ['region', 'county', 'local_authority', 'town', 'district', 'postcode'];
    const west = await suggest('west', 20);
    const order = west.map((p) => tiers.indexOf(p.type));
    expect(order).to.deep.equal([...order].sort((a, b) => a - b));
    expect(west[0]!.type).to.equal('region');
  });

  it('keeps to size: 8 by default, at most 20, 422 outside 1 to 20', async () => {
    expect(await suggest('st')).to.have.length(8);
    expect(await suggest('st', 20)).to.have.length(20);
    expect(await suggest('st', 1)).to.have.length(1);
    for (const size of ['0', '21', 'many', '2.5']) {
      const res = await api.get(PLACES, { query: { q: 'st', size } });
      expect(res.status, size).to.equal(422);
      expect(res.body.errors).to.have.key('size');
    }
    const long = await api.get(PLACES, { query: { q: 'x'.repeat(101) } });
    expect(long.status).to.equal(422);
    expect(long.body.errors).to.have.key('q');
  });
});
