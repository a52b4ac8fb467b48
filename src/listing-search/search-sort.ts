// Sort clauses for each sort option. Price sorts order by the headline price the items show, through
// the listings' scores (price-order.ts); the `relevance` sort (with keywords) by the keywords' score;
// with a partner source, partner listings come first whatever the sort. The keywords themselves are
// filters (search-filters.ts): only the relevance sort scores them, so no other sort's score moves.
import type { SearchParams } from './search-params.ts';
import { RELEVANCE_OPTION, SORT_OPTIONS } from './search-params.ts';
import type { LatLng } from '../places/geo.ts';
import { priceOrder } from './price-order.ts';
import { hasKeywords, parseKeywords } from '../keywords/keyword-query.ts';
import { keywordClauses } from '../keywords/keyword-clauses.ts';

/** Sorted by relevance, partner listings first: a boost far above any keyword score. */
const PARTNER_ABOVE_RELEVANCE = 10_000;

export function sortOptionsFor(p: SearchParams) {
  const options = SORT_OPTIONS[p.occupancy_type].map((o) => ({ value: o.value as string, text: o.text as string }));
  return hasKeywords(p.keywords) ? [{ ...RELEVANCE_OPTION }, ...options] : options;
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

const partnerBoost = (partnerSource: string, boost: number) => ({ constant_score: { filter: { term: { partnerSources: partnerSource } }, boost } });

/** `propertyFilter`: the search's clauses on a property's fields, which decide the matching properties. */
export function sortPlan(p: SearchParams, center: LatLng, propertyFilter: object[], partnerSource: string | null): SortPlan {
  const sortBy = p.sort_by ?? sortOptionsFor(p)[0]!.value;
  const byPrice = PRICE_SORTS[sortBy];
  if (byPrice) return priceOrder(byPrice[0], byPrice[1], propertyFilter, partnerSource);
  const main: Record<string, object> = {
    newest: { publishedAt: { order: 'desc' } },
    nearest: { _geo_distance: { location: { lat: center.lat, lon: center.lng }, order: 'asc', unit: 'mi' } },
  };
  const tieBreak = { id: { order: 'asc' } };
  if (sortBy === RELEVANCE_OPTION.value) {
    // the required words and phrases score again here (they filter already); equally relevant listings newest first
    const keywords = parseKeywords(p.keywords);
    const scoring = keywords ? keywordClauses(keywords).required : [];
    const should = partnerSource === null ? scoring : [...scoring, partnerBoost(partnerSource, PARTNER_ABOVE_RELEVANCE)];
    return { should, sort: [{ _score: { order: 'desc' } }, main.newest!, tieBreak] };
  }
  const sort = [main[sortBy]!, tieBreak];
  if (partnerSource === null) return { should: [], sort };
  return { should: [partnerBoost(partnerSource, 1)], sort: [{ _score: { order: 'desc' } }, ...sort] };
}
