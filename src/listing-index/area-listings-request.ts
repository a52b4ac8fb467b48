// An area page's listings: live listings on the portal, of the page's scheme, whose development lies in
// the page's area; featured first, then premium, then newest.
import { liveListingClauses, portalClause } from './live-listing.ts';
import { areaClause, displayAsClause, schemeClause, type AreaType } from './listing-clauses.ts';
import { ITEM_ONLY } from './field-selections.ts';

export interface AreaListings {
  schemeSlug: string;
  area: { type: AreaType; id: number };
}

export function areaListingsRequest({ schemeSlug, area }: AreaListings, size: number, portalId: number): Record<string, unknown> {
  return {
    size,
    query: {
      function_score: {
        query: { bool: { filter: [...liveListingClauses(), portalClause(portalId), schemeClause(schemeSlug), areaClause(area.type, area.id)] } },
        functions: [
          { filter: displayAsClause('featured'), weight: 3 },
          { filter: displayAsClause('premium'), weight: 2 },
        ],
        score_mode: 'max',
        boost_mode: 'replace',
      },
    },
    sort: [{ _score: 'desc' }, { createdAt: 'desc' }, { id: 'desc' }],
    ...ITEM_ONLY,
  };
}
