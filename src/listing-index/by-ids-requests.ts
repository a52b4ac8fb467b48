// Reads of given listings: the live ones among them as items (favourites, alert e-mails) or whole
// documents (applications), and the items of any of them by id (mget, a search's featured listings).
import { liveListingClauses } from './live-listing.ts';
import { idsClause } from './listing-clauses.ts';
import { ITEM_ONLY, PRESENTED_ITEM_ONLY } from './field-selections.ts';

/** The stored items of the live listings among `ids` (read them with readItems). */
export function liveItemsByIdsRequest(ids: readonly number[]): Record<string, unknown> {
  return { size: ids.length, query: { bool: { filter: [idsClause(ids), ...liveListingClauses()] } }, ...ITEM_ONLY };
}

/** The whole documents of the live listings among `ids`, on any portal, with their versions (listing-page-views.ts). */
export function liveDocumentsByIdsRequest(ids: readonly number[]): Record<string, unknown> {
  return { size: ids.length, version: true, query: { bool: { filter: [idsClause(ids), ...liveListingClauses()] } } };
}

/** An mget of these listings' presented items (readPresentedItem), whatever their state. */
export function presentedItemsMget(ids: readonly number[]): Record<string, unknown> {
  return { ids: ids.map(String), ...PRESENTED_ITEM_ONLY };
}

/** An mget of these listings' stored items (readItems), whatever their state. */
export function storedItemsMget(ids: readonly (number | string)[]): Record<string, unknown> {
  return { ids: ids.map(String), ...ITEM_ONLY };
}
