import { expect } from 'chai';
import { footprintOf, MAX_FOOTPRINT_CHARS, readFootprint, touches, type FootprintSource, type SearchScope } from '../../src/listing-index/index-footprint.ts';

const TRURO = { lat: 50.263195, lon: -5.051041 };
const truroFlat: FootprintSource = { live: true, forSale: false, location: TRURO, localAuthorityId: 7, countyId: 3, regionId: 1 };
const CORNWALL_RECT = { north: 50.8, south: 49.9, east: -4.2, west: -5.8 };

describe('index footprint: what a write can change', () => {
  it('writes each live document once, leaving out those no search shows', () => {
    expect(footprintOf([truroFlat, { ...truroFlat }, null, undefined, { ...truroFlat, live: false }])).to.equal('r50.263195,-5.051041,7,3,1');
    expect(footprintOf([{ live: true, forSale: true, location: null, localAuthorityId: null }])).to.equal('s,,,,');
    expect(footprintOf([])).to.equal('');
  });

  it('gives none for writes too large to announce', () => {
    const many = Array.from({ length: 400 }, (_, i) => ({ ...truroFlat, localAuthorityId: i }));
    expect(footprintOf(many)).to.equal(undefined);
    expect(footprintOf(many.slice(0, 100))!.length).to.be.below(MAX_FOOTPRINT_CHARS);
  });

  it('reads back what it wrote, and refuses what it did not', () => {
    expect(readFootprint('')).to.deep.equal([]);
    expect(readFootprint(footprintOf([truroFlat])!)).to.deep.equal([{ forSale: false, lat: 50.263195, lon: -5.051041, area: { local_authority: 7, county: 3, region: 1 } }]);
    expect(readFootprint('x1,2,3,4,5')).to.equal(null);
    expect(readFootprint('s1,2,3')).to.equal(null);
  });
});

describe('index footprint: whether a change touches a search', () => {
  const rect = (r: typeof CORNWALL_RECT, forSale = false): SearchScope => ({ forSale, where: { rect: r } });
  const area = (type: 'local_authority' | 'county' | 'region', id: number, forSale = false): SearchScope => ({ forSale, where: { area: type, id } });
  const at = (doc: Partial<FootprintSource>) => readFootprint(footprintOf([{ ...truroFlat, ...doc }])!);

  const cases: [string, SearchScope, ReturnType<typeof readFootprint>, boolean][] = [
    ['a home inside the rectangle', rect(CORNWALL_RECT), at({}), true],
    ['a home outside it', rect(CORNWALL_RECT), at({ location: { lat: 54.597, lon: -5.93 } }), false],
    ['a home on its edge', rect({ ...CORNWALL_RECT, north: TRURO.lat }), at({}), true],
    ['a home a hair past its edge (the engine rounds points)', rect({ ...CORNWALL_RECT, north: TRURO.lat - 0.000005 }), at({}), true],
    ['a home a metre past its edge', rect({ ...CORNWALL_RECT, north: TRURO.lat - 0.00002 }), at({}), false],
    ['a home for sale, the search to rent', rect(CORNWALL_RECT), at({ forSale: true }), false],
    ['a home to rent, the search for sale', rect(CORNWALL_RECT, true), at({}), false],
    ['a home without a point (no geo clause takes it)', rect(CORNWALL_RECT), at({ location: null }), false],
    ['a rectangle across the antimeridian holding the point', rect({ north: 51, south: 50, east: -170, west: -6 }), at({}), true],
    ['a rectangle across the antimeridian not holding it', rect({ north: 51, south: 50, east: -170, west: 10 }), at({}), false],
    ['a home in the local authority searched', area('local_authority', 7), at({}), true],
    ['a home in another local authority', area('local_authority', 8), at({}), false],
    ['a home in the county searched', area('county', 3), at({}), true],
    ['a home in the region searched', area('region', 1), at({}), true],
    ['a home in no area', area('region', 1), at({ regionId: null }), false],
    ['nothing written', rect(CORNWALL_RECT), [], false],
    ['a footprint not known', rect(CORNWALL_RECT), null, true],
  ];
  for (const [name, scope, footprint, expected] of cases) {
    it(`${expected ? 'touches' : 'does not touch'} a search: ${name}`, () => expect(touches(scope, footprint)).to.equal(expected));
  }

  it('touches when any document of the footprint does', () => {
    const both = readFootprint(footprintOf([{ ...truroFlat, location: { lat: 54.597, lon: -5.93 } }, truroFlat])!);
    expect(touches(rect(CORNWALL_RECT), both)).to.equal(true);
  });
});
