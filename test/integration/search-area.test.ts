import { expect } from 'chai';
import { api } from '../support/api.ts';
import { searchFixture, type SearchFixture } from '../support/search-fixture.ts';
import { parseAreaPolygon } from '../../src/search-criteria/area-polygon.ts';
import { distanceMiles, type LatLng } from '../../src/places/geo.ts';

const SEARCH = '/api/rest/portal/search';
type Item = { id: number; displayAs: string };
type MapListing = { id: number; latitude: number; longitude: number };
type Facets = { param: string; options: { value: unknown; count: number }[] }[];
const ids = (body: { data: Item[] }) => body.data.map((i) => i.id);
const mapIds = (body: { mapListings: MapListing[] }) => body.mapListings.map((m) => m.id);
const count = (facets: Facets, param: string, value: unknown) => facets.find((f) => f.param === param)!.options.find((o) => o.value === value)?.count;
const areaText = (points: LatLng[]) => points.map((p) => `${p.lat.toFixed(6)},${p.lng.toFixed(6)}`).join(';');

describe('search in a drawn area', function () {
  this.timeout(60_000);
  let L: SearchFixture['listings'];
  // the fixture's three Leeds listings for sale: city centre, Headingley (north-west) and Holbeck (south)
  let centre: LatLng, headingley: LatLng, holbeck: LatLng;
  /** a rectangle round the three */
  let box: LatLng[];
  /** the same rectangle with a narrow notch cut up from its south edge round Holbeck: concave */
  let notched: LatLng[];

  const search = (query: Record<string, string | number>) => api.get(SEARCH, { query: { max_featured: 0, size: 50, ...query } });

  before(async () => {
    L = (await searchFixture()).listings;
    const leeds = await search({ location: 'Leeds', radius: 3 });
    const at = (id: number) => {
      const m = (leeds.body.mapListings as MapListing[]).find((x) => x.id === id)!;
      return { lat: m.latitude, lng: m.longitude };
    };
    centre = at(L.leedsSO!.id);
    headingley = at(L.leedsMarket!.id);
    holbeck = at(L.leedsFirst!.id);
    // what the shapes below rely on: Holbeck lies well south of the others
    expect(holbeck.lat).to.be.lessThan(Math.min(centre.lat, headingley.lat) - 0.005);
    const m = 0.01;
    const north = Math.max(centre.lat, headingley.lat, holbeck.lat) + m;
    const south = holbeck.lat - m;
    const east = Math.max(centre.lng, headingley.lng, holbeck.lng) + m;
    const west = Math.min(centre.lng, headingley.lng, holbeck.lng) - m;
    box = [
      { lat: south, lng: west },
      { lat: south, lng: east },
      { lat: north, lng: east },
      { lat: north, lng: west },
    ];
    const notch = 0.002;
    notched = [
      { lat: south, lng: west },
      { lat: south, lng: holbeck.lng - notch },
      { lat: holbeck.lat + notch, lng: holbeck.lng - notch },
      { lat: holbeck.lat + notch, lng: holbeck.lng + notch },
      { lat: south, lng: holbeck.lng + notch },
      { lat: south, lng: east },
      { lat: north, lng: east },
      { lat: north, lng: west },
    ];
  });

  it('returns exactly the listings inside the shape, ignoring location and radius', async () => {
    const all = await search({ area: areaText(box), location: 'Cardiff', radius: 50 });
    expect(all.status).to.equal(200);
    expect(ids(all.body)).to.have.members([L.leedsSO!.id, L.leedsMarket!.id, L.leedsFirst!.id]);
    // clockwise as drawn, or counter-clockwise: the same listings
    expect(ids((await search({ area: areaText([...box].reverse()) })).body)).to.have.members(ids(all.body));
    const cardiff = await search({ area: '51.2,-3.6;51.2,-2.9;51.7,-3.2', location: 'Leeds' });
    expect(ids(cardiff.body)).to.deep.equal([L.cardiffMarket!.id]);
  });

  it('leaves out a listing inside the bounding box but outside a concave shape', async () => {
    const res = await search({ area: areaText(notched) });
    expect(res.status).to.equal(200);
    expect(ids(res.body)).to.have.members([L.leedsSO!.id, L.leedsMarket!.id]);
    const { north, south, east, west } = res.body.rectBounds;
    expect(holbeck.lat).to.be.within(south, north);
    expect(holbeck.lng).to.be.within(west, east);
    // either way round, and to rent as well (the rented listings lie in the city centre and Headingley)
    expect(ids((await search({ area: areaText([...notched].reverse()) })).body)).to.have.members([L.leedsSO!.id, L.leedsMarket!.id]);
    const rent = await search({ area: areaText(notched), occupancy_type: 'to-rent' });
    expect(ids(rent.body)).to.have.members([L.leedsRent!.id, L.leedsRent2!.id]);
  });

  it('answers with the centroid, the bounding box and clearLocation true', async () => {
    const text = areaText(notched);
    const polygon = parseAreaPolygon(text).polygon!;
    // a location that cannot be found would give clearLocation false: the area wins
    const res = await search({ area: text, location: 'Atlantis Under The Sea' });
    expect(res.body.clearLocation).to.equal(true);
    expect(res.body.center.lat).to.be.closeTo(polygon.centroid.lat, 1e-6);
    expect(res.body.center.lng).to.be.closeTo(polygon.centroid.lng, 1e-6);
    expect(res.body.rectBounds).to.deep.equal(polygon.bounds);
    expect(res.body.rectBounds.south).to.be.closeTo(box[0]!.lat, 1e-6);
    expect(res.body.rectBounds.north).to.be.closeTo(box[2]!.lat, 1e-6);
    // an echoed centre and rectangle give way to the area too
    const echoed = await search({ area: text, lat: 51.48, lng: -3.18, north: 51.52, south: 51.45, east: -3.15, west: -3.3 });
    expect(ids(echoed.body)).to.have.members([L.leedsSO!.id, L.leedsMarket!.id]);
    expect(echoed.body.center).to.deep.equal(res.body.center);
  });

  it('counts facets, map listings and totals inside the shape only', async () => {
    const inBox = await search({ area: areaText(box) });
    const inNotched = await search({ area: areaText(notched) });
    expect(inBox.body.pagination.total).to.equal(3);
    expect(inNotched.body.pagination.total).to.equal(2);
    expect(mapIds(inBox.body)).to.have.members([L.leedsSO!.id, L.leedsMarket!.id, L.leedsFirst!.id]);
    expect(mapIds(inNotched.body)).to.have.members([L.leedsSO!.id, L.leedsMarket!.id]);
    expect(count(inBox.body.facets, 'schemes', 'first-homes')).to.equal(1);
    expect(count(inNotched.body.facets, 'schemes', 'first-homes')).to.equal(0);
    expect(count(inNotched.body.facets, 'schemes', 'market-sale')).to.equal(count(inBox.body.facets, 'schemes', 'market-sale'));
    // with a selection, the facets still count inside the shape
    const twoBeds = await search({ area: areaText(notched), 'bedrooms[]': '2' });
    expect(twoBeds.body.pagination.total).to.equal(2);
    expect(count(twoBeds.body.facets, 'schemes', 'first-homes')).to.equal(0);
  });

  it('never reuses the answer of a location search or of another shape', async () => {
    for (let round = 0; round < 2; round++) {
      expect(ids((await search({ location: 'Leeds', radius: 3 })).body)).to.include(L.leedsFirst!.id);
      const concave = await search({ area: areaText(notched), location: 'Leeds', radius: 3 });
      expect(ids(concave.body)).to.not.include(L.leedsFirst!.id);
      expect(mapIds(concave.body)).to.not.include(L.leedsFirst!.id);
      expect(mapIds((await search({ area: areaText(box) })).body)).to.include(L.leedsFirst!.id);
    }
  });

  it('sorts nearest first from the centroid', async () => {
    const stretched = (dLat: number) => box.map((p, i) => (dLat > 0 ? (i >= 2 ? { ...p, lat: p.lat + dLat } : p) : i < 2 ? { ...p, lat: p.lat + dLat } : p));
    const coords = new Map([
      [L.leedsSO!.id, centre],
      [L.leedsMarket!.id, headingley],
      [L.leedsFirst!.id, holbeck],
    ]);
    const firsts: number[] = [];
    for (const dLat of [0.2, -0.2]) {
      const res = await search({ area: areaText(stretched(dLat)), sort_by: 'nearest' });
      const order = ids(res.body);
      expect(order).to.have.length(3);
      const byDistance = [...order].sort((a, b) => distanceMiles(res.body.center, coords.get(a)!) - distanceMiles(res.body.center, coords.get(b)!));
      expect(order).to.deep.equal(byDistance);
      firsts.push(order[0]!);
    }
    // stretched north, Headingley is nearest the centroid; stretched south, Holbeck
    expect(firsts).to.deep.equal([L.leedsMarket!.id, L.leedsFirst!.id]);
  });

  it('shows featured listings and honours eligible_only inside the shape only', async () => {
    const featured = (body: { data: Item[] }) => body.data.filter((i) => i.displayAs === 'featured').map((i) => i.id);
    const inBox = await api.get(SEARCH, { query: { area: areaText(box), max_featured: 10 } });
    expect(featured(inBox.body)).to.include.members([L.leedsSO!.id, L.leedsFirst!.id]);
    const inNotched = await api.get(SEARCH, { query: { area: areaText(notched), max_featured: 10 } });
    expect(featured(inNotched.body)).to.include(L.leedsSO!.id);
    expect(ids(inNotched.body)).to.not.include(L.leedsFirst!.id);
    // Holbeck Yard's income limit is 50,000, Aire Quay's 80,000
    // with savings given, money is judged on them
    const poorer = await search({ area: areaText(box), eligible_only: '1', household_income: 60000, deposit: 30000 });
    expect(ids(poorer.body)).to.have.members([L.leedsSO!.id, L.leedsMarket!.id]);
    const richer = await search({ area: areaText(notched), eligible_only: '1', household_income: 90000, deposit: 30000 });
    expect(ids(richer.body)).to.deep.equal([L.leedsMarket!.id]);
  });

  it('refuses a malformed polygon with 422 on area', async () => {
    const circle = (n: number) => areaText(Array.from({ length: n }, (_, i) => ({ lat: 53.8 + 0.05 * Math.sin((2 * Math.PI * i) / n), lng: -1.55 + 0.05 * Math.cos((2 * Math.PI * i) / n) })));
    const malformed = {
      'two vertices': '53.8,-1.6;53.85,-1.5',
      '101 vertices': circle(101),
      'latitude out of range': '93.8,-1.6;53.85,-1.5;53.8,-1.5',
      'longitude out of range': '53.8,-181.6;53.85,-1.5;53.8,-1.5',
      'bow-tie': '53.8,-1.6;53.85,-1.5;53.85,-1.6;53.8,-1.5',
      'collinear overlap': '53.8,-1.6;53.8,-1.4;53.8,-1.5;53.9,-1.5',
      garbage: 'Leeds city centre',
      'trailing semicolon': '53.8,-1.6;53.85,-1.5;53.8,-1.5;',
    };
    expect((await search({ area: circle(100) })).status).to.equal(200);
    for (const [what, area] of Object.entries(malformed)) {
      const res = await search({ area, location: 'Leeds' });
      expect(res.status, what).to.equal(422);
      expect(Object.keys(res.body.errors), what).to.deep.equal(['area']);
    }
  });
});
