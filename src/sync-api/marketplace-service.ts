// Published marketplace listings for partners who republish them, straight from the search index: each
// listing's stored item with its properties' details (marketplace-presenter.ts presents them).
import type { SearchClient } from '../search/client.ts';
import { offsetOf, type PageRequest } from '../core/envelope.ts';
import type { ListingView } from '../listings/listing-view.ts';
import type { StoredPropertyDetails } from '../listings/property-details-payload.ts';
import type { StoredItem } from '../listing-index/document/listing-item-field.ts';
import { totalOf } from '../search/search-engine-types.ts';
import { readItem } from '../listing-index/hit-readers.ts';
import { marketplacePageRequest } from '../listing-index/marketplace-request.ts';

type ViewSource = { view?: { listing?: Pick<ListingView['listing'], 'singleProperty'>; properties?: ListingView['properties'] } };

/** A published listing as the index holds it: its stored item, and its properties' details. */
export interface MarketplaceListing {
  item: StoredItem;
  singleProperty: boolean;
  properties: StoredPropertyDetails[];
}

export class MarketplaceService {
  constructor(
    private readonly search: SearchClient,
    private readonly alias: string,
  ) {}

  async published(page: PageRequest): Promise<{ items: MarketplaceListing[]; total: number }> {
    const res = await this.search.search<ViewSource>({ index: this.alias, ...marketplacePageRequest(offsetOf(page), page.size) });
    const items: MarketplaceListing[] = [];
    for (const hit of res.hits.hits) {
      const item = readItem(hit);
      if (!item) continue;
      items.push({ item, singleProperty: hit._source?.view?.listing?.singleProperty === true, properties: hit._source?.view?.properties ?? [] });
    }
    return { items, total: totalOf(res) };
  }
}
