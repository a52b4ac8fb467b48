// Sort clauses for each sort option; prices sort on the properties that match the filters.
import type { SearchParams } from './search-params.ts';
import { RELEVANCE_OPTION, SORT_OPTIONS } from './search-params.ts';
import type { LatLng } from '../places/geo.ts';
import { hasKeywords } from '../keywords/keyword-query.ts';

export function sortOptionsFor(p: SearchParams) {
  const options = SORT_OPTIONS[p.occupancy_type].map((o) => ({ value: o.value as string, text: o.text as string }));
  return hasKeywords(p.keywords) ? [{ ...RELEVANCE_OPTION }, ...options] : options;
}

export function sortClauses(p: SearchParams, center: LatLng, propertyFilter: object[]): object[] {
  const sortBy = p.sort_by ?? sortOptionsFor(p)[0]!.value;
  const nested = { path: 'properties', ...(propertyFilter.length ? { filter: { bool: { filter: propertyFilter } } } : {}) };
  const byPrice = (field: string, order: 'asc' | 'desc') => ({ [`properties.${field}`]: { order, mode: order === 'asc' ? 'min' : 'max', missing: '_last', nested } });
  const main: Record<string, object> = {
    newest: { publishedAt: { order: 'desc' } },
    'price-low-high': byPrice('fullMarketPrice', 'asc'),
    'price-high-low': byPrice('fullMarketPrice', 'desc'),
    'rent-low-high': byPrice('monthlyRent', 'asc'),
    'rent-high-low': byPrice('monthlyRent', 'desc'),
    nearest: { _geo_distance: { location: { lat: center.lat, lon: center.lng }, order: 'asc', unit: 'mi' } },
  };
  // equally relevant listings newest first
  if (sortBy === RELEVANCE_OPTION.value) return [{ _score: { order: 'desc' } }, main.newest!, { id: { order: 'asc' } }];
  return [main[sortBy]!, { id: { order: 'asc' } }];
}
