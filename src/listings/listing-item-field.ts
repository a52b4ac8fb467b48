// The listing-item slice of a listing document, kept as one stored field beside `_source`. Fetching a
// page of items this way costs a fraction of `_source` filtering, which parses each whole document
// (every property's details included) to pick a few fields out of it.
import type { ListingView } from './listing-view.ts';
import { ITEM_VIEW_FIELDS } from './listing-presenter.ts';
import { asciiJson } from '../core/ascii-json.ts';
import { ITEM_FACTS_FIELD } from './listing-costs.ts';

export const ITEM_FIELD = 'item';

/** Search and mget options that fetch the stored item of each hit and its facts (listing-costs.ts), and nothing else. */
export const ITEM_ONLY = { _source: false, stored_fields: [ITEM_FIELD, ITEM_FACTS_FIELD] };

export interface StoredItem {
  id: number;
  view: Pick<ListingView, 'listing'>;
  partnerSources: string[];
  /** the stored facts' JSON (distances and affordability, listing-search/personal-fields.ts); absent on an index of an older mapping */
  facts?: string;
}

export function itemFieldOf(id: number, view: ListingView, partnerSources: string[]): string {
  const listing = Object.fromEntries(ITEM_VIEW_FIELDS.map((f) => [f, view.listing[f] ?? null]));
  // in ASCII: one non-ASCII character makes the whole engine answer a two-byte string (core/ascii-json.ts)
  return asciiJson(JSON.stringify({ id, view: { listing }, partnerSources }));
}

/** The stored item of a search hit or mget doc; null when the hit has none (a missing doc). */
export function readItem(hit: { fields?: Record<string, unknown> }): StoredItem | null {
  const values = hit.fields?.[ITEM_FIELD] as string[] | undefined;
  if (!values?.length) return null;
  const item = JSON.parse(values[0]!) as StoredItem;
  const facts = (hit.fields?.[ITEM_FACTS_FIELD] as string[] | undefined)?.[0];
  return facts === undefined ? item : { ...item, facts };
}

export function readItems(hits: { fields?: Record<string, unknown> }[]): StoredItem[] {
  return hits.map(readItem).filter((item): item is StoredItem => item !== null);
}
