// The saved searches a listing may match, found through their criteria columns (saved-search-criteria.ts)
// rather than by running every saved search: the same occupancy type, a rectangle holding the listing's
// point (a GiST index on the box), a price bound the cheapest property meets and bedroom bounds that
// overlap the listing's. Coarse by design: each is then judged with the search's own filters
// (alert-judge.ts). Everything read is in the covering GiST index (an index-only scan, see the
// SavedSearch_area_covering_idx migration); the point is asked as a box of no size, since the index
// answers box-in-box containment and `box @> point` would scan the whole table. Disabled customers'
// saved searches match too (no join to the customers for each candidate): delivery e-mails them nothing.
import type pg from 'pg';

export interface ListingFacts {
  forSale: boolean;
  lat: number;
  lng: number;
  /** the lowest headline price of its properties; null when none has one */
  minPrice: number | null;
  minBedrooms: number | null;
  maxBedrooms: number | null;
}

export interface Candidate {
  id: number;
  customerId: number;
  portalId: number;
  /** the saved filters as JSON text; null when not worked out yet */
  filters: string | null;
}

const CANDIDATES = `
  SELECT s.id, s."customerId", s."portalId", s.filters
  FROM "SavedSearch" s
  WHERE s.area @> box(point($1::float8, $2::float8), point($1::float8, $2::float8))
    AND s."forSale" = $3
    AND (s."maxPrice" IS NULL OR s."maxPrice" >= $4::float8)
    AND (s."minBedrooms" IS NULL OR s."minBedrooms" <= $5::int)
    AND (s."maxBedrooms" IS NULL OR s."maxBedrooms" >= $6::int)`;

/** Read with node-postgres itself (db/prisma.ts): an event has thousands of candidates. */
export async function findCandidates(pool: Pick<pg.Pool, 'query'>, f: ListingFacts): Promise<Candidate[]> {
  const { rows } = await pool.query<Candidate>(CANDIDATES, [f.lng, f.lat, f.forSale, f.minPrice, f.maxBedrooms, f.minBedrooms]);
  return rows;
}
