// The coarse copy of a saved query that finds the saved searches a listing may match without running
// them all: its occupancy type, the rectangle searched (a PostgreSQL box, GiST-indexed), the highest
// headline price and the bedroom bounds. Whatever passes is then judged by the search's own filters.
import type { Rect } from '../places/geo.ts';
import type { SearchParams } from '../listing-search/search-params.ts';
import { bedroomBounds } from './saved-search-summary.ts';

export interface SavedCriteria {
  forSale: boolean;
  rect: Rect;
  maxPrice: number | null;
  minBedrooms: number | null;
  maxBedrooms: number | null;
}

export function criteriaOf(p: SearchParams, rect: Rect): SavedCriteria {
  const forSale = p.occupancy_type === 'for-sale';
  const { low, high } = bedroomBounds(p);
  return { forSale, rect, maxPrice: forSale ? p.max_full_value : p.max_monthly_rent, minBedrooms: low, maxBedrooms: high };
}

/** The rectangle as PostgreSQL box text: "(east,north),(west,south)", x the longitude and y the latitude. */
export const boxText = (r: Rect): string => `(${r.east},${r.north}),(${r.west},${r.south})`;
