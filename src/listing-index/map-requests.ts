// A search's map listings (listing-search/map-listing-cache.ts): ids and digests of up to `limit`
// matches with the fingerprint of that answer, then the map fields of the listings whose digest has not
// been seen. Both from doc values only.
import { idTermsClause } from './listing-clauses.ts';
import { MAP_IDS_AND_DIGESTS, mapListingFields } from './field-selections.ts';
import { MAP_FINGERPRINT_AGGS } from './map-fingerprint.ts';
import type { MAP_FIELDS } from './document/map-listing-fields.ts';

/** Ids and digests of up to `limit` of the search's matches (`query`: the search's, unscored), in index order, with their fingerprint. */
export function mapListingsRequest(query: object, limit: number): Record<string, unknown> {
  return { query, size: limit, sort: ['_doc'], track_total_hits: false, ...MAP_IDS_AND_DIGESTS, aggs: MAP_FINGERPRINT_AGGS };
}

/** The map fields of these listings, for a payload. */
export function mapListingsByIdsRequest(ids: readonly number[], payload: keyof typeof MAP_FIELDS): Record<string, unknown> {
  return { size: ids.length, query: { bool: { filter: [idTermsClause(ids)] } }, ...mapListingFields(payload) };
}
