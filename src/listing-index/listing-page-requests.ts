// A listing page's reads: the document by id or slug (whatever its state: a preview may show it), and
// whether it is live on the portal.
import { liveListingClauses, portalClause } from './live-listing.ts';
import { idClause, slugClause } from './listing-clauses.ts';

export type ListingKey = { id: number } | { slug: string };

/** The listing's whole document, by id or slug, with its version (listing-page-views.ts). */
export function listingByKeyRequest(key: ListingKey): Record<string, unknown> {
  return { size: 1, version: true, query: { bool: { filter: ['id' in key ? idClause(key.id) : slugClause(key.slug)] } } };
}

/** A count request: 1 when the listing is live on the portal, else 0. */
export function liveOnPortalCountRequest(id: number, portalId: number): Record<string, unknown> {
  return { query: { bool: { filter: [idClause(id), ...liveListingClauses(), portalClause(portalId)] } } };
}
