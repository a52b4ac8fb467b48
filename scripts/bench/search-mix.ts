// The search benchmark's traffic. The default looks like a portal's: thousands of distinct searches
// whose popularity falls off as Zipf's law (a few places and filters very common, a long tail), about
// a third of them from signed-in customers, some later pages, one in twenty inside a drawn area, one
// in eight with keywords, and place autocomplete requests between them. The older mix (`repeating`) sends a few hundred anonymous
// searches round and round, so that most answers come from the response memo.
import { Rng } from '../../src/demo/random.ts';

export type MixName = 'realistic' | 'repeating';

/** One request of the sequence: a search (anonymous or as a customer) or an autocomplete request. */
export interface MixEntry {
  kind: 'search' | 'places';
  /** the search's index in `queries`, or the prefix's in `prefixes` */
  index: number;
  /** the signed-in customer's index in the customer list, -1 for anonymous */
  customer: number;
}

export interface Mix {
  queries: URLSearchParams[];
  prefixes: string[];
  sequence: MixEntry[];
}

const TOWNS = [
  'London',
  'Manchester',
  'Leeds',
  'Birmingham',
  'Bristol',
  'Cambridge',
  'Milton Keynes',
  'Reading',
  'Brighton',
  'Oxford',
  'Leicester',
  'Nottingham',
  'Sheffield',
  'Liverpool',
  'Newcastle upon Tyne',
  'Edinburgh',
  'Glasgow',
  'Cardiff',
  'Belfast',
  'Norwich',
  'Exeter',
  'Southampton',
  'Camden',
  'Croydon',
  'SE1',
  'M1',
  '',
];

// centres of the shapes drawn on the map by the mix's polygon searches
const DRAWN_AROUND = [
  { lat: 51.507, lng: -0.128 },
  { lat: 53.48, lng: -2.242 },
  { lat: 53.8, lng: -1.549 },
  { lat: 52.486, lng: -1.89 },
  { lat: 51.455, lng: -2.588 },
];
const DRAWN_EVERY = 20;

/** A shape as drawn by hand round a centre: 6 to 30 vertices at uneven distances (concave), never crossing itself. */
function drawnArea(random: () => number, around: () => { lat: number; lng: number }): string {
  const c = around();
  const n = 6 + Math.floor(random() * 25);
  const reach = 0.02 + random() * 0.06;
  const vertices: string[] = [];
  for (let i = 0; i < n; i++) {
    // increasing angles round the centre, so the ring is simple whatever the distances
    const angle = ((i + random() * 0.8) / n) * 2 * Math.PI;
    const r = reach * (0.4 + random() * 0.6);
    vertices.push(
      `${(c.lat + r * Math.sin(angle)).toFixed(5)},${(c.lng + (r * Math.cos(angle)) / Math.cos((c.lat * Math.PI) / 180)).toFixed(5)}`,
    );
  }
  return vertices.join(';');
}

/** Draws ranks 0..n-1 with probability proportional to 1 / (rank + 1)^s. */
function zipf(n: number, s: number, random: () => number): () => number {
  const cdf = new Float64Array(n);
  let sum = 0;
  for (let i = 0; i < n; i++) cdf[i] = sum += 1 / (i + 1) ** s;
  return () => {
    const x = random() * sum;
    let lo = 0;
    let hi = n - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cdf[mid]! < x) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
}

/** One search around a place, with the filters people use, as often as they use them. */
function oneSearch(pickPlace: () => string, random: () => number): URLSearchParams {
  const pick = <T>(list: T[]) => list[Math.floor(random() * list.length)]!;
  const q = new URLSearchParams();
  const rent = random() < 0.25;
  if (rent) q.set('occupancy_type', 'to-rent');
  const place = pickPlace();
  if (place) q.set('location', place);
  q.set('radius', String(pick([0, 1, 3, 3, 5, 10])));
  if (random() < 0.3) for (const b of pick([['1'], ['2'], ['2', '3'], ['3', '4']])) q.append('bedrooms[]', b);
  if (!rent && random() < 0.3) q.append('schemes[]', pick(['shared-ownership', 'first-homes', 'market-sale']));
  if (!rent && random() < 0.25) q.set('max_full_value', String(pick([200000, 300000, 500000])));
  if (rent && random() < 0.3) q.set('max_monthly_rent', String(pick([1000, 1500, 2000])));
  if (random() < 0.2) q.set('sort_by', rent ? pick(['rent-low-high', 'nearest']) : pick(['price-low-high', 'price-high-low', 'nearest']));
  if (random() < 0.15) {
    q.set('eligible_only', '1');
    q.set('household_income', String(pick([40000, 60000, 85000])));
  }
  if (random() < 0.2) q.set('page', String(pick([2, 3])));
  // near work and within budget (PORTAL-EXTRAS §6, §7). The mix's searches differ from those before
  // these were added (one stream of random numbers): compare runs of the same version. A work postcode
  // in one search in ten (a city centre: every district is known), within a distance of it in a third of those; a monthly budget in one in ten; "homes I can
  // afford" in one in twelve; the new sorts now and then.
  const work = random() < 0.1 ? pick(WORK_POSTCODES) : null;
  if (work) {
    q.set('work_postcode', work);
    if (random() < 0.33) q.set('max_distance_from_work', String(pick([5, 10, 20])));
    if (random() < 0.3) q.set('sort_by', 'nearest-work');
  }
  if (random() < 0.1) q.set('max_monthly_cost', String(pick([800, 1000, 1200, 1500])));
  if (random() < 0.08) {
    q.set('affordable_only', '1');
    q.set('household_income', String(pick([28000, 34000, 45000, 60000])));
    q.set('deposit', String(pick([0, 6000, 15000])));
  }
  if (random() < 0.05) q.set('sort_by', 'monthly-cost-low-high');
  return q;
}

/** City-centre postcodes people work at. */
const WORK_POSTCODES = ['LS1 4AP', 'M1 1AE', 'B1 1BB', 'BS1 4DJ', 'NG1 5FS', 'SW1A 1AA', 'EC2V 7HH', 'CF10 1EP'];

/** Every DRAWN_EVERY-th search looks inside a drawn area instead, drawn with a generator of its own. */
function withDrawnAreas(queries: URLSearchParams[], places?: MixPlaces): URLSearchParams[] {
  const drawing = new Rng(7);
  const random = () => drawing.next();
  const centre = places?.kind === 'weighted' ? weighted(places.weights, random) : null;
  const around = () => (centre && places?.kind === 'weighted' ? places.centres[centre()]! : DRAWN_AROUND[Math.floor(random() * DRAWN_AROUND.length)]!);
  for (let i = DRAWN_EVERY - 1; i < queries.length; i += DRAWN_EVERY) {
    queries[i]!.delete('location');
    queries[i]!.delete('radius');
    queries[i]!.set(
      'area',
      drawnArea(random, around),
    );
  }
  return queries;
}

// what people type in a portal's keyword box, the most common first (drawn by Zipf's law): single
// features, a phrase, two words, an exclusion
const KEYWORDS = [
  'garden',
  'parking',
  'garage',
  'balcony',
  '"south facing"',
  'en suite',
  'lift',
  'pets',
  'conservatory',
  '"roof terrace"',
  'garden -leasehold',
  'detached',
  'bungalow',
  'garden parking',
  '"new build"',
  'woodland',
  'cul de sac',
  'station -flat',
];
const KEYWORDS_SHARE = 1 / 8;

/**
 * One search in eight (KEYWORDS_SHARE) sends keywords, chosen with a generator of its own so that the
 * rest of the mix stays as it was. Without a sort of their own they are sorted by relevance, the
 * default with keywords.
 */
function withKeywords(queries: URLSearchParams[]): URLSearchParams[] {
  const rng = new Rng(8);
  const random = () => rng.next();
  const rank = zipf(KEYWORDS.length, 1, random);
  for (const q of queries) if (random() < KEYWORDS_SHARE) q.set('keywords', KEYWORDS[rank()]!);
  return queries;
}

/** The older mix: `count` anonymous searches sent in turn (the same 300 by default as before). */
export function repeatingMix(count: number): Mix {
  const rng = new Rng(42);
  const random = () => rng.next();
  const queries = withDrawnAreas(Array.from({ length: count }, () => oneSearch(() => TOWNS[Math.floor(random() * TOWNS.length)]!, random)));
  return { queries, prefixes: [], sequence: queries.map((_, index) => ({ kind: 'search', index, customer: -1 })) };
}

/**
 * Where the searches look. `ranked`: the big towns, then these place names and postcode districts, drawn
 * by Zipf's law (the crowded seed's places). `weighted`: each name as often as its weight says (the
 * spread seed's towns and postcode districts, weighted by their listings, and the drawn areas round
 * their centres alike).
 */
export type MixPlaces = { kind: 'ranked'; names: string[] } | { kind: 'weighted'; names: string[]; weights: number[]; centres: { lat: number; lng: number }[] };

/** Draws an index with probability proportional to its weight. */
function weighted(weights: number[], random: () => number): () => number {
  const cdf = new Float64Array(weights.length);
  let sum = 0;
  weights.forEach((w, i) => (cdf[i] = sum += w));
  return () => {
    const x = random() * sum;
    let lo = 0;
    let hi = weights.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cdf[mid]! <= x) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
}

export interface RealisticOptions {
  /** distinct searches */
  distinct: number;
  /** requests in the sequence (clients go round it) */
  length: number;
  places: MixPlaces;
  /** customers who search signed in */
  customers: number;
  signedInShare: number;
  placesShare: number;
}

/**
 * `distinct` searches, the most popular first (their places drawn as `places` says), and a sequence drawing them by Zipf's law (s = 1); a share of the sequence searches
 * as a customer, and a share asks for place suggestions as someone types.
 */
export function realisticMix(o: RealisticOptions): Mix {
  const rng = new Rng(20261124);
  const random = () => rng.next();
  const places = o.places.kind === 'ranked' ? [...new Set([...TOWNS.filter(Boolean), ...o.places.names])] : o.places.names;
  const placeRank = o.places.kind === 'ranked' ? zipf(places.length, 1, random) : weighted(o.places.weights, random);
  const seen = new Set<string>();
  const queries: URLSearchParams[] = [];
  for (let tries = 0; queries.length < o.distinct && tries < o.distinct * 20; tries++) {
    const q = oneSearch(() => (random() < 0.03 ? '' : places[placeRank()]!), random);
    const key = q.toString();
    if (seen.has(key)) continue;
    seen.add(key);
    queries.push(q);
  }
  withDrawnAreas(withKeywords(queries), o.places);
  const prefixes = [...new Set(places.flatMap((p) => [1, 2, 3, 4, 6].map((n) => p.slice(0, n).toLowerCase())))].filter((p) => p.length > 0);
  const searchRank = zipf(queries.length, 1, random);
  const prefixRank = zipf(prefixes.length, 1, random);
  const sequence: MixEntry[] = [];
  for (let i = 0; i < o.length; i++) {
    if (random() < o.placesShare) sequence.push({ kind: 'places', index: prefixRank(), customer: -1 });
    else
      sequence.push({
        kind: 'search',
        index: searchRank(),
        customer: random() < o.signedInShare ? Math.floor(random() * o.customers) : -1,
      });
  }
  return { queries, prefixes, sequence };
}
