// `refresh=wait_for` on a synchronisation write: wait until search shows the change, or, while the engine
// is unavailable, answer as stored and say in a header that the change is not searchable yet.
import type { Context } from 'koa';
import type { ListingVisibility } from '../indexing/listing-visibility.ts';
import { wantsVisibility } from './sync-query.ts';

export const SEARCH_INDEX_HEADER = 'Search-Index';

export async function awaitVisibility(ctx: Context, visibility: ListingVisibility, listingIds: number[]): Promise<void> {
  if (!wantsVisibility(ctx.query)) return;
  if ((await visibility.makeVisible(listingIds)) === 'pending') ctx.set(SEARCH_INDEX_HEADER, 'pending');
}
