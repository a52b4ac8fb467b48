// The saved searches a listing may match, found through their criteria columns (saved-search-criteria.ts)
// rather than by running every saved search: the same occupancy type, a rectangle holding the listing's
// point (a GiST index on the box), a price bound the cheapest property meets and bedroom bounds that
// overlap the listing's. Coarse by design: the engine then judges each with the search's own filters.
import type { Prisma } from '../generated/prisma/client.ts';
import type { Candidate } from './alert-confirm.ts';

export interface ListingFacts {
  forSale: boolean;
  lat: number;
  lng: number;
  /** the lowest headline price of its properties; null when none has one */
  minPrice: number | null;
  minBedrooms: number | null;
  maxBedrooms: number | null;
}

export function findCandidates(db: Pick<Prisma.TransactionClient, '$queryRaw'>, f: ListingFacts): Promise<Candidate[]> {
  return db.$queryRaw<Candidate[]>`
    SELECT s.id, s."customerId", s."portalId", s.query
    FROM "SavedSearch" s JOIN "Customer" c ON c.id = s."customerId"
    WHERE s.area @> point(${f.lng}, ${f.lat})
      AND s."forSale" = ${f.forSale}
      AND (s."maxPrice" IS NULL OR s."maxPrice" >= ${f.minPrice}::float8)
      AND (s."minBedrooms" IS NULL OR s."minBedrooms" <= ${f.maxBedrooms}::int)
      AND (s."maxBedrooms" IS NULL OR s."maxBedrooms" >= ${f.minBedrooms}::int)
      AND c."disabledAt" IS NULL`;
}
