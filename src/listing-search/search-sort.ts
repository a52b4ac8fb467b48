// Sort clauses for each sort option. Price sorts order by the headline price the items show, through
// the listings' scores (price-order.ts); with a partner source, partner listings come first whatever
// the sort.
import type { SearchParams } from './search-params.ts';
import { SORT_OPTIONS } from './search-params.ts';
import type { LatLng } from '../places/geo.ts';
import { priceOrder } from './price-order.ts';

export function sortOptionsFor(p: SearchParams) {
  return SORT_OPTIONS[p.occupancy_type].map((o) => ({ value: o.value as string, text: o.text as string }));
}

export interface SortPlan {
  /** should clauses scoring the listings (none: every listing scores alike) */
  should: object[];
  sort: object[];
}

const PRICE_SORTS: Record<string, [string, 'asc' | 'desc']> = {
  'price-low-high': ['properties.fullMarketPrice', 'asc'],
  'price-high-low': ['properties.fullMarketPrice', 'desc'],
  'rent-low-high': ['properties.monthlyRent', 'asc'],
  'rent-high-low': ['properties.monthlyRent', 'desc'],
};

/** `propertyFilter`: the search's clauses on a property's fields, which decide the matching properties. */
export function sortPlan(p: SearchParams, center: LatLng, propertyFilter: object[], partnerSource: string | null): SortPlan {
  const sortBy = p.sort_by ?? SORT_OPTIONS[p.occupancy_type][0].value;
  const byPrice = PRICE_SORTS[sortBy];
  if (byPrice) return priceOrder(byPrice[0], byPrice[1], propertyFilter, partnerSource);
  const main: Record<string, object> = {
    newest: { publishedAt: { order: 'desc' } },
    nearest: { _geo_distance: { location: { lat: center.lat, lon: center.lng }, order: 'asc', unit: 'mi' } },
  };
  const sort = [main[sortBy]!, { id: { order: 'asc' } }];
  if (partnerSource === null) return { should: [], sort };
  return { should: [{ constant_score: { filter: { term: { partnerSources: partnerSource } }, boost: 1 } }], sort: [{ _score: { order: 'desc' } }, ...sort] };
}
