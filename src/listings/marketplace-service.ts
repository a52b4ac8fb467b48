// Published marketplace listings for partners who republish them, straight from the search index.
import type { SearchClient } from '../search/client.ts';
import type { PageRequest } from '../core/envelope.ts';
import type { ListingDocument } from './listing-document.ts';
import { presentListingItem, type ListingItem } from './listing-presenter.ts';
import { liveListingFilters } from './visibility-filters.ts';

export class MarketplaceService {
  constructor(
    private readonly search: SearchClient,
    private readonly alias: string,
  ) {}

  async published(page: PageRequest, now = new Date()): Promise<{ items: ListingItem[]; total: number }> {
    const res = await this.search.search<ListingDocument>({
      index: this.alias,
      from: (page.page - 1) * page.size,
      size: page.size,
      track_total_hits: true,
      query: { bool: { filter: liveListingFilters(now) } },
      sort: [{ id: 'asc' }],
      _source: ['view'],
    });
    const total = typeof res.hits.total === 'number' ? res.hits.total : (res.hits.total?.value ?? 0);
    return { items: res.hits.hits.map((h) => presentListingItem(h._source!.view)), total };
  }
}
