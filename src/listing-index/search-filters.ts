// Search parameters as query clauses, split by level (listing fields, or a property's fields inside
// the nested `properties`) and tagged with the facet they belong to, so that each facet can be
// counted with every other facet's selection applied but not its own. The clauses themselves are the
// listing index's (listing-index/): this file decides which of them a search's parameters ask for.
import type { SearchParams } from '../search-criteria/search-params.ts';
import type { Rect } from '../places/geo.ts';
import type { CustomerValues } from '../eligibility/eligibility-rules.ts';
import { eligibilityFilters } from './eligibility-clauses.ts';
import { londonToday } from '../core/london-time.ts';
import { liveListingClauses, portalClause } from './live-listing.ts';
import { areaClause, forSaleClause, newBuildClause, schemesClause } from './listing-clauses.ts';
import type { SearchArea } from '../search-criteria/search-area.ts';
import { inPolygonClause, inRectClause, withinMilesClause } from './geo-clauses.ts';
import { EXTRA_FILTER_CLAUSES, rangeClause as range, reducedSinceClause, withPropertyMatching } from './property-clauses.ts';
import { geoJsonRing } from '../search-criteria/area-polygon.ts';
import { reductionCutoff } from '../listings/price-reductions.ts';
import type { SearchPerson } from '../search-criteria/search-person.ts';
import type { LendingAssumptions } from '../affordability/lending.ts';
import { affordableClauses, monthlyCostClause } from './affordability-clauses.ts';
import { parseKeywords } from '../keywords/keyword-query.ts';
import { keywordClauses } from './keyword-clauses.ts';
import { poolHasClause } from './pool-clauses.ts';
import type { SearchScope } from './index-footprint.ts';

export interface TaggedClause {
  facet: string | null;
  clause: object;
}

export interface SearchFilters {
  listing: TaggedClause[];
  property: TaggedClause[];
  /** the money filters on the listing's pool of matching properties (pool-clauses.ts): max_monthly_cost, affordable_only */
  money: object[];
  /** whole-query clauses that must not match (eligibility, excluded keywords) */
  mustNot: object[];
  /** what of a document the clauses no facet leaves out read (index-footprint.ts) */
  scope: SearchScope;
}

export interface FilterContext {
  /** the rectangle searched when the parameters hold no polygon */
  rect: Rect;
  /** a region, county or local authority searched instead of the rectangle: its listings */
  within?: SearchArea['within'];
  portalId: number;
  now: Date;
  eligibility: CustomerValues | null;
  allowedExtraFilters: string[];
  /** home, work and household (search-criteria/search-person.ts), with the lending assumptions the index holds costs for */
  person?: SearchPerson;
  lending?: LendingAssumptions;
}

export function buildFilters(p: SearchParams, ctx: FilterContext): SearchFilters {
  const where = whereOf(p, ctx.rect, ctx.within ?? null);
  const forSale = p.occupancy_type === 'for-sale';
  const listing: TaggedClause[] = [
    ...liveListingClauses().map((clause) => ({ facet: null, clause })),
    { facet: null, clause: portalClause(ctx.portalId) },
    { facet: null, clause: forSaleClause(forSale) },
    { facet: null, clause: where.clause },
  ];
  const property = propertyFilters(p, ctx.allowedExtraFilters, p.reduced_only ? reductionCutoff(ctx.now) : null);
  const money = moneyFilters(p, ctx.person && ctx.lending ? { person: ctx.person, lending: ctx.lending } : undefined);
  const add = (list: TaggedClause[], facet: string | null, clause: object | null) => clause && list.push({ facet, clause });

  if (p.schemes.length) add(listing, 'schemes', schemesClause(p.schemes));
  if (p.new_homes) add(listing, 'new_homes', newBuildClause(p.new_homes === 'new-build'));
  const work = ctx.person?.work;
  if (p.max_distance_from_work !== null && work) add(listing, null, withinMilesClause(p.max_distance_from_work, { lat: work.latitude, lon: work.longitude }));

  const mustNot: object[] = [];
  if (ctx.eligibility) {
    const e = eligibilityFilters(ctx.eligibility, londonToday(ctx.now), ctx.lending);
    for (const clause of e.filter) add(listing, null, clause);
    mustNot.push(...e.must_not);
  }
  // the keywords filter, never score here: only the relevance sort scores them (search-sort.ts), so
  // that the price sorts' scores stay the headline prices (price-order.ts)
  const keywords = parseKeywords(p.keywords);
  if (keywords) {
    const k = keywordClauses(keywords);
    for (const clause of k.required) add(listing, null, clause);
    mustNot.push(...k.excluded);
  }
  return { listing, property, money, mustNot, scope: { forSale, where: where.where } };
}

/**
 * The money filters, on a property of the listing's pool (pool-clauses.ts): its monthly cost within
 * `max_monthly_cost`, and with `affordable_only` the household's bounds (`affordability`: the searcher
 * and the index's lending assumptions).
 */
export function moneyFilters(p: SearchParams, affordability?: { person: SearchPerson; lending: LendingAssumptions }): object[] {
  const money: object[] = [];
  if (p.max_monthly_cost !== null) money.push(monthlyCostClause(p.max_monthly_cost));
  const household = affordability?.person.household;
  if (p.affordable_only && household) money.push(...affordableClauses(household, affordability.lending));
  return money;
}

/**
 * The clauses on a property's fields (inside the nested `properties`), the portal's allowed extra filters
 * included: the ones that decide which properties match, and so the pool the money filters read.
 * `reduced_only` is one of them (`reducedSince`: the earliest day a reduction counts from), so that the
 * home shown, the headline among the matching ones, is a reduced one: a listing's own reduction is its
 * headline's, which other filters may leave out.
 */
export function propertyFilters(p: SearchParams, allowedExtraFilters: readonly string[], reducedSince: string | null = null): TaggedClause[] {
  const property: TaggedClause[] = [];
  const add = (facet: string | null, clause: object | null) => clause && property.push({ facet, clause });
  if (p.status.length) add('status', { terms: { 'properties.availabilityStatus': p.status } });
  if (p.types.length) add('types', { terms: { 'properties.propertyTypeGroup': p.types } });
  if (p.bedrooms.length) add('bedrooms', { terms: { 'properties.bedrooms': p.bedrooms } });
  if (p.bathrooms.length) add('bathrooms', { terms: { 'properties.bathrooms': p.bathrooms } });
  if (p.parking.length) add('parking', { terms: { 'properties.parking': p.parking } });
  if (p.other_features.length) add('other_features', { terms: { 'properties.features': p.other_features } });
  add('max_full_value', range('properties.fullMarketPrice', null, p.max_full_value));
  add('max_share_value', range('properties.minShareValue', null, p.max_share_value));
  add('max_deposit', range('properties.depositValue', null, p.max_deposit));
  add('max_monthly_rent', range('properties.monthlyRent', null, p.max_monthly_rent));
  add(null, range('properties.fullMarketPrice', p.min_full_value, null));
  add(null, range('properties.minShareValue', p.min_share_value, null));
  add(null, range('properties.depositValue', p.min_deposit, null));
  add(null, range('properties.monthlyRent', p.min_monthly_rent, null));
  add(null, range('properties.bedrooms', p.min_bedrooms, p.max_bedrooms));
  add(null, range('properties.bathrooms', p.min_bathrooms, p.max_bathrooms));
  if (p.epc_bands.length) add('epc_bands', { terms: { 'properties.epcBand': p.epc_bands } });
  if (p.council_tax_bands.length) add('council_tax_bands', { terms: { 'properties.councilTaxBand': p.council_tax_bands } });
  add(null, range('properties.floorArea', p.min_floor_area, null));
  add(null, range('properties.monthlyServiceCharge', null, p.max_service_charge));
  for (const extra of p.extraFilters) if (allowedExtraFilters.includes(extra)) add(null, EXTRA_FILTER_CLAUSES[extra]!);
  if (p.tenures.length) add('tenures', { terms: { 'properties.tenure': p.tenures } });
  if (reducedSince !== null) add(null, reducedSinceClause(reducedSince));
  return property;
}

const AREA_TYPES = { region: 'region', county: 'county', 'local-authority': 'local_authority' } as const;

/**
 * The listing's point inside the drawn polygon (a `geo_shape` query works on a geo_point), else the
 * listing in the named region, county or local authority, else its point inside the rectangle; with
 * what of a document it reads (the polygon's bounding rectangle holds the polygon).
 */
function whereOf(p: SearchParams, rect: Rect, within: SearchArea['within']): { clause: object; where: SearchScope['where'] } {
  if (p.polygon) return { clause: inPolygonClause(geoJsonRing(p.polygon)), where: { rect: p.polygon.bounds } };
  if (within) return { clause: areaClause(AREA_TYPES[within.kind], within.id), where: { area: AREA_TYPES[within.kind], id: within.id } };
  return { clause: inRectClause(rect), where: { rect } };
}

/** Names every facet where one facet's clauses are left out: the clauses no facet selects remain. */
export const EVERY_FACET: unique symbol = Symbol('every facet');
export type ExceptFacet = string | typeof EVERY_FACET | undefined;

const without = (list: TaggedClause[], except: ExceptFacet) =>
  list.filter((c) => except === undefined || (except === EVERY_FACET ? c.facet === null : c.facet !== except)).map((c) => c.clause);

/** Property clauses (minus one facet's, or every facet's) as they apply inside the nested `properties`. */
export function propertyClauses(f: SearchFilters, exceptFacet?: ExceptFacet): object[] {
  return without(f.property, exceptFacet);
}

/**
 * The listing-level query: listing clauses plus "has a property matching the property clauses", plus,
 * with money filters, "its pool of those holds a property within them" (pool-clauses.ts). Every
 * indexed listing has a property (the document builder drops the others), so without property clauses
 * there is no nested clause at all: it would match every listing at the cost of a join.
 */
export function listingQuery(f: SearchFilters, exceptFacet?: ExceptFacet, innerHits?: object): object {
  const props = propertyClauses(f, exceptFacet);
  const nested = props.length ? [withPropertyMatching(props, innerHits)] : [];
  const money = f.money.length ? [poolHasClause(props, f.money)] : [];
  return { bool: { filter: [...without(f.listing, exceptFacet), ...nested, ...money], must_not: f.mustNot } };
}
