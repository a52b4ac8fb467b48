// Listing pages read from the search index: by id or slug, the live listing on the portal, or any
// listing the caller may preview. Similar and home-featured listings come from the index as well.
import type { SearchClient } from '../search/client.ts';
import { NotFoundError } from '../core/errors.ts';
import type { ListingDocument } from '../listings/listing-document.ts';
import { liveListingFilters, portalFilter } from '../listings/visibility-filters.ts';
import { ITEM_ONLY, readItems, type StoredItem } from '../listings/listing-item-field.ts';
import type { PreviewRight } from './preview-access.ts';

export type ListingKey = { id: number } | { slug: string };

export class ListingReadService {
  constructor(
    private readonly search: SearchClient,
    private readonly alias: string,
  ) {}

  async find(key: ListingKey, portalId: number, preview: PreviewRight | null, now = new Date()): Promise<ListingDocument> {
    const identity = 'id' in key ? { term: { id: key.id } } : { term: { slug: key.slug } };
    const res = await this.search.search<ListingDocument>({ index: this.alias, size: 1, query: { bool: { filter: [identity] } } });
    const doc = res.hits.hits[0]?._source;
    const missing = () => new NotFoundError(`Listing ${'id' in key ? key.id : key.slug} was not found`);
    if (!doc) throw missing();
    const mayPreview = preview !== null && (preview.all || preview.accountId === doc.accountId);
    if (!mayPreview && !(await this.isLive(doc.id, portalId, now))) throw missing();
    return doc;
  }

  private async isLive(id: number, portalId: number, now: Date): Promise<boolean> {
    const res = await this.search.count({ index: this.alias, query: { bool: { filter: [{ term: { id } }, ...liveListingFilters(now), portalFilter(portalId)] } } });
    return res.count > 0;
  }

  /** Featured listings for the home page, in an order that changes every hour. */
  async homeFeatured(size: number, portalId: number, now = new Date()): Promise<StoredItem[]> {
    const seed = Math.floor(now.getTime() / 3_600_000);
    return this.items({
      size,
      query: {
        function_score: {
          query: { bool: { filter: [...liveListingFilters(now), portalFilter(portalId), { term: { displayAs: 'featured' } }] } },
          functions: [{ random_score: { seed, field: '_seq_no' } }],
          boost_mode: 'replace',
        },
      },
    });
  }

  /**
   * Same occupancy type, near, comparable price and bedrooms; never the listing itself. `narrow` adds
   * clauses of the caller's (recommendations: eligibility, listings applied for).
   */
  async similar(
    doc: ListingDocument,
    size: number,
    portalId: number,
    now = new Date(),
    narrow: { filter?: object[]; must_not?: object[] } = {},
  ): Promise<StoredItem[]> {
    const priceField = doc.forSale ? 'minFullMarketPrice' : 'minMonthlyRent';
    const price = doc.forSale ? doc.minFullMarketPrice : doc.minMonthlyRent;
    const functions: object[] = [{ gauss: { location: { origin: doc.location, scale: '5mi', offset: '1mi', decay: 0.5 } }, weight: 3 }];
    if (price !== null) functions.push({ gauss: { [priceField]: { origin: price, scale: Math.max(price * 0.25, 1), decay: 0.5 } }, weight: 2 });
    return this.items({
      size,
      query: {
        function_score: {
          query: {
            bool: {
              filter: [
                ...liveListingFilters(now),
                portalFilter(portalId),
                { term: { forSale: doc.forSale } },
                { geo_distance: { distance: '50mi', location: doc.location } },
                ...(narrow.filter ?? []),
              ],
              must_not: [{ term: { id: doc.id } }, ...(narrow.must_not ?? [])],
              should: [{ terms: { bedrooms: doc.bedrooms } }],
            },
          },
          functions,
          score_mode: 'sum',
          boost_mode: 'sum',
        },
      },
    });
  }

  async items(body: Record<string, unknown>): Promise<StoredItem[]> {
    const res = await this.search.search({ index: this.alias, ...ITEM_ONLY, ...body });
    return readItems(res.hits.hits);
  }

  /** Lowest and highest known value of a price over live listings' properties. */
  async range(field: 'fullMarketPrice' | 'monthlyRent', now = new Date()): Promise<{ min: number | null; max: number | null }> {
    const res = await this.search.search({
      index: this.alias,
      size: 0,
      query: { bool: { filter: liveListingFilters(now) } },
      aggs: { props: { nested: { path: 'properties' }, aggs: { min: { min: { field: `properties.${field}` } }, max: { max: { field: `properties.${field}` } } } } },
    });
    const props = (res.aggregations as { props: { min: { value: number | null }; max: { value: number | null } } }).props;
    return { min: props.min.value, max: props.max.value };
  }
}
