// Generated listings and searches, and a plain reference for what a search must answer: the search's
// rules written out once more over the listings' index documents, one listing at a time, with none of
// the engine requests' shapes (test/integration/search-reference.test.ts compares the two).
import { api } from './api.ts';
import { withKey, type TestAccount } from './factories.ts';
import { headlineProperty } from '../../src/listings/headline.ts';
import { distanceMiles, type LatLng, type Rect } from '../../src/places/geo.ts';
import { Rng } from '../../src/demo/random.ts';
import type { IndexedProperty } from '../../src/listing-index/document/listing-document.ts';

/** The same listings and searches on every run for the same seed (the demo data's generator). */
export function seeded(seed: number) {
  const rng = new Rng(seed);
  const next = () => rng.next();
  const int = (lo: number, hi: number) => rng.int(lo, hi);
  const pick = <T>(list: readonly T[]): T => rng.pick(list);
  const chance = (p: number) => rng.chance(p);
  const some = <T>(list: readonly T[], p = 0.3): T[] => {
    const out = list.filter(() => chance(p));
    return out.length ? out : [pick(list)];
  };
  return { next, int, pick, chance, some };
}
export type Random = ReturnType<typeof seeded>;

export const STATUSES = ['available', 'coming-soon', 'under-offer', 'closed'] as const;
const TYPES: [string, string][] = [
  ['flat', 'Apartment'],
  ['house', 'Semi-detached house'],
  ['bungalow', 'Bungalow'],
  ['maisonette', 'Maisonette'],
];
const PARKING = ['Allocated space', 'Garage', 'On street'];
const FEATURES = ['Garden', 'Balcony', 'Pets allowed', 'Step-free access'];
const EPC_BANDS = ['A', 'B', 'C', 'D', 'E', 'F', 'G'];
// band I is for homes in Wales only, which the generated market is not
const COUNCIL_TAX_BANDS = ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H'];
const SALE_SCHEMES = [['shared-ownership'], ['market-sale'], ['first-homes'], ['discount-market-sale'], ['shared-ownership', 'rent-to-buy']];
const RENT_SCHEMES = [['market-rent'], ['rent-to-buy'], ['market-rent', 'london-living-rent']];

/**
 * A market of `listings` listings around `centre` (within about 6 miles), pushed through the sync
 * interface: several listings to a development, 1 to 4 homes each, for sale or to rent, every facet's
 * values, prices to be announced, featured and premium listings, some unpublished, to be published
 * later or on another portal only, and some homes' prices reduced afterwards. Returns the listing ids.
 */
export async function pushGeneratedMarket(account: TestAccount, r: Random, centre: LatLng, listings: number, tag: string): Promise<number[]> {
  const k = withKey(account);
  const developments = Math.ceil(listings / 3);
  for (let d = 0; d < developments; d++) {
    const body = {
      name: `${tag} development ${d}`,
      displayAddress: `${d} Generated Street`,
      postcode: null,
      latitude: Math.round((centre.lat + (r.next() * 2 - 1) * 0.08) * 1e6) / 1e6,
      longitude: Math.round((centre.lng + (r.next() * 2 - 1) * 0.14) * 1e6) / 1e6,
      tenure: 'leasehold',
      newBuild: r.chance(0.7),
    };
    const res = await api.put(`/api/rest/inventory/developments/${tag}-dev-${d}`, body, k);
    if (res.status >= 300) throw new Error(`development ${d}: ${res.status} ${JSON.stringify(res.body)}`);
  }
  const ids: number[] = [];
  const reduce: { ref: string; body: Record<string, unknown> }[] = [];
  for (let i = 0; i < listings; i++) {
    const forSale = r.chance(0.7);
    const schemes = r.pick(forSale ? SALE_SCHEMES : RENT_SCHEMES);
    const shared = schemes[0] === 'shared-ownership';
    const development = `${tag}-dev-${i % developments}`;
    const refs: string[] = [];
    for (let h = 0; h < r.int(1, 4); h++) {
      const [group, type] = r.pick(TYPES);
      // every EPC band (92+ A, 81-91 B, ..., 1-20 G)
      const energy = r.int(1, 100);
      const price = r.chance(0.07) ? null : forSale ? r.int(16, 180) * 5000 : r.int(16, 120) * 25;
      const sections = [
        ...(r.chance(0.5) ? [{ section: 'Parking', values: r.some(PARKING, 0.4) }] : []),
        ...(r.chance(0.6) ? [{ section: 'Features', values: r.some(FEATURES, 0.4) }] : []),
      ];
      const body: Record<string, unknown> = {
        development,
        propertyNumber: `Home ${h + 1}`,
        propertyType: type,
        propertyTypeGroup: group,
        bedrooms: r.int(0, 5),
        bathrooms: r.int(1, 3),
        // from the home's place, not the random stream, so that the generated searches stay as they were
        tenure: (i + h) % 3 === 0 ? 'freehold' : 'leasehold',
        energyEfficiencyRatingCurrent: energy,
        energyEfficiencyRatingPotential: Math.max(energy, 85),
        ...(r.chance(0.8) ? { councilTaxBand: r.pick(COUNCIL_TAX_BANDS) } : {}),
        environmentalImpactRatingCurrent: 80,
        environmentalImpactRatingPotential: 85,
        availabilityStatus: r.pick(STATUSES),
        forSale,
        propertyFeatures: sections,
        ...(forSale
          ? { fullMarketPrice: price, isSharedOwnership: shared, ...(shared ? { minSharePercentage: r.pick([10, 25, 40]) } : r.chance(0.4) ? { depositValue: r.int(1, 12) * 5000 } : {}) }
          : { monthlyRent: price }),
      };
      const ref = `${tag}-home-${i}-${h}`;
      const res = await api.put(`/api/rest/inventory/properties/${ref}`, body, k);
      if (res.status >= 300) throw new Error(`property ${ref}: ${res.status} ${JSON.stringify(res.body)}`);
      refs.push(ref);
      if (price !== null && r.chance(0.2)) reduce.push({ ref, body: { ...body, ...(forSale ? { fullMarketPrice: price - 5000 } : { monthlyRent: price - 25 }) } });
    }
    const listing = {
      development,
      properties: refs,
      forSale,
      name: `${tag} listing ${i}`,
      schemes,
      displayAs: r.pick(['featured', 'premium', 'regular', 'regular', 'regular']),
      depositPercentage: forSale ? r.pick([null, 5, 10]) : null,
      ...(r.chance(0.04) ? { published: false } : {}),
      ...(r.chance(0.04) ? { publishAt: new Date(Date.now() + 30 * 86_400_000).toISOString() } : {}),
      ...(r.chance(0.04) ? { portals: [2] } : {}),
    };
    const res = await api.put(`/api/rest/listings/${tag}-listing-${i}`, listing, k);
    if (res.status >= 300) throw new Error(`listing ${i}: ${res.status} ${JSON.stringify(res.body)}`);
    ids.push(res.body.id);
  }
  // a lower price after the first: a reduction today
  for (const { ref, body } of reduce) {
    const res = await api.put(`/api/rest/inventory/properties/${ref}`, body, k);
    if (res.status >= 300) throw new Error(`property ${ref}: ${res.status} ${JSON.stringify(res.body)}`);
  }
  return ids;
}

/** What the reference reads of a listing's index document. */
/** The property fields of an index document the reference reads. */
export type ReferenceProperty = Pick<
  IndexedProperty,
  'id' | 'bedrooms' | 'bathrooms' | 'propertyTypeGroup' | 'availabilityStatus' | 'fullMarketPrice' | 'minShareValue' | 'depositValue' | 'monthlyRent' | 'features' | 'parking' | 'priceReducedOn' | 'epcBand' | 'councilTaxBand' | 'tenure'
>;

export interface ReferenceListing {
  id: number;
  location: { lat: number; lon: number };
  forSale: boolean;
  displayAs: string;
  schemes: string[];
  newBuild: boolean;
  published: boolean;
  /** the stored live flag the engine filters on (listing-index/live-listing.ts) */
  live: boolean;
  withdrawn: boolean;
  publishAt: string | null;
  publishedAt: string;
  priceReducedOn: string | null;
  allPortals: boolean;
  portalIds: number[];
  properties: ReferenceProperty[];
}

export const REFERENCE_SOURCE_FIELDS = [
  'id',
  'location',
  'forSale',
  'displayAs',
  'schemes',
  'newBuild',
  'published',
  'live',
  'withdrawn',
  'publishAt',
  'publishedAt',
  'priceReducedOn',
  'allPortals',
  'portalIds',
  'properties',
];

export type Query = Record<string, string | number | string[]>;

/** A polygon as the `area` parameter writes it, and its vertices. */
export interface Drawn {
  text: string;
  ring: LatLng[];
}

/** Where a search looks, as the reference needs it: the rectangle and centre, or the drawn polygon. */
export type Where = { rect: Rect; centre: LatLng } | { polygon: Drawn };

const distanceToSegment = (p: LatLng, a: LatLng, b: LatLng): number => {
  const dx = b.lng - a.lng;
  const dy = b.lat - a.lat;
  const t = Math.max(0, Math.min(1, ((p.lng - a.lng) * dx + (p.lat - a.lat) * dy) / (dx * dx + dy * dy || 1)));
  return Math.hypot(p.lng - (a.lng + t * dx), p.lat - (a.lat + t * dy));
};

/** Even-odd rule, edges straight in degrees (as the engine's shapes are). */
export function insidePolygon(p: LatLng, ring: LatLng[]): boolean {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const a = ring[i]!;
    const b = ring[j]!;
    if (a.lat > p.lat !== b.lat > p.lat && p.lng < ((b.lng - a.lng) * (p.lat - a.lat)) / (b.lat - a.lat) + a.lng) inside = !inside;
  }
  return inside;
}

/** A hand-drawn shape round a point near `centre` (concave, never crossing itself), no listing within a hair of its edges. */
export function drawnArea(r: Random, centre: LatLng, points: LatLng[]): Drawn {
  for (;;) {
    const c = { lat: centre.lat + (r.next() * 2 - 1) * 0.05, lng: centre.lng + (r.next() * 2 - 1) * 0.08 };
    const n = r.int(5, 14);
    const reach = 0.02 + r.next() * 0.06;
    const ring: LatLng[] = [];
    for (let i = 0; i < n; i++) {
      const angle = ((i + r.next() * 0.8) / n) * 2 * Math.PI;
      const d = reach * (0.4 + r.next() * 0.6);
      ring.push({ lat: Math.round((c.lat + d * Math.sin(angle)) * 1e5) / 1e5, lng: Math.round((c.lng + (d * Math.cos(angle)) / Math.cos((c.lat * Math.PI) / 180)) * 1e5) / 1e5 });
    }
    const close = points.some((p) => ring.some((a, i) => distanceToSegment(p, a, ring[(i + 1) % ring.length]!) < 1e-4));
    if (!close) return { text: ring.map((v) => `${v.lat},${v.lng}`).join(';'), ring };
  }
}

/** The search's selections as clauses on a listing or one of its properties, each tagged with its facet. */
interface Clause<T> {
  facet: string | null;
  test: (x: T) => boolean;
}

const many = (q: Query, name: string): string[] => {
  const v = q[`${name}[]`];
  return v === undefined ? [] : (Array.isArray(v) ? v : [String(v)]);
};
const num = (q: Query, name: string): number | null => (q[name] === undefined ? null : Number(q[name]));
const atMost = (v: number | null, max: number) => v !== null && v <= max;
const atLeast = (v: number | null, min: number) => v !== null && v >= min;

export interface ReferenceContext {
  now: Date;
  portalId: number;
  /** listings reduced on or after this day count as reduced (price-reductions.ts) */
  reductionCutoff: string;
  featuredPerPage: number;
}

function propertyClauses(q: Query, reductionCutoff: string): Clause<ReferenceProperty>[] {
  const out: Clause<ReferenceProperty>[] = [];
  const terms = (facet: string, read: (p: ReferenceProperty) => (string | number)[]) => {
    const wanted = many(q, facet);
    if (wanted.length) out.push({ facet, test: (p) => read(p).some((v) => wanted.includes(String(v))) });
  };
  terms('status', (p) => [p.availabilityStatus]);
  terms('types', (p) => [p.propertyTypeGroup]);
  terms('bedrooms', (p) => [p.bedrooms]);
  terms('bathrooms', (p) => (p.bathrooms === null ? [] : [p.bathrooms]));
  terms('parking', (p) => p.parking);
  terms('other_features', (p) => p.features);
  terms('epc_bands', (p) => (p.epcBand ? [p.epcBand] : []));
  terms('council_tax_bands', (p) => (p.councilTaxBand ? [p.councilTaxBand] : []));
  terms('tenures', (p) => (p.tenure ? [p.tenure] : []));
  const max = (facet: string, read: (p: ReferenceProperty) => number | null) => {
    const m = num(q, facet);
    if (m !== null) out.push({ facet, test: (p) => atMost(read(p), m) });
  };
  max('max_full_value', (p) => p.fullMarketPrice);
  max('max_share_value', (p) => p.minShareValue);
  max('max_deposit', (p) => p.depositValue);
  max('max_monthly_rent', (p) => p.monthlyRent);
  const min = (name: string, read: (p: ReferenceProperty) => number | null) => {
    const m = num(q, name);
    if (m !== null) out.push({ facet: null, test: (p) => atLeast(read(p), m) });
  };
  min('min_full_value', (p) => p.fullMarketPrice);
  min('min_monthly_rent', (p) => p.monthlyRent);
  min('min_bedrooms', (p) => p.bedrooms);
  const maxBedrooms = num(q, 'max_bedrooms');
  if (maxBedrooms !== null) out.push({ facet: null, test: (p) => p.bedrooms <= maxBedrooms });
  // a filter on the homes: the home shown is a reduced one (docs/decisions.md)
  if (q.reduced_only === '1') out.push({ facet: null, test: (p) => p.priceReducedOn != null && p.priceReducedOn >= reductionCutoff });
  return out;
}

function listingClauses(q: Query, where: Where, ctx: ReferenceContext): Clause<ReferenceListing>[] {
  const now = ctx.now.toISOString();
  const forSale = q.occupancy_type !== 'to-rent';
  const out: Clause<ReferenceListing>[] = [
    // the engine reads the stored flag; the reference also asks that the listing be live by the clock,
    // so that a document calling a listing live before its time shows as a difference
    { facet: null, test: (l) => l.live && l.published && !l.withdrawn && (l.publishAt === null || l.publishAt <= now) },
    { facet: null, test: (l) => l.allPortals || l.portalIds.includes(ctx.portalId) },
    { facet: null, test: (l) => l.forSale === forSale },
    {
      facet: null,
      test: (l) => {
        const p = { lat: l.location.lat, lng: l.location.lon };
        if ('polygon' in where) return insidePolygon(p, where.polygon.ring);
        return p.lat <= where.rect.north && p.lat >= where.rect.south && p.lng >= where.rect.west && p.lng <= where.rect.east;
      },
    },
  ];
  const schemes = many(q, 'schemes');
  if (schemes.length) out.push({ facet: 'schemes', test: (l) => l.schemes.some((s) => schemes.includes(s)) });
  if (q.new_homes) out.push({ facet: 'new_homes', test: (l) => l.newBuild === (q.new_homes === 'new-build') });
  return out;
}

/** The properties of `l` that pass every property clause except `except`'s, when the listing passes every listing clause except its. */
function matching(l: ReferenceListing, listing: Clause<ReferenceListing>[], property: Clause<ReferenceProperty>[], except: string | null): ReferenceProperty[] | null {
  if (!listing.every((c) => (except !== null && c.facet === except) || c.test(l))) return null;
  const clauses = property.filter((c) => except === null || c.facet !== except);
  const props = l.properties.filter((p) => clauses.every((c) => c.test(p)));
  return props.length ? props : null;
}

export interface FacetSpec {
  param: string;
  level: 'listing' | 'property';
  /** the values a listing or property counts under */
  values: (x: ReferenceListing & ReferenceProperty) => (string | number)[];
  /** numeric facets: the options, each counting the values at or below it */
  upTo?: number[];
}

const steps = (min: number, max: number, step: number) => Array.from({ length: Math.floor((max - min) / step) + 1 }, (_, i) => min + i * step);

function facetSpecs(forSale: boolean): FacetSpec[] {
  const property = (param: string, values: FacetSpec['values'], upTo?: number[]): FacetSpec => ({ param, level: 'property', values, upTo });
  return [
    { param: 'schemes', level: 'listing', values: (l) => l.schemes },
    property('status', (p) => [p.availabilityStatus]),
    property('types', (p) => [p.propertyTypeGroup]),
    property('bedrooms', (p) => [p.bedrooms]),
    property('bathrooms', (p) => (p.bathrooms === null ? [] : [p.bathrooms])),
    { param: 'new_homes', level: 'listing', values: (l) => [l.newBuild ? 'new-build' : 'resale'] },
    ...(forSale
      ? [
          property('max_full_value', (p) => (p.fullMarketPrice === null ? [] : [p.fullMarketPrice]), steps(50_000, 1_000_000, 50_000)),
          property('max_share_value', (p) => (p.minShareValue === null ? [] : [p.minShareValue]), steps(10_000, 300_000, 10_000)),
          property('max_deposit', (p) => (p.depositValue === null ? [] : [p.depositValue]), steps(5_000, 100_000, 5_000)),
        ]
      : [property('max_monthly_rent', (p) => (p.monthlyRent === null ? [] : [p.monthlyRent]), steps(250, 5_000, 250))]),
    property('parking', (p) => p.parking),
    property('other_features', (p) => p.features),
    property('epc_bands', (p) => (p.epcBand ? [p.epcBand] : [])),
    property('council_tax_bands', (p) => (p.councilTaxBand ? [p.councilTaxBand] : [])),
    property('tenures', (p) => (p.tenure ? [p.tenure] : [])),
  ];
}

export interface ReferenceAnswer {
  total: number;
  /** the page's items: featured listings of the rotation, then the page's results */
  itemIds: number[];
  /** map listing ids, ascending */
  mapIds: number[];
  /** facet param -> option value (as text) -> count; options not named count 0 */
  facets: Map<string, Map<string, number>>;
  /** true when two results of different places are too near the same distance to tell their order */
  nearTie: boolean;
}

/** The answer the search must give, worked out listing by listing. */
export function referenceAnswer(listings: ReferenceListing[], q: Query, where: Where, ctx: ReferenceContext): ReferenceAnswer {
  const forSale = q.occupancy_type !== 'to-rent';
  const listingC = listingClauses(q, where, ctx);
  const propertyC = propertyClauses(q, ctx.reductionCutoff);
  const matched = listings.map((l) => ({ l, props: matching(l, listingC, propertyC, null) })).filter((m): m is { l: ReferenceListing; props: ReferenceProperty[] } => m.props !== null);

  // the order
  const sortBy = String(q.sort_by ?? 'newest');
  let nearTie = false;
  const byId = (a: ReferenceListing, b: ReferenceListing) => a.id - b.id;
  let ordered: ReferenceListing[];
  if (sortBy === 'nearest') {
    const centre = 'centre' in where ? where.centre : null;
    if (!centre) throw new Error('nearest needs a centre');
    const miles = new Map(matched.map(({ l }) => [l, distanceMiles(centre, { lat: l.location.lat, lng: l.location.lon })]));
    ordered = matched.map((m) => m.l).sort((a, b) => miles.get(a)! - miles.get(b)! || byId(a, b));
    for (let i = 1; i < ordered.length; i++) {
      const [a, b] = [ordered[i - 1]!, ordered[i]!];
      const samePlace = a.location.lat === b.location.lat && a.location.lon === b.location.lon;
      if (!samePlace && Math.abs(miles.get(a)! - miles.get(b)!) < 1e-4) nearTie = true;
    }
  } else if (sortBy === 'newest') {
    ordered = matched.map((m) => m.l).sort((a, b) => (a.publishedAt < b.publishedAt ? 1 : a.publishedAt > b.publishedAt ? -1 : byId(a, b)));
  } else {
    // the headline price among the matching properties (headline.ts); a price to be announced last either way
    const field = forSale ? 'fullMarketPrice' : 'monthlyRent';
    const descending = sortBy.endsWith('high-low');
    const price = new Map(matched.map(({ l, props }) => [l, headlineProperty(props)![field]]));
    ordered = matched
      .map((m) => m.l)
      .sort((a, b) => {
        const [pa, pb] = [price.get(a)!, price.get(b)!];
        if (pa === pb) return byId(a, b);
        if (pa === null) return 1;
        if (pb === null) return -1;
        return descending ? pb - pa : pa - pb;
      });
  }
  const page = Number(q.page ?? 1);
  const size = Number(q.size ?? 10);
  const results = ordered.slice((page - 1) * size, page * size).map((l) => l.id);

  // featured listings: the pool of matching featured listings by id, rotated by page, none already on it
  const perPage = Math.min(ctx.featuredPerPage, q.max_featured === undefined ? Infinity : Number(q.max_featured));
  const beyondLast = page > Math.max(1, Math.ceil(matched.length / size));
  const onPage = new Set(results);
  const pool = matched
    .map((m) => m.l)
    .filter((l) => l.displayAs === 'featured')
    .map((l) => l.id)
    .sort((a, b) => a - b)
    .filter((id) => !onPage.has(id));
  const featured: number[] = [];
  if (!beyondLast && perPage > 0 && pool.length) {
    const start = ((page - 1) * perPage) % pool.length;
    for (let i = 0; i < Math.min(perPage, pool.length); i++) featured.push(pool[(start + i) % pool.length]!);
  }

  // facets: each counts the matching properties per option, with every other facet's selection applied but not its own
  const facets = new Map<string, Map<string, number>>();
  for (const spec of facetSpecs(forSale)) {
    const counts = new Map<string, number>();
    const add = (key: string | number, n: number) => counts.set(String(key), (counts.get(String(key)) ?? 0) + n);
    for (const l of listings) {
      const props = matching(l, listingC, propertyC, spec.param);
      if (!props) continue;
      if (spec.level === 'listing') {
        for (const v of spec.values(l as ReferenceListing & ReferenceProperty)) add(v, props.length);
        continue;
      }
      for (const p of props) {
        const values = spec.values(p as ReferenceListing & ReferenceProperty);
        if (spec.upTo) {
          for (const option of spec.upTo) if (values.some((v) => Number(v) <= option)) add(option, 1);
        } else for (const v of values) add(v, 1);
      }
    }
    facets.set(spec.param, counts);
  }

  return { total: matched.length, itemIds: [...featured, ...results], mapIds: matched.map((m) => m.l.id).sort((a, b) => a - b), facets, nearTie };
}

/** A search over the generated market: a place and radius, a rectangle or a drawn area, and filters people use, any combination. */
export function generatedSearch(r: Random, places: string[], centre: LatLng, points: LatLng[]): { q: Query; drawn: Drawn | null } {
  const q: Query = {};
  const rent = r.chance(0.3);
  if (rent) q.occupancy_type = 'to-rent';
  let drawn: Drawn | null = null;
  const where = r.next();
  if (where < 0.45) {
    q.location = r.pick(places);
    q.radius = r.pick([0, 1, 3, 5, 10]);
  } else if (where < 0.8) {
    const c = { lat: centre.lat + (r.next() * 2 - 1) * 0.06, lng: centre.lng + (r.next() * 2 - 1) * 0.1 };
    const half = { lat: 0.01 + r.next() * 0.08, lng: 0.02 + r.next() * 0.14 };
    const round = (n: number) => Math.round(n * 1e5) / 1e5;
    Object.assign(q, { lat: round(c.lat), lng: round(c.lng), north: round(c.lat + half.lat), south: round(c.lat - half.lat), east: round(c.lng + half.lng), west: round(c.lng - half.lng) });
  } else {
    drawn = drawnArea(r, centre, points);
    q.area = drawn.text;
  }
  if (r.chance(0.3)) q['bedrooms[]'] = r.some(['0', '1', '2', '3', '4', '5']);
  if (r.chance(0.2)) q['types[]'] = r.some(TYPES.map((t) => t[0]));
  if (r.chance(0.2)) q['status[]'] = r.some([...STATUSES]);
  if (r.chance(0.1)) q['bathrooms[]'] = r.some(['1', '2', '3']);
  if (r.chance(0.25)) q['schemes[]'] = r.some(rent ? ['market-rent', 'rent-to-buy', 'london-living-rent'] : ['shared-ownership', 'market-sale', 'first-homes', 'discount-market-sale', 'rent-to-buy']);
  if (r.chance(0.1)) q['parking[]'] = r.some(PARKING);
  if (r.chance(0.1)) q['other_features[]'] = r.some(FEATURES);
  if (r.chance(0.1)) q['epc_bands[]'] = r.some(EPC_BANDS);
  if (r.chance(0.1)) q['council_tax_bands[]'] = r.some(COUNCIL_TAX_BANDS);
  if (r.chance(0.1)) q.new_homes = r.pick(['new-build', 'resale']);
  if (r.chance(0.12)) q.min_bedrooms = r.int(0, 3);
  if (r.chance(0.12)) q.max_bedrooms = Math.max(Number(q.min_bedrooms ?? 0), r.int(1, 5));
  // a maximum never below the minimum (that is a 422)
  const range = (min: string, max: string, mins: number[], maxes: number[], pMin: number, pMax: number) => {
    if (r.chance(pMin)) q[min] = r.pick(mins);
    if (r.chance(pMax)) q[max] = r.pick(maxes.filter((m) => m >= Number(q[min] ?? 0)));
  };
  if (rent) range('min_monthly_rent', 'max_monthly_rent', [500, 800], [750, 1000, 1500, 2500], 0.1, 0.3);
  else {
    range('min_full_value', 'max_full_value', [100_000, 200_000], [150_000, 300_000, 500_000, 750_000], 0.1, 0.25);
    if (r.chance(0.1)) q.max_share_value = r.pick([30_000, 60_000, 120_000]);
    if (r.chance(0.1)) q.max_deposit = r.pick([5_000, 15_000, 40_000]);
  }
  if (r.chance(0.15)) q.reduced_only = '1';
  const sorts = rent ? ['newest', 'rent-low-high', 'rent-high-low', 'nearest'] : ['newest', 'price-low-high', 'price-high-low', 'nearest'];
  if (r.chance(0.7)) q.sort_by = r.pick(drawn ? sorts.filter((s) => s !== 'nearest') : sorts);
  if (r.chance(0.6)) q.max_featured = r.pick([0, 1, 2]);
  if (r.chance(0.5)) q.size = r.pick([3, 5, 20]);
  if (r.chance(0.35)) q.page = r.pick([2, 3, 5]);
  // drawn last, so that the searches drawn before tenures were a filter stay the same
  if (r.chance(0.1)) q['tenures[]'] = r.some(['freehold', 'leasehold', 'share-of-freehold', 'commonhold']);
  return { q, drawn };
}
