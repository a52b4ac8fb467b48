// Published marketplace listings for partners who republish them, straight from the search index.
import type { SearchClient } from '../search/client.ts';
import { offsetOf, type PageRequest } from '../core/envelope.ts';
import { presentListingItem, type ListingItem } from '../listings/listing-presenter.ts';
import { totalOf } from '../search/search-engine-types.ts';
import { readItems } from '../listing-index/hit-readers.ts';
import { marketplacePageRequest } from '../listing-index/marketplace-request.ts';

export class MarketplaceService {
  constructor(
    private readonly search: SearchClient,
    private readonly alias: string,
  ) {}

  async published(page: PageRequest, now = new Date()): Promise<{ items: ListingItem[]; total: number }> {
    const res = await this.search.search({ index: this.alias, ...marketplacePageRequest(offsetOf(page), page.size, now) });
    return { items: readItems(res.hits.hits).map((item) => presentListingItem(item.view)), total: totalOf(res) };
  }
}
