// Featured listings: the home page's, and a search's pool of featured matches with the items its page
// is likely to show (search-request.ts).
import { liveListingClauses, portalClause } from './live-listing.ts';
import { FEATURED_CLAUSE } from './listing-clauses.ts';
import { IDS_ONLY, ITEM_ONLY, PRESENTED_ITEM_ONLY } from './field-selections.ts';

/** Featured live listings on the portal, in an order that changes every hour. */
export function homeFeaturedRequest(size: number, portalId: number, now: Date): Record<string, unknown> {
  const seed = Math.floor(now.getTime() / 3_600_000);
  return {
    size,
    query: {
      function_score: {
        query: { bool: { filter: [...liveListingClauses(), portalClause(portalId), FEATURED_CLAUSE] } },
        functions: [{ random_score: { seed, field: '_seq_no' } }],
        boost_mode: 'replace',
      },
    },
    ...ITEM_ONLY,
  };
}

/** The featured listings among a search's matches (`query`: the search's query, unscored). */
export const featuredMatchesQuery = (query: object): object => ({ bool: { filter: [query, FEATURED_CLAUSE] } });

const BY_ID = [{ id: { order: 'asc' } }];

/** The ids of up to `size` featured matches, by id. */
export function featuredPoolRequest(featured: object, size: number): Record<string, unknown> {
  return { query: featured, size, sort: BY_ID, ...IDS_ONLY };
}

/** The presented items of the featured matches from `from`, by id (the entries of the pool a page's rotation picks). */
export function featuredItemsRequest(featured: object, from: number, size: number): Record<string, unknown> {
  return { query: featured, from, size, sort: BY_ID, ...PRESENTED_ITEM_ONLY };
}
