// Benchmark saved searches (npm run db:seed -- --saved-searches N [--distribution spread|crowded]): N in
// all, of N/10 customers, each written as the service writes one (its query validated by the search's own
// validation, its criteria and filters from saved-search-criteria.ts, the place resolved by the
// gazetteer), in batches of set-based inserts. The same index gives the same saved search on every run.
// - spread (the default): a centre drawn over the United Kingdom as people live there (population-places.ts)
//   with a radius of mostly 0.25 to 5 miles, some 10 to 40, kept as the search page keeps a resolved place
//   (the town's name and the rectangle); for sale (75%) or to rent; a price bound on 80%; bedrooms, types,
//   schemes, new homes, eligible_only, reduced_only, extra filters or a drawn area on some.
// - crowded: a postcode of the reference sample (547 of them, where the demo listings are) with a radius
//   of 1 to 10 miles, for sale (70%) or to rent, a price bound on half and bedroom bounds on a third: every
//   saved search crowds around the same 80 listings, the worst case (about 16,000 matches an event at 1,000,000).
import type { PrismaClient } from '../db/prisma.ts';
import type { PlaceResolver } from '../places/gazetteer.ts';
import { around, type Rect } from '../places/geo.ts';
import { resolveArea } from '../search-criteria/search-area.ts';
import { validateSavedQuery } from '../saved-searches/saved-search-schemas.ts';
import { boxText, criteriaOf, filtersOf } from '../saved-searches/saved-search-criteria.ts';
import { EXTRA_FILTERS } from '../portals/portal-settings.ts';
import { Rng } from './random.ts';
import { britishTowns, PopulationSampler } from './population-places.ts';

export const BENCH_CUSTOMER_DOMAIN = 'bench-alerts.example.org';
export const SAVED_SEARCH_DISTRIBUTIONS = ['spread', 'crowded'] as const;
export type SavedSearchDistribution = (typeof SAVED_SEARCH_DISTRIBUTIONS)[number];

const BATCH = 5000;
const FREQUENCIES = ['instant', 'daily', 'daily', 'weekly', 'off'];
/** miles, and how often: most searches look near, some far */
const RADII: [number, number][] = [
  [0.25, 5],
  [0.5, 10],
  [1, 20],
  [3, 25],
  [5, 25],
  [10, 8],
  [15, 3],
  [20, 2],
  [30, 1],
  [40, 1],
];
const SCHEMES = ['shared-ownership', 'first-homes', 'rent-to-buy', 'market-sale', 'market-rent'];
const TYPES = ['flat', 'house', 'bungalow', 'maisonette'];

function spreadQuery(rng: Rng, places: PopulationSampler): Record<string, unknown> {
  const { town, point } = places.point(rng);
  const radius = rng.weighted(RADII);
  const forSale = rng.chance(0.75);
  const q: Record<string, unknown> = { occupancy_type: forSale ? 'for-sale' : 'to-rent', location: town.name, radius };
  if (rng.chance(0.03)) {
    // an area drawn on the map around the point: a hexagon of about the radius
    const r = around(point, radius);
    const dLat = (r.north - r.south) / 2;
    const dLng = (r.east - r.west) / 2;
    q.area = Array.from({ length: 6 }, (_, k) => {
      const a = (k * Math.PI) / 3;
      const s = 0.7 + rng.next() * 0.3;
      return `${(point.lat + Math.sin(a) * dLat * s).toFixed(6)},${(point.lng + Math.cos(a) * dLng * s).toFixed(6)}`;
    }).join(';');
  } else {
    Object.assign(q, { lat: point.lat, lng: point.lng, ...around(point, radius) });
  }
  if (rng.chance(0.8)) {
    if (forSale) q.max_full_value = rng.int(4, 28) * 25_000;
    else q.max_monthly_rent = rng.int(10, 60) * 50;
    if (rng.chance(0.15)) {
      if (forSale) q.min_full_value = Math.min(q.max_full_value as number, rng.int(2, 12) * 25_000);
      else q.min_monthly_rent = Math.min(q.max_monthly_rent as number, rng.int(8, 20) * 50);
    }
  }
  if (rng.chance(0.4)) q.min_bedrooms = rng.int(1, 3);
  else if (rng.chance(0.1)) q.bedrooms = rng.sample([1, 2, 3, 4], rng.int(1, 2));
  if (rng.chance(0.15)) q.types = rng.sample(TYPES, rng.int(1, 2));
  if (rng.chance(0.1)) q.schemes = rng.sample(SCHEMES, rng.int(1, 2));
  if (rng.chance(0.05)) q.new_homes = rng.pick(['new-build', 'resale']);
  if (rng.chance(0.05)) {
    q.eligible_only = true;
    if (rng.chance(0.5)) q.household_income = rng.int(3, 9) * 10_000;
  }
  if (rng.chance(0.02)) q.reduced_only = true;
  for (const extra of EXTRA_FILTERS) if (rng.chance(0.03)) q[extra] = true;
  return q;
}

function crowdedQuery(rng: Rng, postcodes: string[]): Record<string, unknown> {
  const forSale = rng.chance(0.7);
  const q: Record<string, unknown> = { location: rng.pick(postcodes), radius: rng.int(1, 10), occupancy_type: forSale ? 'for-sale' : 'to-rent' };
  if (rng.chance(0.5)) q[forSale ? 'max_full_value' : 'max_monthly_rent'] = forSale ? 150_000 + rng.int(0, 19) * 25_000 : 600 + rng.int(0, 19) * 100;
  if (rng.chance(1 / 3)) q.min_bedrooms = rng.int(1, 3);
  return q;
}

interface Row {
  customerId: number;
  name: string;
  query: string;
  frequency: string;
  token: string;
  forSale: boolean;
  box: string;
  maxPrice: number | null;
  minBedrooms: number | null;
  maxBedrooms: number | null;
  filters: string;
}

export async function seedSavedSearches(
  prisma: PrismaClient,
  gazetteer: PlaceResolver,
  count: number,
  distribution: SavedSearchDistribution = 'spread',
  progress: (line: string) => void = () => {},
): Promise<{ created: number; removed: number; total: number }> {
  const domain = `${distribution}.${BENCH_CUSTOMER_DOMAIN}`;
  const ofBench = `SELECT s.id FROM "SavedSearch" s JOIN "Customer" c ON c.id = s."customerId" WHERE c.email LIKE '%@${domain}'`;
  const existing = Number((await prisma.$queryRawUnsafe<{ n: bigint }[]>(`SELECT count(*) AS n FROM (${ofBench}) b`))[0]!.n);
  let removed = 0;
  if (existing > count) removed = await prisma.$executeRawUnsafe(`DELETE FROM "SavedSearch" WHERE id IN (${ofBench} ORDER BY s.id DESC LIMIT ${existing - count})`);
  if (existing >= count) return { created: 0, removed, total: count };

  // customers: one in ten of the saved searches; half with a household income in the profile (eligible_only)
  await prisma.$executeRawUnsafe(`
    INSERT INTO "Customer" (email, "createdVia", "firstName", "annualHouseholdIncome", "updatedAt")
    SELECT 'saver-' || i || '@${domain}', 'password', 'Saver', CASE WHEN i % 2 = 0 THEN 30000 + (i % 7) * 10000 END, now()
    FROM generate_series(1, ${Math.ceil(count / 10)}) i
    ON CONFLICT (email) DO NOTHING`);
  const savers = (await prisma.$queryRawUnsafe<{ id: number }[]>(`SELECT id FROM "Customer" WHERE email LIKE '%@${domain}' ORDER BY id`)).map((c) => c.id);
  const places = distribution === 'spread' ? new PopulationSampler(britishTowns()) : null;
  const postcodes = distribution === 'crowded' ? (await prisma.postcode.findMany({ select: { postcode: true }, orderBy: { postcode: 'asc' } })).map((p) => p.postcode) : [];
  const rects = new Map<string, Rect>();

  let rows: Row[] = [];
  for (let i = existing + 1; i <= count; i++) {
    const rng = new Rng(`saved-search:${distribution}:${i}`);
    const { stored, params } = validateSavedQuery(places ? spreadQuery(rng, places) : crowdedQuery(rng, postcodes));
    // the same place and radius resolve to the same rectangle: the gazetteer is asked once for each
    const placeKey = params.polygon || params.north !== null ? null : `${params.location}\n${params.radius}`;
    let rect = placeKey ? rects.get(placeKey) : undefined;
    if (!rect) {
      rect = (await resolveArea(params, gazetteer)).rectBounds;
      if (placeKey) rects.set(placeKey, rect);
    }
    const criteria = criteriaOf(params, rect);
    rows.push({
      customerId: savers[i % savers.length]!,
      name: `Homes near ${params.location || 'a drawn area'}`,
      query: JSON.stringify(stored),
      frequency: rng.pick(FREQUENCIES),
      token: `bench-${distribution}-${i}-${Math.floor(rng.next() * 2 ** 32).toString(16)}`,
      forSale: criteria.forSale,
      box: boxText(rect),
      maxPrice: criteria.maxPrice,
      minBedrooms: criteria.minBedrooms,
      maxBedrooms: criteria.maxBedrooms,
      filters: JSON.stringify(filtersOf(params, rect)),
    });
    if (rows.length === BATCH || i === count) {
      await insert(prisma, rows);
      rows = [];
      if ((i - existing) % 100_000 < BATCH) progress(`saved searches: ${i.toLocaleString('en-GB')} of ${count.toLocaleString('en-GB')}`);
    }
  }
  // the visibility map too: matching reads its candidates from the index alone once pages are all-visible
  await prisma.$executeRawUnsafe('VACUUM ANALYZE "SavedSearch"');
  return { created: count - existing, removed, total: count };
}

function insert(prisma: PrismaClient, rows: Row[]): Promise<number> {
  const col = <K extends keyof Row>(k: K) => rows.map((r) => r[k]);
  return prisma.$executeRaw`
    INSERT INTO "SavedSearch" ("customerId", "portalId", name, query, "alertFrequency", "unsubscribeToken", "forSale", area, "maxPrice", "minBedrooms", "maxBedrooms", filters, "updatedAt")
    SELECT c, 1, n, q::jsonb, f, t, s, a::box, mp, lo, hi, fl, now()
    FROM unnest(${col('customerId')}::int[], ${col('name')}::text[], ${col('query')}::text[], ${col('frequency')}::text[], ${col('token')}::text[],
                ${col('forSale')}::bool[], ${col('box')}::text[], ${col('maxPrice')}::float8[], ${col('minBedrooms')}::int[], ${col('maxBedrooms')}::int[],
                ${col('filters')}::text[]) AS u(c, n, q, f, t, s, a, mp, lo, hi, fl)`;
}
