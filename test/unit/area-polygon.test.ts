import { expect } from 'chai';
import { AREA_PATTERN, geoJsonRing, parseAreaPolygon, segmentsIntersect } from '../../src/search-criteria/area-polygon.ts';
import { parseSearchParams } from '../../src/search-criteria/search-params.ts';
import { ValidationError } from '../../src/core/errors.ts';

const text = (points: [number, number][]) => points.map(([lat, lng]) => `${lat},${lng}`).join(';');
const ok = (t: string) => {
  const r = parseAreaPolygon(t);
  if (!r.polygon) throw new Error(`refused: ${r.error}`);
  return r.polygon;
};
const refused = (t: string) => {
  const r = parseAreaPolygon(t);
  expect(r.polygon, t).to.equal(undefined);
  return r.error!;
};
/** twice the signed area of a ring, x = lng, y = lat (positive: counter-clockwise) */
const signed = (ring: { lat: number; lng: number }[]) => ring.reduce((s, a, i) => s + a.lng * ring[(i + 1) % ring.length]!.lat - ring[(i + 1) % ring.length]!.lng * a.lat, 0);

// an L: three quarters of a 2 x 2 square, counter-clockwise
const L_SHAPE: [number, number][] = [
  [0, 0],
  [0, 2],
  [1, 2],
  [1, 1],
  [2, 1],
  [2, 0],
];

describe('area polygon', () => {
  it('reads a triangle, with its centroid and bounding box', () => {
    const p = ok('51.5,-0.2;51.5,0.1;51.8,-0.05');
    expect(p.vertices).to.have.length(3);
    expect(p.bounds).to.deep.equal({ north: 51.8, south: 51.5, east: 0.1, west: -0.2 });
    expect(p.centroid.lat).to.be.closeTo(51.6, 1e-6);
    expect(p.centroid.lng).to.be.closeTo(-0.05, 1e-6);
  });

  it('turns a clockwise ring counter-clockwise and keeps a counter-clockwise one as it is', () => {
    const ccw = text(L_SHAPE); // lat up, lng right: (0,0) → (0,2) → (1,2) … runs counter-clockwise
    const cw = text([...L_SHAPE].reverse());
    expect(signed(ok(cw).vertices)).to.be.greaterThan(0);
    expect(signed(ok(ccw).vertices)).to.be.greaterThan(0);
    expect(ok(ccw).vertices).to.deep.equal(L_SHAPE.map(([lat, lng]) => ({ lat, lng })));
    expect(ok(cw).vertices).to.have.deep.members(ok(ccw).vertices);
  });

  it('takes a concave polygon, with the centroid of its surface', () => {
    const p = ok(text(L_SHAPE));
    expect(p.vertices).to.have.length(6);
    expect(p.bounds).to.deep.equal({ north: 2, south: 0, east: 2, west: 0 });
    // three unit squares centred (0.5, 0.5), (0.5, 1.5), (1.5, 0.5): the centroid is their mean
    expect(p.centroid.lat).to.be.closeTo(5 / 6, 1e-6);
    expect(p.centroid.lng).to.be.closeTo(5 / 6, 1e-6);
  });

  it('gives the engine a closed GeoJSON ring of [lng, lat]', () => {
    const ring = geoJsonRing(ok('0,0;0,1;1,0'));
    expect(ring).to.have.length(4);
    expect(ring[0]).to.deep.equal(ring[3]);
    expect(ring.every(([lng, lat]) => typeof lng === 'number' && typeof lat === 'number')).to.equal(true);
  });

  it('drops a vertex repeated at once and an explicit closing vertex', () => {
    expect(ok('0,0;0,1;0,1;1,1;0,0').vertices).to.have.length(3);
  });

  it('allows spaces around numbers and signs', () => {
    expect(ok(' 51.5 , -0.2 ; 51.5,+0.1;51.8,-.05 ').vertices).to.have.length(3);
  });

  it('refuses a bow-tie', () => {
    expect(refused('0,0;1,1;1,0;0,1')).to.match(/cross/);
  });

  it('refuses edges that overlap on a line, whether neighbours or apart', () => {
    // all on one line
    expect(refused('0,0;0,1;0,2')).to.match(/cross|surface/);
    // neighbours folding back: out to (0,2) and back along the same line past (0,1)
    expect(refused('0,0;0,2;0,1;1,1')).to.match(/cross/);
    // edges apart overlapping on a line: (0,0)-(0,3) and (0,2)-(0,1) via a detour
    expect(refused('0,0;0,3;1,3;1,2;0,2;0,1;-1,1')).to.match(/cross/);
    // a vertex touching an edge apart
    expect(refused('0,0;0,4;2,4;0,2;2,0')).to.match(/cross/);
  });

  it('refuses fewer than 3 and more than 100 vertices', () => {
    expect(refused('0,0;1,1')).to.match(/at least 3/);
    expect(refused('0,0')).to.match(/at least 3/);
    expect(refused('0,0;0,0;0,0')).to.match(/at least 3/);
    const circle = (n: number) => text(Array.from({ length: n }, (_, i) => [Number(Math.sin((2 * Math.PI * i) / n).toFixed(6)), Number(Math.cos((2 * Math.PI * i) / n).toFixed(6))] as [number, number]));
    expect(ok(circle(100)).vertices).to.have.length(100);
    expect(refused(circle(101))).to.match(/at most 100/);
    expect(refused(circle(500))).to.match(/at most 100/);
  });

  it('refuses coordinates out of range', () => {
    expect(refused('91,0;0,1;1,0')).to.match(/latitudes/);
    expect(refused('-90.5,0;0,1;1,0')).to.match(/latitudes/);
    expect(refused('0,181;0,1;1,0')).to.match(/longitudes/);
    expect(refused('0,-180.01;0,1;1,0')).to.match(/longitudes/);
    expect(ok('90,0;-90,10;-90,-10').vertices).to.have.length(3);
    // spanning half the globe or more reads, to the engine, as crossing the antimeridian
    expect(refused('0,-100;10,100;-10,100')).to.match(/180 degrees/);
  });

  it('refuses text that is no list of pairs', () => {
    for (const garbage of ['', 'abc', '51.5,-0.1;51.6', '51.5;-0.1;51.6', '1e2,0;0,1;1,0', '0,0,0;1,1;1,0', '0,0;;1,1;1,0', 'NaN,0;0,1;1,0', 'Infinity,0;0,1;1,0', '0x10,0;0,1;1,0', '0,0;0,1;1,0;']) {
      expect(refused(garbage), garbage).to.match(/pairs/);
      expect(new RegExp(AREA_PATTERN).test(garbage), garbage).to.equal(false);
    }
    expect(new RegExp(AREA_PATTERN).test(' 51.5 , -0.2 ; 51.5,+0.1;51.8,-.05 ')).to.equal(true);
  });

  it('tells crossing, touching, collinear and apart segments apart', () => {
    const p = (lat: number, lng: number) => ({ lat, lng });
    expect(segmentsIntersect(p(0, 0), p(2, 2), p(0, 2), p(2, 0))).to.equal(true);
    expect(segmentsIntersect(p(0, 0), p(2, 2), p(1, 1), p(3, 0))).to.equal(true); // touching
    expect(segmentsIntersect(p(0, 0), p(0, 2), p(0, 1), p(0, 3))).to.equal(true); // collinear overlap
    expect(segmentsIntersect(p(0, 0), p(0, 1), p(0, 2), p(0, 3))).to.equal(false); // collinear apart
    expect(segmentsIntersect(p(0, 0), p(1, 1), p(0, 1), p(0.4, 0.6))).to.equal(false); // short of the line
  });

  it('is the search parameter `area`: 422 on it, and the polygon beside the parameters', () => {
    const params = parseSearchParams({ area: '53.8,-1.6;53.8,-1.5;53.85,-1.55', location: 'Bristol' });
    expect(params.polygon?.vertices).to.have.length(3);
    expect(parseSearchParams({ area: '  ' }).polygon).to.equal(null);
    expect(parseSearchParams({}).polygon).to.equal(null);
    for (const bad of ['0,0;1,1;1,0;0,1', '0,0;1,1', 'garbage']) {
      try {
        parseSearchParams({ area: bad });
        expect.fail(`accepted ${bad}`);
      } catch (err) {
        expect(err).to.be.instanceOf(ValidationError);
        expect(Object.keys((err as ValidationError).errors)).to.deep.equal(['area']);
      }
    }
  });
});
