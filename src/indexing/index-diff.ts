// Compares the listing index with PostgreSQL: what should be searchable, at which version, against
// what the index holds. Used by tests and by `npm run index:check`.
import type { PrismaClient } from '../db/prisma.ts';
import type { SearchClient } from '../search/client.ts';
import { loadListingPage } from '../listing-index/document/listing-loader.ts';
import { buildListingDocument } from '../listing-index/document/listing-document.ts';

export interface IndexDiff {
  /** listings that should be in the index and are not */
  missing: number[];
  /** listings indexed at an older version than the database holds */
  stale: number[];
  /** documents in the index that should not be there */
  extra: number[];
}

export async function diffIndex(prisma: PrismaClient, search: SearchClient, index: string): Promise<IndexDiff> {
  const expected = new Map<number, number>();
  for (let afterId = 0; ; ) {
    const page = await loadListingPage(prisma, afterId, 1000);
    if (page.length === 0) break;
    for (const listing of page) if (buildListingDocument(listing)) expected.set(listing.id, Number(listing.indexVersion));
    afterId = page[page.length - 1]!.id;
  }
  const actual = new Map<number, number>();
  let response = await search.search({ index, scroll: '1m', size: 2000, _source: false, version: true, query: { match_all: {} } });
  while (response.hits.hits.length) {
    for (const hit of response.hits.hits) actual.set(Number(hit._id), hit._version ?? 0);
    response = await search.scroll({ scroll_id: response._scroll_id!, scroll: '1m' });
  }
  if (response._scroll_id) await search.clearScroll({ scroll_id: response._scroll_id });
  const diff: IndexDiff = { missing: [], stale: [], extra: [] };
  for (const [id, version] of expected) {
    const indexed = actual.get(id);
    if (indexed === undefined) diff.missing.push(id);
    else if (indexed < version) diff.stale.push(id);
  }
  for (const id of actual.keys()) if (!expected.has(id)) diff.extra.push(id);
  return diff;
}
