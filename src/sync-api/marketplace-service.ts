// Published marketplace listings for partners who republish them, from the search index: each listing's
// stored item, with its properties' details from its pages' view (listing-page-views.ts;
// marketplace-presenter.ts presents them).
import type { SearchClient } from '../search/client.ts';
import { offsetOf, type PageRequest } from '../core/envelope.ts';
import type { ListingView } from '../listings/listing-view.ts';
import type { StoredPropertyDetails } from '../listings/property-details-payload.ts';
import type { StoredItem } from '../listing-index/document/listing-item-field.ts';
import { totalOf } from '../search/search-engine-types.ts';
import { readItem } from '../listing-index/hit-readers.ts';
import { marketplacePageRequest } from '../listing-index/marketplace-request.ts';
import { withPageView, type ListingPageViews } from '../listing-index/document/listing-page-views.ts';

/** what an index of an older mapping holds of the view (its documents hold it) */
type ViewSource = { view?: ListingView };

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
    private readonly views: Pick<ListingPageViews, 'read'>,
  ) {}

  async published(page: PageRequest): Promise<{ items: MarketplaceListing[]; total: number }> {
    const res = await this.search.search<ViewSource>({ index: this.alias, ...marketplacePageRequest(offsetOf(page), page.size) });
    const stored = await this.views.read(res.hits.hits.map((h) => Number(h._id)));
    const items: MarketplaceListing[] = [];
    for (const hit of res.hits.hits) {
      const item = readItem(hit);
      if (!item) continue;
      const { view } = withPageView({ id: item.id, view: hit._source?.view }, hit._version ?? undefined, stored.get(item.id));
      items.push({ item, singleProperty: view.listing.singleProperty === true, properties: view.properties });
    }
    return { items, total: totalOf(res) };
  }
}
