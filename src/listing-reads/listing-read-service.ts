// Listing pages read from the search index: by id or slug, the live listing on the portal, or any
// listing the caller may preview, with its pages' view from PostgreSQL (listing-page-views.ts: never
// older than the document). Similar and home-featured listings come from the index alone. The requests
// are the listing index's (listing-index/).
import type { SearchClient } from '../search/client.ts';
import { NotFoundError } from '../core/errors.ts';
import type { IndexedListingDocument, ListingDocument } from '../listing-index/document/listing-document.ts';
import { withPageView, type ListingPageViews } from '../listing-index/document/listing-page-views.ts';
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
    private readonly views: Pick<ListingPageViews, 'read'>,
  ) {}

  /** The listing's document with its pages' view: read beside the engine's when the id is known, else beside the live check. */
  async find(key: ListingKey, portalId: number, preview: PreviewRight | null): Promise<ListingDocument> {
    const early = 'id' in key ? this.views.read([key.id]) : null;
    early?.catch(() => undefined); // awaited below, unless the listing is not found
    const { doc, version } = await this.lookup(key);
    const views = early ?? this.views.read([doc.id]);
    views.catch(() => undefined); // awaited below, unless the listing is not visible
    await this.checkVisible(key, doc, portalId, preview);
    return withPageView(doc, version, (await views).get(doc.id));
  }

  /** The listing's document as the index holds it, without its pages' view (similar listings). */
  async findIndexed(key: ListingKey, portalId: number, preview: PreviewRight | null): Promise<IndexedListingDocument> {
    const { doc } = await this.lookup(key);
    await this.checkVisible(key, doc, portalId, preview);
    return doc;
  }

  private async lookup(key: ListingKey): Promise<{ doc: IndexedListingDocument; version: number | undefined }> {
    const res = await this.search.search<IndexedListingDocument>({ index: this.alias, ...listingByKeyRequest(key) });
    const hit = res.hits.hits[0];
    if (!hit?._source) throw missing(key);
    return { doc: hit._source, version: hit._version ?? undefined };
  }

  private async checkVisible(key: ListingKey, doc: IndexedListingDocument, portalId: number, preview: PreviewRight | null): Promise<void> {
    const mayPreview = preview !== null && (preview.all || preview.accountId === doc.accountId || preview.listingId === doc.id);
    if (!mayPreview && !(await this.isLive(doc.id, portalId))) throw missing(key);
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
  similar(doc: IndexedListingDocument, size: number, portalId: number, narrow: SimilarNarrowing = {}): Promise<StoredItem[]> {
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

const missing = (key: ListingKey) => new NotFoundError(`Listing ${'id' in key ? key.id : key.slug} was not found`);
