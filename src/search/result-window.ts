// The engine refuses a whole search whose `from + size` passes the index's `max_result_window`
// (es-mappings/listings.json). A page of hits asks only for its part within the window: a page past it
// asks for none, and is answered empty with its pagination (the total still comes with the search).
import { loadIndexDefinition } from './index-manager.ts';

export const LISTING_RESULT_WINDOW = Number(loadIndexDefinition('listings').settings.max_result_window ?? 10_000);

/** `from` and `size` of a page of hits, within the window. */
export function hitsWindow(from: number, size: number, window = LISTING_RESULT_WINDOW): { from: number; size: number } {
  return from < window ? { from, size: Math.min(size, window - from) } : { from: 0, size: 0 };
}
