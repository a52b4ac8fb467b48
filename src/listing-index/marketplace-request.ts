// The marketplace pull: a page of every live listing (any portal), by id, with the total; each hit's
// stored item and version (its properties' details come from its pages' view, listing-page-views.ts;
// an index of an older mapping still holds them in its source).
import { hitsWindow } from '../search/result-window.ts';
import { liveListingClauses } from './live-listing.ts';
import { ITEM_ONLY } from './field-selections.ts';

export const MARKETPLACE_SOURCE = ['view.listing.singleProperty', 'view.properties'];

export function marketplacePageRequest(from: number, size: number): Record<string, unknown> {
  return {
    ...hitsWindow(from, size),
    track_total_hits: true,
    query: { bool: { filter: liveListingClauses() } },
    sort: [{ id: 'asc' }],
    version: true,
    ...ITEM_ONLY,
    _source: MARKETPLACE_SOURCE,
  };
}
