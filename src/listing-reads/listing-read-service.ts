// Listing pages read from the search index: by id or slug, the live listing on the portal, or any
// listing the caller may preview. Similar and home-featured listings come from the index as well. The
// requests are the listing index's (listing-index/).
import type { SearchClient } from '../search/client.ts';
import { NotFoundError } from '../core/errors.ts';
import type { ListingDocument } from '../listing-index/document/listing-document.ts';
import type { StoredItem } from '../listing-index/document/listing-item-field.ts';
import { readItems } from '../listing-index/hit-readers.ts';
import { listingByKeyRequest, liveOnPortalCountRequest, type ListingKey } from '../listing-index/listing-page-requests.ts';
import { homeFeaturedRequest } from '../listing-index/featured-requests.ts';
import { similarListingsRequest, type SimilarNarrowing } from '../listing-index/similar-request.ts';
import { priceRangeRequest, readPriceRange, type RangedPrice } from '../listing-index/price-range-request.ts';
import type { PreviewRight } from './preview-access.ts';
import type { RangePayload } from './listing-details-payload.ts';

export type { ListingKey };

export class ListingReadService {
  constructor(
    private readonly search: SearchClient,
    private readonly alias: string,
  ) {}

  async find(key: ListingKey, portalId: number, preview: PreviewRight | null): Promise<ListingDocument> {
    const res = await this.search.search<ListingDocument>({ index: this.alias, ...listingByKeyRequest(key) });
    const doc = res.hits.hits[0]?._source;
    const missing = () => new NotFoundError(`Listing ${'id' in key ? key.id : key.slug} was not found`);
    if (!doc) throw missing();
    const mayPreview = preview !== null && (preview.all || preview.accountId === doc.accountId || preview.listingId === doc.id);
    if (!mayPreview && !(await this.isLive(doc.id, portalId))) throw missing();
    return doc;
  }

  private async isLive(id: number, portalId: number): Promise<boolean> {
    const res = await this.search.count({ index: this.alias, ...liveOnPortalCountRequest(id, portalId) });
    return res.count > 0;
  }

  /** Featured listings for the home page, in an order that changes every hour. */
  homeFeatured(size: number, portalId: number, now = new Date()): Promise<StoredItem[]> {
    return this.items(homeFeaturedRequest(size, portalId, now));
  }

  /**
   * Same occupancy type, near, comparable price and bedrooms; never the listing itself. `narrow` adds
   * clauses of the caller's (recommendations: listing-index/similar-request.ts recommendationNarrowing).
   */
  similar(doc: ListingDocument, size: number, portalId: number, narrow: SimilarNarrowing = {}): Promise<StoredItem[]> {
    return this.items(similarListingsRequest(doc, size, portalId, narrow));
  }

  /** The items of a listing index request that reads them (ITEM_ONLY): an area page's listings, say. */
  async items(request: Record<string, unknown>): Promise<StoredItem[]> {
    const res = await this.search.search({ index: this.alias, ...request });
    return readItems(res.hits.hits);
  }

  /** Lowest and highest known value of a price over live listings' properties. */
  async range(field: RangedPrice): Promise<RangePayload> {
    const res = await this.search.search({ index: this.alias, ...priceRangeRequest(field) });
    return readPriceRange(res.aggregations);
  }
}
