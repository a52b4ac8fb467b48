// The listing-item slice of a listing document, kept as one stored field beside `_source`. Fetching a
// page of items this way costs a fraction of `_source` filtering, which parses each whole document
// (every property's details included) to pick a few fields out of it.
import type { ListingView } from './listing-document.ts';
import { ITEM_VIEW_FIELDS } from './listing-presenter.ts';

export const ITEM_FIELD = 'item';

/** Search and mget options that fetch the stored item of each hit and nothing else. */
export const ITEM_ONLY = { _source: false, stored_fields: [ITEM_FIELD] };

export interface StoredItem {
  id: number;
  view: Pick<ListingView, 'listing'>;
  partnerSources: string[];
}

// Written in ASCII, every other character as a \u escape: one non-ASCII character anywhere in an
// engine answer (an en dash in a name, a pound sign) makes the whole answer a two-byte string, slower
// to decode and to parse on every search. JSON.parse reads the escapes back.
const NON_ASCII = /[\u0080-\uffff]/g;
const escaped = (c: string) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;

export function itemFieldOf(id: number, view: ListingView, partnerSources: string[]): string {
  const listing = Object.fromEntries(ITEM_VIEW_FIELDS.map((f) => [f, view.listing[f] ?? null]));
  return JSON.stringify({ id, view: { listing }, partnerSources }).replace(NON_ASCII, escaped);
}

/** The stored item of a search hit or mget doc; null when the hit has none (a missing doc). */
export function readItem(hit: { fields?: Record<string, unknown> }): StoredItem | null {
  const values = hit.fields?.[ITEM_FIELD] as string[] | undefined;
  return values?.length ? (JSON.parse(values[0]!) as StoredItem) : null;
}

export function readItems(hits: { fields?: Record<string, unknown> }[]): StoredItem[] {
  return hits.map(readItem).filter((item): item is StoredItem => item !== null);
}
