// Hits of the listing index turned into what the readers use: stored items, presented items, sources by
// id, the names of the queries a hit matched, a price range. What an index of an older mapping lacks is
// made up here, so that its readers see one shape whichever mapping answered.
import type { StoredItem } from './document/listing-item-field.ts';
import { ITEM_FIELD } from './document/listing-item-field.ts';
import { ITEM_PIECES_FIELD, PARTNERS_FIELD, PIECE_COUNT, presentedItemFieldOf, type PresentedItem } from './document/presented-item.ts';
import { storedItemsMget } from './by-ids-requests.ts';
import { ITEM_FACTS_FIELD } from './document/listing-costs.ts';

/** The stored item of a search hit or mget doc (fetched with ITEM_ONLY); null when the hit has none (a missing doc). */
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

/** The presented item of a search hit or mget doc (fetched with PRESENTED_ITEM_ONLY); null when it has none (a missing doc). */
export function readPresentedItem(hit: { _id: string; fields?: Record<string, unknown[]> }): PresentedItem | null {
  const pieces = hit.fields?.[ITEM_PIECES_FIELD] as string[] | undefined;
  if (pieces?.length !== PIECE_COUNT) return null;
  const facts = hit.fields?.[ITEM_FACTS_FIELD]?.[0];
  return { id: Number(hit._id), pieces, partnerSources: (hit.fields?.[PARTNERS_FIELD] as string[] | undefined) ?? [], ...(typeof facts === 'string' ? { facts } : {}) };
}

/** Runs an mget of the listing index (the body without its index) and answers its docs. */
export type ListingMget = (body: Record<string, unknown>) => Promise<{ docs: unknown[] }>;

/**
 * The presented items of these hits (fetched with PRESENTED_ITEM_ONLY) by listing id. A hit of an index
 * built with an older mapping has none (while a reindex to the new mapping runs, searches still use the
 * old index): its item is made from the stored `item`, fetched by id with `mget` (`fetched`).
 */
export async function readPresentedItems(hits: { _id: string; fields?: Record<string, unknown[]> }[], mget: ListingMget): Promise<{ items: Map<number, PresentedItem>; fetched: boolean }> {
  const items = new Map<number, PresentedItem>();
  const older: string[] = [];
  for (const hit of hits) {
    const item = readPresentedItem(hit);
    if (item) items.set(item.id, item);
    else older.push(hit._id);
  }
  if (older.length === 0) return { items, fetched: false };
  const res = await mget(storedItemsMget(older));
  for (const item of readItems(res.docs as { fields?: Record<string, unknown> }[])) items.set(item.id, { id: item.id, pieces: presentedItemFieldOf(item.view), partnerSources: item.partnerSources });
  return { items, fetched: true };
}

/** Each hit's source by its document id. */
export function sourcesById<T>(hits: { _id?: string | null; _source?: T }[]): Map<number, T> {
  return new Map(hits.map((h) => [Number(h._id), h._source!]));
}

/** The names of the named queries the hits matched. */
export function matchedQueryNames(hits: { matched_queries?: unknown }[]): Set<string> {
  const names = new Set<string>();
  for (const hit of hits) for (const name of (hit.matched_queries as string[] | undefined) ?? []) names.add(name);
  return names;
}
