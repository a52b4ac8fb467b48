// Published marketplace listings for partners who republish them, straight from the search index: each
// listing item with its properties' details, as its listing page gives them.
import type { SearchClient } from '../search/client.ts';
import { offsetOf, type PageRequest } from '../core/envelope.ts';
import { presentListingItem } from '../listings/listing-presenter.ts';
import type { ListingView } from '../listings/listing-view.ts';
import { totalOf } from '../search/search-engine-types.ts';
import { readItem } from '../listing-index/hit-readers.ts';
import { marketplacePageRequest } from '../listing-index/marketplace-request.ts';
import type { MarketplaceListingPayload } from './marketplace-payload.ts';

type ViewSource = { view?: { listing?: Pick<ListingView['listing'], 'singleProperty'>; properties?: ListingView['properties'] } };

export class MarketplaceService {
  constructor(
    private readonly search: SearchClient,
    private readonly alias: string,
  ) {}

  async published(page: PageRequest): Promise<{ items: MarketplaceListingPayload[]; total: number }> {
    const res = await this.search.search<ViewSource>({ index: this.alias, ...marketplacePageRequest(offsetOf(page), page.size) });
    const items: MarketplaceListingPayload[] = [];
    for (const hit of res.hits.hits) {
      const item = readItem(hit);
      if (!item) continue;
      // property details without a household, as the listing page gives them to a visitor
      const properties = (hit._source?.view?.properties ?? []).map((p) => ({ ...p, affordability: null }));
      const singleProperty = hit._source?.view?.listing?.singleProperty === true;
      items.push({
        ...presentListingItem(item.view),
        singleProperty,
        propertyDetails: singleProperty ? (properties[0] ?? null) : null,
        properties: singleProperty ? [] : properties,
      });
    }
    return { items, total: totalOf(res) };
  }
}
