// Builds the engine requests of one search (pure): the page of results, the counts (facets and the
// map listings' fingerprint), and the pool of featured listings with the items this page likely shows.
// They go to the engine in one multi-search. The map listings request is sent only when the map
// listing cache has no array for the fingerprint.
import type { SearchParams } from '../search-criteria/search-params.ts';
import type { PortalSettings } from '../portals/portal-settings.ts';
import type { SearchArea } from '../search-criteria/search-area.ts';
import { listingQuery, propertyClauses, type SearchFilters } from './search-filters.ts';
import { countsRequest } from './facet-counts.ts';
import { sortPlan } from './search-sort.ts';
import { HEADLINE_FIELD, HEADLINE_REDUCED_ON_FIELD } from './document/presented-item.ts';
import { PRESENTED_ITEM_ONLY } from './field-selections.ts';
import { MAP_FINGERPRINT_AGGS } from './map-fingerprint.ts';
import { mapListingsRequest } from './map-requests.ts';
import { featuredItemsRequest, featuredMatchesQuery, featuredPoolRequest } from './featured-requests.ts';
import { withPropertyMatching } from './property-clauses.ts';
import { hitsWindow } from '../search/result-window.ts';
import { NOBODY, type SearchPerson } from '../search-criteria/search-person.ts';
import type { SearchScope } from './index-footprint.ts';

export const MAP_LIMIT = 1000;
export const FEATURED_POOL_LIMIT = 200;

// The parts of the engine's answers the search reads: leaving out each hit's index name, score and sort
// values shrinks the answer by a third to a half.
export const RESPONSE_PARTS = [
  'responses.hits.total',
  'responses.hits.hits._id',
  'responses.hits.hits.fields',
  'responses.hits.hits.inner_hits.properties.hits.hits.fields',
  'responses.hits.hits.inner_hits.headline.hits.hits.fields',
  'responses.aggregations',
  'responses.error',
  'responses.status',
];

export interface SearchPlan {
  main: Record<string, unknown>;
  /** facet counts and the map fingerprint alone (size 0), so that the shard request cache can answer repeated searches */
  counts: Record<string, unknown> | null;
  /** map listing ids and digests, with their fingerprint: sent when the cache has no array for the fingerprint */
  map: Record<string, unknown> | null;
  featuredPool: Record<string, unknown> | null;
  /** the items of the pool entries this page's rotation is likely to pick */
  featuredItems: Record<string, unknown> | null;
  featuredPerPage: number;
  full: boolean;
  /** what of the index the answer reads (index-footprint.ts); null: any change may touch it */
  scope: SearchScope | null;
}

export function planSearch(p: SearchParams, f: SearchFilters, area: SearchArea, settings: PortalSettings, partnerSource: string | null, person: SearchPerson = NOBODY): SearchPlan {
  const full = p.page === 1 || settings.fullEnvelopeOnLaterPages;
  const featuredPerPage = Math.min(settings.featuredPerPage, p.max_featured ?? Number.POSITIVE_INFINITY);
  // bedrooms of the matching properties, from doc values: reading them from _source parses the whole document
  // (and their ids: an item's affordability is that of its matching properties)
  // (and their ranks and monthly costs: the item's monthlyCostFrom is its pool's, listings/listing-affordability.ts)
  const innerHits = { size: 100, _source: false, docvalue_fields: ['properties.bedrooms', 'properties.id', 'properties.availabilityRank', 'properties.monthlyCost'] };
  const props = propertyClauses(f);
  const filtered = withHeadlineHit(listingQuery(f, undefined, innerHits), props, p.occupancy_type === 'for-sale' ? 'properties.fullMarketPrice' : 'properties.monthlyRent');
  const { should, sort, readsIndexStatistics } = sortPlan(p, area.center, props, partnerSource, person);
  const main: Record<string, unknown> = {
    query: should.length ? { bool: { filter: [filtered], should } } : filtered,
    sort,
    ...hitsWindow((p.page - 1) * p.size, p.size),
    track_total_hits: true,
    ...PRESENTED_ITEM_ONLY,
  };
  const plain = listingQuery(f);
  const facets = full && settings.facets;
  const withMap = full && settings.mapListings && !p.without_map;
  const counts = facets || withMap ? { size: 0, track_total_hits: false, ...countsRequest(p, f, facets, withMap ? MAP_FINGERPRINT_AGGS : {}) } : null;
  // map listings come back as ids and digests, when asked for at all; their data comes from the map listing cache
  const map = withMap ? mapListingsRequest(plain, MAP_LIMIT) : null;
  const featured = featuredPerPage > 0 ? featuredMatchesQuery(plain) : null;
  const featuredPool = featured ? featuredPoolRequest(featured, FEATURED_POOL_LIMIT) : null;
  // The pool entries this page's rotation picks unless it wraps round (see rotateFeatured), with their
  // items, so that the usual page needs no second round trip. Twice as many as it shows, since those
  // already on the page are skipped; when that is not enough, the rest are fetched afterwards. A window
  // starting past the pool holds none of its entries (the rotation wraps round within the pool).
  const windowFrom = (p.page - 1) * featuredPerPage;
  const featuredItems = featured && windowFrom < FEATURED_POOL_LIMIT ? featuredItemsRequest(featured, windowFrom, Math.min(2 * featuredPerPage, FEATURED_POOL_LIMIT)) : null;
  return { main, counts, map, featuredPool, featuredItems, featuredPerPage, full, scope: readsIndexStatistics ? null : f.scope };
}

/**
 * With clauses on the properties' fields, the headline property among those that match (headline.ts)
 * comes back as the inner hit `headline`, with its prices as the item's tail (presented-item.ts): the
 * most advertised, then the cheapest by `priceField`, then the lowest id. Without such clauses the
 * listing's own headline is in its item already.
 */
function withHeadlineHit(query: object, props: object[], priceField: string): object {
  if (props.length === 0) return query;
  const sort = [
    { 'properties.availabilityRank': { order: 'asc', unmapped_type: 'integer' } },
    { [priceField]: { order: 'asc', missing: '_last' } },
    { 'properties.id': { order: 'asc' } },
  ];
  const headline = { name: 'headline', size: 1, _source: false, sort, docvalue_fields: [HEADLINE_FIELD, HEADLINE_REDUCED_ON_FIELD] };
  return { bool: { filter: [query, withPropertyMatching(props, headline)] } };
}

/**
 * Multi-search headers. The shard request cache keeps a request's answer until the index next changes
 * (a refresh drops them), for the same request whenever it is sent (no time is in a request: the live
 * rule is a stored field, listing-index/live-listing.ts). The counts and the featured pool are the same
 * on every page of a search; the page itself is the same for everybody who asks for it (the service's
 * response memo asks the engine only while it cannot tell that the index is unchanged). So the page, the counts and the
 * pool are cached: the counts by default (size 0), the page and the pool, which return hits, only when
 * asked. Only the query phase is kept: the hits' fields and inner hits are fetched each time. The
 * featured items are a window of the pool's that moves with the page, and stay uncached.
 */
const HEADER = '{}';
const CACHED = '{"request_cache":true}';

/** The plan's requests, in the order the answer reads them, as one multi-search body (newline-delimited JSON, on the index of the URL). */
export function multiSearchBody(plan: SearchPlan): string {
  const requests: [string, Record<string, unknown> | null][] = [
    [CACHED, plan.main],
    [CACHED, plan.counts],
    [CACHED, plan.featuredPool],
    [HEADER, plan.featuredItems],
  ];
  return requests
    .filter((r): r is [string, Record<string, unknown>] => r[1] !== null)
    .map(([header, body]) => `${header}\n${JSON.stringify(body)}\n`)
    .join('');
}
