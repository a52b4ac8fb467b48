// The listing-item slice of a listing document, kept as one stored field beside `_source`. Fetching a
// page of items this way costs a fraction of `_source` filtering, which parses each whole document
// (every property's details included) to pick a few fields out of it.
import type { ListingView } from '../../listings/listing-view.ts';
import { ITEM_VIEW_FIELDS, type StoredItemListing } from '../../listings/listing-presenter.ts';
import { asciiJson } from '../../core/ascii-json.ts';

export const ITEM_FIELD = 'item';

export interface StoredItem {
  id: number;
  view: { listing: StoredItemListing };
  partnerSources: string[];
  /** the stored facts' JSON (distances and affordability, listing-search/personal-fields.ts); absent on an index of an older mapping */
  facts?: string;
}

export function itemFieldOf(id: number, view: ListingView, partnerSources: string[]): string {
  const listing = Object.fromEntries(ITEM_VIEW_FIELDS.map((f) => [f, view.listing[f] ?? null]));
  // in ASCII: one non-ASCII character makes the whole engine answer a two-byte string (core/ascii-json.ts)
  return asciiJson(JSON.stringify({ id, view: { listing }, partnerSources }));
}
