// Published marketplace listings for partners who republish them, straight from the search index.
import type { SearchClient } from '../search/client.ts';
import { offsetOf, type PageRequest } from '../core/envelope.ts';
import { ITEM_ONLY, readItems } from './listing-item-field.ts';
import { presentListingItem, type ListingItem } from './listing-presenter.ts';
import { liveListingFilters } from './visibility-filters.ts';
import { totalOf } from '../search/search-engine-types.ts';
import { hitsWindow } from '../search/result-window.ts';

export class MarketplaceService {
  constructor(
    private readonly search: SearchClient,
    private readonly alias: string,
  ) {}

  async published(page: PageRequest, now = new Date()): Promise<{ items: ListingItem[]; total: number }> {
    const res = await this.search.search({
      index: this.alias,
      ...hitsWindow(offsetOf(page), page.size),
      track_total_hits: true,
      query: { bool: { filter: liveListingFilters(now) } },
      sort: [{ id: 'asc' }],
      ...ITEM_ONLY,
    });
    return { items: readItems(res.hits.hits).map((item) => presentListingItem(item.view)), total: totalOf(res) };
  }
}
