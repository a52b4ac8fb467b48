// Rebuilds the listing index from PostgreSQL into a new physical index, then swaps the alias.
// Searches keep using the old index meanwhile; the reindex worker writes changes to both indices
// while the SearchReindex row is open, and external versions settle any overlap.
import type { PrismaClient } from '../db/prisma.ts';
import type { SearchClient } from '../search/client.ts';
import type { IndexManager } from '../search/index-manager.ts';
import type { IndexResult, ListingIndexer } from './listing-indexer.ts';
import { loadListingPage } from '../listing-index/document/listing-loader.ts';

export interface ReindexProgress {
  done: number;
  total: number;
}

export async function fullReindex(
  deps: { prisma: PrismaClient; search: SearchClient; listingIndex: IndexManager; indexer: ListingIndexer },
  options: { batchSize?: number; onProgress?: (p: ReindexProgress) => void } = {},
): Promise<{ index: string; documents: number }> {
  const { prisma, search, listingIndex: manager, indexer } = deps;
  const batchSize = options.batchSize ?? 500;
  const target = await manager.createPhysicalIndex();
  await search.indices.putSettings({ index: target, settings: { refresh_interval: '-1' } });
  const run = await prisma.searchReindex.create({ data: { alias: manager.alias, targetIndex: target } });
  // the page the engine is indexing while the next is prepared
  let inFlight: { written: Promise<IndexResult>; count: number } | null = null;
  try {
    const total = await prisma.listing.count();
    // a page of a large batch on a busy machine can take longer than Prisma's default 5 s transaction
    const loadAfter = (afterId: number) =>
      prisma.$transaction((tx) => loadListingPage(tx, afterId, batchSize), { isolationLevel: 'RepeatableRead', timeout: 120_000, maxWait: 10_000 });
    let done = 0;
    // Pipelined in three: while the engine indexes one page, the service builds the next page's
    // documents, and PostgreSQL reads the page after that. One bulk request at a time, as before.
    const settle = async () => {
      if (!inFlight) return;
      const { failed } = await inFlight.written;
      if (failed.size) throw new Error(`the engine refused ${failed.size} documents, e.g. ${[...failed.values()][0]}`);
      done += inFlight.count;
      inFlight = null;
      options.onProgress?.({ done, total: Math.max(total, done) });
    };
    let page = await loadAfter(0);
    while (page.length > 0) {
      const next = loadAfter(page[page.length - 1]!.id);
      next.catch(() => undefined); // handled where it is awaited; this keeps an early exit from leaving it unhandled
      const prepared = await indexer.prepare(page, page.map((l) => l.id), { targets: [target] });
      await settle();
      const written = indexer.send(prepared);
      written.catch(() => undefined); // awaited by settle()
      inFlight = { written, count: page.length };
      page = await next;
    }
    await settle();
    await search.indices.putSettings({ index: target, settings: { refresh_interval: manager.refreshInterval } });
    await search.indices.refresh({ index: target });
    await manager.swapTo(target);
    // Built in bulk, the index holds a dozen or more large segments, and every search pays a fixed cost
    // a segment (its weights, collectors, doc-values lookups): the engine merges it into one after it
    // goes live, in the background (searches meanwhile read the segments as they are). The merge
    // policy keeps the small segments of later writes few (es-mappings/listings.json).
    await search.indices.forcemerge({ index: target, max_num_segments: 1, wait_for_completion: false });
    return { index: target, documents: done };
  } catch (err) {
    // a bulk request still going would create the index again after its deletion
    await inFlight?.written.catch(() => undefined);
    await search.indices.delete({ index: target, ignore_unavailable: true });
    throw err;
  } finally {
    await prisma.searchReindex.update({ where: { id: run.id }, data: { finishedAt: new Date() } });
  }
}
