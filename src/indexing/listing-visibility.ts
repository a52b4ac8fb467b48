// Read-your-write for integrators: index the listings a write changed and wait until search shows them.
import type { PrismaClient } from '../db/prisma.ts';
import { SearchUnavailableError } from '../search/search-unavailable.ts';
import type { ListingIndexer } from './listing-indexer.ts';
import { indexTargets } from './index-targets.ts';

/** `pending`: the change is stored but the engine is unavailable; the reindex worker indexes it once the engine is back. */
export type Visibility = 'visible' | 'pending';

export class ListingVisibility {
  constructor(
    private readonly prisma: PrismaClient,
    private readonly indexer: ListingIndexer,
    private readonly alias: string,
  ) {}

  async makeVisible(listingIds: number[]): Promise<Visibility> {
    if (listingIds.length === 0) return 'visible';
    const targets = await indexTargets(this.prisma, this.alias);
    try {
      const { failed, conflicts } = await this.indexer.indexListings(listingIds, { targets, refresh: 'wait_for' });
      // The outbox still holds the change, so the worker retries whatever failed here.
      if (failed.size) throw new Error(`search index refused listing ${[...failed.keys()].join(', ')}`);
      // The worker may have written this version first: wait_for does not wait for its write, a refresh does.
      if (conflicts > 0) await this.indexer.refresh(targets);
      return 'visible';
    } catch (err) {
      // The write's transaction put the change in the outbox: nothing is lost, it is only not searchable yet.
      if (err instanceof SearchUnavailableError) return 'pending';
      throw err;
    }
  }
}
