// The lowest and highest known value of a price over live listings' properties (the search ranges).

import { liveListingClauses } from './live-listing.ts';

export type RangedPrice = 'fullMarketPrice' | 'monthlyRent';

export function priceRangeRequest(field: RangedPrice): Record<string, unknown> {
  return {
    size: 0,
    query: { bool: { filter: liveListingClauses() } },
    aggs: { props: { nested: { path: 'properties' }, aggs: { min: { min: { field: `properties.${field}` } }, max: { max: { field: `properties.${field}` } } } } },
  };
}

export function readPriceRange(aggregations: unknown): { min: number | null; max: number | null } {
  const props = (aggregations as { props: { min: { value: number | null }; max: { value: number | null } } }).props;
  return { min: props.min.value, max: props.max.value };
}
