// Sort clauses for each sort option. Price sorts order by the headline price the items show, through
// the listings' scores (price-order.ts); the `relevance` sort (with keywords) by the keywords' score;
// with a partner source, partner listings come first whatever the sort. The keywords themselves are
// filters (search-filters.ts): only the relevance sort scores them, so no other sort's score moves.
// The monthly cost sorts on the lowest cost in the pool of the matching properties (the item's "from",
// listings/listing-affordability.ts): without property filters a nested sort over the listing's own pool
// (`inPool`), with them by score as the price sorts do, over the pool's rank;
// nearest work and home by the distance from that postcode (search-criteria/search-person.ts refuses them
// without one).
import type { SearchParams } from '../search-criteria/search-params.ts';
import { POSTCODE_SORT_OPTIONS, RELEVANCE_OPTION, SORT_OPTIONS } from '../search-criteria/search-params.ts';
import type { LatLng } from '../places/geo.ts';
import { priceOrder } from './price-order.ts';
import { NOBODY, type SearchPerson } from '../search-criteria/search-person.ts';
import { hasKeywords, parseKeywords } from '../keywords/keyword-query.ts';
import { keywordClauses } from './keyword-clauses.ts';
import { partnerClause } from './listing-clauses.ts';
import { IN_POOL } from './pool-clauses.ts';

/** Sorted by relevance, partner listings first: a boost far above any keyword score. */
const PARTNER_ABOVE_RELEVANCE = 10_000;

/** Relevance first when the search sends keywords, the occupancy type's options, then nearest work and home when those postcodes are known. */
export function sortOptionsFor(p: SearchParams, person: SearchPerson = NOBODY) {
  const own = SORT_OPTIONS[p.occupancy_type].map((o) => ({ value: o.value as string, text: o.text as string }));
  const known = POSTCODE_SORT_OPTIONS.filter((o) => person[o.needs] !== null).map((o) => ({ value: o.value as string, text: o.text as string }));
  const relevance = hasKeywords(p.keywords) ? [{ value: RELEVANCE_OPTION.value as string, text: RELEVANCE_OPTION.text as string }] : [];
  return [...relevance, ...own, ...known];
}

export interface SortPlan {
  /** should clauses scoring the listings (none: every listing scores alike) */
  should: object[];
  sort: object[];
  /** the keywords score: scores that read the whole index's term statistics, so any change of the index may move them */
  readsIndexStatistics?: true;
}

const PRICE_SORTS: Record<string, [string, 'asc' | 'desc']> = {
  'price-low-high': ['properties.fullMarketPrice', 'asc'],
  'price-high-low': ['properties.fullMarketPrice', 'desc'],
  'rent-low-high': ['properties.monthlyRent', 'asc'],
  'rent-high-low': ['properties.monthlyRent', 'desc'],
};

const partnerBoost = (partnerSource: string, boost: number) => ({ constant_score: { filter: partnerClause(partnerSource), boost } });

/** `propertyFilter`: the search's clauses on a property's fields, which decide the matching properties. */
export function sortPlan(p: SearchParams, center: LatLng, propertyFilter: object[], partnerSource: string | null, person: SearchPerson = NOBODY): SortPlan {
  const sortBy = p.sort_by ?? sortOptionsFor(p, person)[0]!.value;
  const byPrice = PRICE_SORTS[sortBy];
  if (byPrice) return priceOrder(byPrice[0], byPrice[1], propertyFilter, partnerSource);
  // the pool's lowest monthly cost: with property filters, the pool's rank depends on them (price-order.ts)
  if (sortBy === 'monthly-cost-low-high' && propertyFilter.length) return priceOrder('properties.monthlyCost', 'asc', propertyFilter, partnerSource);
  const main: Record<string, object> = {
    newest: { publishedAt: { order: 'desc' } },
    nearest: byDistance(center.lat, center.lng),
    'monthly-cost-low-high': { 'properties.monthlyCost': { order: 'asc', mode: 'min', missing: '_last', nested: { path: 'properties', filter: IN_POOL } } },
  };
  if (person.work) main['nearest-work'] = byDistance(person.work.latitude, person.work.longitude);
  if (person.home) main['nearest-home'] = byDistance(person.home.latitude, person.home.longitude);
  const tieBreak = { id: { order: 'asc' } };
  if (sortBy === RELEVANCE_OPTION.value) {
    // the required words and phrases score again here (they filter already); equally relevant listings newest first
    const keywords = parseKeywords(p.keywords);
    const scoring = keywords ? keywordClauses(keywords).required : [];
    const should = partnerSource === null ? scoring : [...scoring, partnerBoost(partnerSource, PARTNER_ABOVE_RELEVANCE)];
    return { should, sort: [{ _score: { order: 'desc' } }, main.newest!, tieBreak], ...(scoring.length ? { readsIndexStatistics: true as const } : {}) };
  }
  const sort = [main[sortBy]!, tieBreak];
  if (partnerSource === null) return { should: [], sort };
  return { should: [partnerBoost(partnerSource, 1)], sort: [{ _score: { order: 'desc' } }, ...sort] };
}

const byDistance = (lat: number, lon: number) => ({ _geo_distance: { location: { lat, lon }, order: 'asc', unit: 'mi' } });
