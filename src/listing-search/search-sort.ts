// Sort clauses for each sort option; prices sort on the properties that match the filters.
import type { SearchParams } from './search-params.ts';
import { POSTCODE_SORT_OPTIONS, SORT_OPTIONS } from './search-params.ts';
import type { LatLng } from '../places/geo.ts';
import { NOBODY, type SearchPerson } from './personal-search.ts';

/** The occupancy type's options, then nearest work and home when those postcodes are known. */
export function sortOptionsFor(p: SearchParams, person: SearchPerson = NOBODY) {
  const own = SORT_OPTIONS[p.occupancy_type].map((o) => ({ value: o.value as string, text: o.text as string }));
  const known = POSTCODE_SORT_OPTIONS.filter((o) => person[o.needs] !== null).map((o) => ({ value: o.value as string, text: o.text as string }));
  return [...own, ...known];
}

export function sortClauses(p: SearchParams, center: LatLng, propertyFilter: object[], person: SearchPerson = NOBODY): object[] {
  const sortBy = p.sort_by ?? SORT_OPTIONS[p.occupancy_type][0].value;
  const nested = { path: 'properties', ...(propertyFilter.length ? { filter: { bool: { filter: propertyFilter } } } : {}) };
  const byPrice = (field: string, order: 'asc' | 'desc') => ({ [`properties.${field}`]: { order, mode: order === 'asc' ? 'min' : 'max', missing: '_last', nested } });
  const main: Record<string, object> = {
    newest: { publishedAt: { order: 'desc' } },
    'price-low-high': byPrice('fullMarketPrice', 'asc'),
    'price-high-low': byPrice('fullMarketPrice', 'desc'),
    'rent-low-high': byPrice('monthlyRent', 'asc'),
    'rent-high-low': byPrice('monthlyRent', 'desc'),
    nearest: { _geo_distance: { location: { lat: center.lat, lon: center.lng }, order: 'asc', unit: 'mi' } },
    'monthly-cost-low-high': byPrice('monthlyCost', 'asc'),
  };
  const from = sortBy === 'nearest-work' ? person.work : sortBy === 'nearest-home' ? person.home : null;
  // personal-search.ts refuses these sorts without their postcode
  if (from) return [{ _geo_distance: { location: { lat: from.latitude, lon: from.longitude }, order: 'asc', unit: 'mi' } }, { id: { order: 'asc' } }];
  return [main[sortBy]!, { id: { order: 'asc' } }];
}
