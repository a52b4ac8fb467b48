// Benchmark saved searches (npm run db:seed -- --saved-searches N): N saved searches of N/10 customers,
// written with set-based SQL. Each is a postcode of the reference data with a radius of 1 to 10 miles,
// for sale (70%) or to rent, with a price bound on half of them and bedroom bounds on a third, every
// alert frequency; the criteria columns are computed as the service computes them
// (saved-search-criteria.ts, places/geo.ts `expand`), so that matching sees what real ones would give.
import type { PrismaClient } from '../db/prisma.ts';

export const BENCH_CUSTOMER_DOMAIN = 'bench-alerts.example.org';

export async function seedSavedSearches(prisma: PrismaClient, count: number): Promise<{ created: number; total: number }> {
  const existing = await prisma.savedSearch.count({ where: { customer: { email: { endsWith: `@${BENCH_CUSTOMER_DOMAIN}` } } } });
  const wanted = Math.max(0, count - existing);
  if (wanted > 0) {
    const customers = Math.ceil(count / 10);
    await prisma.$executeRawUnsafe(`
      INSERT INTO "Customer" (email, "createdVia", "firstName", "updatedAt")
      SELECT 'saver-' || i || '@${BENCH_CUSTOMER_DOMAIN}', 'password', 'Saver', now() FROM generate_series(1, ${customers}) i
      ON CONFLICT (email) DO NOTHING`);
    await prisma.$executeRawUnsafe(`
      WITH places AS (SELECT row_number() OVER (ORDER BY postcode) - 1 AS n, postcode, latitude, longitude FROM "Postcode"),
      counted AS (SELECT count(*) AS c FROM places),
      savers AS (SELECT row_number() OVER (ORDER BY id) - 1 AS n, id FROM "Customer" WHERE email LIKE '%@${BENCH_CUSTOMER_DOMAIN}'),
      saver_count AS (SELECT count(*) AS c FROM savers),
      raw AS (
        SELECT i, (hashint4(i) & 2147483647) AS h1, (hashint4(i + 7919) & 2147483647) AS h2 FROM generate_series(${existing + 1}, ${count}) i
      ),
      picked AS (
        SELECT r.i, p.postcode, p.latitude, p.longitude, s.id AS customer,
               1 + r.h1 % 10 AS radius, r.h2 % 10 < 7 AS for_sale,
               CASE WHEN r.h1 % 2 = 0 THEN NULL WHEN r.h2 % 10 < 7 THEN 150000 + (r.h2 % 20) * 25000 ELSE 600 + (r.h2 % 20) * 100 END AS max_price,
               CASE WHEN r.h1 % 3 = 0 THEN 1 + r.h2 % 3 ELSE NULL END AS min_bed,
               (ARRAY['instant','daily','daily','weekly','off'])[1 + r.h2 % 5] AS frequency
        FROM raw r, counted, saver_count
        JOIN places p ON true JOIN savers s ON true
        WHERE p.n = r.h1 % counted.c AND s.n = r.i % saver_count.c
      )
      INSERT INTO "SavedSearch" ("customerId", "portalId", name, query, "alertFrequency", "unsubscribeToken", "forSale", area, "maxPrice", "minBedrooms", "updatedAt")
      SELECT customer, 1, 'Homes near ' || postcode,
             jsonb_strip_nulls(jsonb_build_object('location', postcode, 'radius', radius, 'occupancy_type', CASE WHEN for_sale THEN 'for-sale' ELSE 'to-rent' END,
               CASE WHEN for_sale THEN 'max_full_value' ELSE 'max_monthly_rent' END, max_price, 'min_bedrooms', min_bed)),
             frequency, 'bench-' || i || '-' || md5(i::text), for_sale,
             box(point(longitude + radius / (69.0 * cos(radians(latitude))), latitude + radius / 69.0),
                 point(longitude - radius / (69.0 * cos(radians(latitude))), latitude - radius / 69.0)),
             max_price, min_bed, now()
      FROM picked`);
  }
  return { created: wanted, total: existing + wanted };
}
