// The search's filters (search-filters.ts) as a predicate over one listing's index document. Alert
// matching judges many saved searches against one listing: asking the engine costs about 0.13 ms a saved
// search, this about a microsecond. It mirrors buildFilters clause by clause, on the document's source
// read as the engine indexes it (the field types of es-mappings/listings.json); the property clauses are
// compiled from buildFilters' own (propertyFilters). test/integration/listing-predicate.test.ts compares
// its verdicts with the engine's over generated listings and queries.
// Three-valued: `undefined` when it cannot tell, and the caller then asks the engine: a value of a shape
// the engine would coerce (a number as text, a list where one value is expected), a clause it does not
// know, or a point within a hair of the area's edge, where the engine's own rounding of coordinates decides.
import type { LatLng, Rect } from '../../places/geo.ts';
import type { SearchParams } from '../../search-criteria/search-params.ts';
import type { SearchArea } from '../../search-criteria/search-area.ts';
import type { AreaKind } from '../../places/gazetteer.ts';
import type { AreaPolygon } from '../../search-criteria/area-polygon.ts';
import type { ListingEligibility } from '../../eligibility/listing-eligibility.ts';
import { decide, type CustomerValues } from '../../eligibility/eligibility-rules.ts';
import { londonToday } from '../../core/london-time.ts';
import { reductionCutoff } from '../../listings/price-reductions.ts';
import { moneyFilters, propertyFilters } from '../search-filters.ts';
import { IN_POOL } from '../pool-clauses.ts';
import { EXTRA_FILTER_CLAUSES } from '../property-clauses.ts';
import { affordableClauses } from '../affordability-clauses.ts';
import { boundsOf, type AffordabilityBounds, type ShareOption } from '../../affordability/affordability-thresholds.ts';
import type { SearchPerson } from '../../search-criteria/search-person.ts';
import type { LendingAssumptions } from '../../affordability/lending.ts';
import { distanceMiles } from '../../places/geo.ts';
import { keywordsMatch, parseKeywords, type KeywordQuery } from '../../keywords/keyword-query.ts';

export type Verdict = boolean | undefined;

/** The fields of a listing's source that the predicates read. */
export const PREDICATE_SOURCE_FIELDS = [
  'live',
  'allPortals',
  'portalIds',
  'forSale',
  'location',
  'regionId',
  'countyId',
  'localAuthorityId',
  'schemes',
  'newBuild',
  'priceReducedOn',
  'eligibility',
  'properties',
  'keywordText',
  'depositRequired',
  'poolShares',
] as const;

type Kind = 'keyword' | 'integer' | 'double' | 'boolean' | 'date';

/** The mapped types of a property's fields (es-mappings/listings.json, `properties`). */
export const PROPERTY_FIELD_KINDS: Readonly<Record<string, Kind>> = {
  id: 'integer',
  bedrooms: 'integer',
  bathrooms: 'integer',
  propertyType: 'keyword',
  propertyTypeGroup: 'keyword',
  availabilityStatus: 'keyword',
  isSharedOwnership: 'boolean',
  fullMarketPrice: 'double',
  minShareValue: 'double',
  depositValue: 'double',
  monthlyRent: 'double',
  features: 'keyword',
  parking: 'keyword',
  newBuild: 'boolean',
  availabilityRank: 'integer',
  inPool: 'boolean',
  tenure: 'keyword',
  depositNeeded: 'double',
  monthlyCost: 'double',
  affordShareValue: 'double',
  affordMinSavings: 'double',
  affordMaxIncome: 'double',
  affordMinIncome: 'double',
  affordFullLoanCost: 'double',
  priceReducedOn: 'date',
  epcBand: 'keyword',
  councilTaxBand: 'keyword',
  floorArea: 'double',
  monthlyServiceCharge: 'double',
};

/** The mapped types of the listing's `eligibility` fields. */
export const ELIGIBILITY_FIELD_KINDS: Readonly<Record<keyof ListingEligibility, Kind>> = {
  maxHouseholdIncome: 'double',
  minDeposit: 'double',
  eligibleCitizen: 'boolean',
  homeOwnershipStatuses: 'integer',
  localAuthorities: 'integer',
  localConnection: 'keyword',
  minAge: 'integer',
  maxAge: 'integer',
  firstDibsUntil: 'date',
};

const INT_MAX = 2 ** 31 - 1;
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})?$/;

/** A date value as the engine reads it (strict_date_optional_time or epoch_millis, UTC when no zone is given). */
function dateMillis(v: unknown): number | undefined {
  if (typeof v === 'number') return Number.isSafeInteger(v) ? v : undefined;
  if (typeof v !== 'string') return undefined;
  if (DATE_ONLY.test(v)) return Date.parse(`${v}T00:00:00Z`);
  const m = DATE_TIME.exec(v);
  if (!m) return undefined;
  const ms = Date.parse(m[1] ? v : `${v}Z`);
  return Number.isNaN(ms) ? undefined : ms;
}

function ofKind(e: unknown, kind: Kind): unknown {
  switch (kind) {
    case 'keyword':
      return typeof e === 'string' ? e : undefined;
    case 'boolean':
      return typeof e === 'boolean' ? e : undefined;
    case 'integer':
      return typeof e === 'number' && Number.isInteger(e) && Math.abs(e) <= INT_MAX ? e : undefined;
    case 'double':
      return typeof e === 'number' && Number.isFinite(e) ? e : undefined;
    case 'date':
      return dateMillis(e);
  }
}

/**
 * A field's values as the engine indexes them: none for null or absent, arrays flattened, nulls in them
 * skipped; undefined when one value is not of the field's type (the engine might coerce it).
 */
function valuesOf(v: unknown, kind: Kind): unknown[] | undefined {
  if (v === null || v === undefined) return [];
  const list = Array.isArray(v) ? (v as unknown[]).flat(Infinity) : [v];
  const out: unknown[] = [];
  for (const e of list) {
    if (e === null) continue;
    const value = ofKind(e, kind);
    if (value === undefined) return undefined;
    out.push(value);
  }
  return out;
}

/** At most one value: the value, null for none, undefined when there are several or it is of another type. */
function singleOf(v: unknown, kind: Kind): unknown {
  const values = valuesOf(v, kind);
  return values === undefined || values.length > 1 ? undefined : (values[0] ?? null);
}

const anyEqual = (values: unknown[] | undefined, wanted: unknown): Verdict =>
  values === undefined ? undefined : values.some((v) => v === wanted);
const anyIn = (values: unknown[] | undefined, wanted: ReadonlySet<unknown>): Verdict =>
  values === undefined ? undefined : values.some((v) => wanted.has(v));

function or(a: Verdict, b: Verdict): Verdict {
  if (a === true || b === true) return true;
  return a === undefined || b === undefined ? undefined : false;
}

type PreparedProperty = Readonly<Record<string, unknown[] | undefined>>;

/** What the predicates read of one listing at one time, worked out once for all of them. */
export interface PreparedListing {
  /** the stored live flag (listing-index/live-listing.ts liveListingClauses) */
  live: Verdict;
  allPortals: unknown[] | undefined;
  portalIds: unknown[] | undefined;
  forSale: unknown[] | undefined;
  /** null when it has no location */
  point: LatLng | null | undefined;
  /** the ids of the region, county and local authority it lies in (listing-index/listing-clauses.ts AREA_FIELD) */
  areaIds: Record<AreaKind, unknown[] | undefined>;
  schemes: unknown[] | undefined;
  newBuild: unknown[] | undefined;
  properties: PreparedProperty[] | undefined;
  /** the listing's rules and its properties' deposits, as the eligibility engine reads them */
  eligibility: { rules: ListingEligibility; deposits: (number | null)[] } | undefined;
  /** `depositRequired`'s values (none on a document of an older mapping) */
  depositRequired: unknown[] | undefined;
  /** each of `poolShares` as its fields' values */
  poolShares: PreparedOption[] | undefined;
  today: string;
  /** the prepared texts that keywords search (keyword-text.ts) */
  keywordText: string[] | undefined;
}

function pointOf(location: unknown): LatLng | null | undefined {
  if (location === null || location === undefined) return null;
  if (typeof location !== 'object' || Array.isArray(location)) return undefined;
  const { lat, lon } = location as { lat?: unknown; lon?: unknown };
  if (typeof lat !== 'number' || typeof lon !== 'number' || Math.abs(lat) > 90 || Math.abs(lon) > 180) return undefined;
  return { lat, lng: lon };
}

/** A prepared property's own field: reduced on or after the cutoff of `reduced_only` (the day it is prepared on). */
const REDUCED_RECENTLY = 'reducedRecently';

function prepareProperty(source: unknown, reductionCutoffMs: number): PreparedProperty | undefined {
  if (source === null || typeof source !== 'object' || Array.isArray(source)) return undefined;
  const out: Record<string, unknown[] | undefined> = {};
  for (const [field, kind] of Object.entries(PROPERTY_FIELD_KINDS)) out[field] = valuesOf((source as Record<string, unknown>)[field], kind);
  const reducedOn = out.priceReducedOn as number[] | undefined;
  out[REDUCED_RECENTLY] = reducedOn === undefined ? undefined : [reducedOn.some((t) => t >= reductionCutoffMs)];
  return out;
}

function prepareEligibility(source: unknown, properties: unknown[] | undefined): PreparedListing['eligibility'] {
  if (properties === undefined) return undefined;
  const rules: Record<string, unknown> = {};
  if (source !== null && source !== undefined) {
    if (typeof source !== 'object' || Array.isArray(source)) return undefined;
    for (const [field, kind] of Object.entries(ELIGIBILITY_FIELD_KINDS)) {
      const raw = (source as Record<string, unknown>)[field];
      const many = field === 'homeOwnershipStatuses' || field === 'localAuthorities';
      const value = many ? valuesOf(raw, kind) : singleOf(raw, kind);
      if (value === undefined) return undefined;
      // the engine compares the day as a date, the eligibility engine as text: the same for a plain day only
      if (field === 'firstDibsUntil' && value !== null && !(typeof raw === 'string' && DATE_ONLY.test(raw))) return undefined;
      rules[field] = field === 'firstDibsUntil' && value !== null ? raw : value;
    }
  }
  const deposits: (number | null)[] = [];
  for (const p of properties) {
    // the deposit its minimum share needs (the one deposit rule), as eligible_only's clause reads it
    const deposit = singleOf((p as Record<string, unknown>).depositNeeded, 'double');
    if (deposit === undefined) return undefined;
    deposits.push(deposit as number | null);
  }
  return { rules: rules as ListingEligibility, deposits };
}

type PreparedOption = Readonly<Record<keyof ShareOption, number[] | undefined>>;
const OPTION_FIELDS: readonly (keyof ShareOption)[] = ['minSavings', 'shareValue', 'minIncome', 'fullLoanCost'];

function preparePoolShares(source: unknown): PreparedOption[] | undefined {
  const list = source === null || source === undefined ? [] : Array.isArray(source) ? (source as unknown[]) : [source];
  const out: PreparedOption[] = [];
  for (const o of list) {
    if (o === null || typeof o !== 'object' || Array.isArray(o)) return undefined;
    out.push(Object.fromEntries(OPTION_FIELDS.map((f) => [f, valuesOf((o as Record<string, unknown>)[f], 'double') as number[] | undefined])) as PreparedOption);
  }
  return out;
}

/** Some option within the bounds (eligibility-clauses.ts's nested `poolShares` clause). */
function someOption(options: PreparedOption[] | undefined, b: AffordabilityBounds): Verdict {
  if (options === undefined) return undefined;
  const limit: Record<keyof ShareOption, number> = { minSavings: b.maxMinSavings, shareValue: b.maxShareValue, minIncome: b.maxMinIncome, fullLoanCost: b.maxFullLoanCost };
  let verdict: Verdict = false;
  for (const o of options) {
    let v: Verdict = true;
    for (const f of OPTION_FIELDS) {
      const values = o[f];
      if (values === undefined) v = v === false ? false : undefined;
      else if (!values.some((x) => x <= limit[f])) v = false;
    }
    if (v === true) return true;
    if (v === undefined) verdict = undefined;
  }
  return verdict;
}

/** The listing's index document (its source) as the predicates read it at `now`. */
export function prepareListing(source: Readonly<Record<string, unknown>>, now: Date): PreparedListing {
  const live = anyEqual(valuesOf(source.live, 'boolean'), true);
  const cutoff = Date.parse(`${reductionCutoff(now)}T00:00:00Z`);
  const rawProperties =
    source.properties === null || source.properties === undefined
      ? []
      : Array.isArray(source.properties)
        ? (source.properties as unknown[])
        : [source.properties];
  const prepared = rawProperties.map((p) => prepareProperty(p, cutoff));
  const properties = prepared.some((p) => p === undefined) ? undefined : (prepared as PreparedProperty[]);
  return {
    live,
    allPortals: valuesOf(source.allPortals, 'boolean'),
    portalIds: valuesOf(source.portalIds, 'integer'),
    forSale: valuesOf(source.forSale, 'boolean'),
    point: pointOf(source.location),
    areaIds: {
      region: valuesOf(source.regionId, 'integer'),
      county: valuesOf(source.countyId, 'integer'),
      'local-authority': valuesOf(source.localAuthorityId, 'integer'),
    },
    schemes: valuesOf(source.schemes, 'keyword'),
    newBuild: valuesOf(source.newBuild, 'boolean'),
    properties,
    eligibility: prepareEligibility(source.eligibility, properties === undefined ? undefined : rawProperties),
    depositRequired: valuesOf(source.depositRequired, 'boolean'),
    poolShares: preparePoolShares(source.poolShares),
    today: londonToday(now),
    keywordText: valuesOf(source.keywordText, 'keyword') as string[] | undefined,
  };
}

/** What a predicate needs beyond the saved query: its portal and, for `eligible_only`, the customer's values. */
export interface PredicateContext {
  portalId: number;
  allowedExtraFilters: readonly string[];
  /** as search-service.ts eligibilityFor gives them; null unless `eligible_only` */
  eligibility: CustomerValues | null;
  /**
   * the searcher's work point and household (search-criteria/search-person.ts) with the index's lending assumptions,
   * for `max_distance_from_work` and `affordable_only`; a search asking for either without them matches nothing
   */
  person?: SearchPerson | null;
  lending?: LendingAssumptions;
}

// Far more than the engine's rounding of a point (under 1e-7 degrees) and about 10 cm on the ground: a
// point nearer an edge than this is left to the engine.
const EDGE = 1e-6;

function inRect(pt: LatLng, r: Rect): Verdict {
  if (pt.lat < r.south - EDGE || pt.lat > r.north + EDGE || pt.lng < r.west - EDGE || pt.lng > r.east + EDGE) return false;
  if (pt.lat > r.south + EDGE && pt.lat < r.north - EDGE && pt.lng > r.west + EDGE && pt.lng < r.east - EDGE) return true;
  return undefined;
}

/** Squared distance, in degrees, from a point to a segment (edges are straight in latitude and longitude). */
function segmentDistance2(p: LatLng, a: LatLng, b: LatLng): number {
  const dx = b.lng - a.lng;
  const dy = b.lat - a.lat;
  const len2 = dx * dx + dy * dy;
  const t = len2 === 0 ? 0 : Math.max(0, Math.min(1, ((p.lng - a.lng) * dx + (p.lat - a.lat) * dy) / len2));
  const x = a.lng + t * dx - p.lng;
  const y = a.lat + t * dy - p.lat;
  return x * x + y * y;
}

function inPolygon(pt: LatLng, polygon: AreaPolygon): Verdict {
  if (inRect(pt, polygon.bounds) === false) return false;
  const v = polygon.vertices;
  let inside = false;
  for (let i = 0, j = v.length - 1; i < v.length; j = i++) {
    const a = v[i]!;
    const b = v[j]!;
    if (segmentDistance2(pt, a, b) < EDGE * EDGE) return undefined;
    if (a.lat > pt.lat !== b.lat > pt.lat && pt.lng < ((b.lng - a.lng) * (pt.lat - a.lat)) / (b.lat - a.lat) + a.lng) inside = !inside;
  }
  return inside;
}

/** A leaf clause on a property's field, as data (a predicate is compiled for each saved query: closures cost more to make). */
type Leaf =
  | { op: 'unknown' }
  | { op: 'exists'; field: string }
  | { op: 'any'; field: string; values: ReadonlySet<unknown> }
  | { op: 'range'; field: string; gte: number; lte: number; gt: number; lt: number };

const UNKNOWN: Leaf = { op: 'unknown' };
/** `reduced_only`: its clause's day moves on with the days, so it is read against the day a listing is prepared on */
const REDUCED: Leaf = { op: 'any', field: REDUCED_RECENTLY, values: new Set([true]) };

function fieldOf(path: unknown): string | null {
  if (typeof path !== 'string' || !path.startsWith('properties.')) return null;
  const field = path.slice('properties.'.length);
  return field in PROPERTY_FIELD_KINDS ? field : null;
}

/** A term, terms, range or exists clause on a property's field, as buildFilters writes them; anything else is left to the engine. */
function compileLeaf(clause: object): Leaf {
  const type = Object.keys(clause)[0];
  const body = (clause as Record<string, unknown>)[type ?? ''];
  if (!body || typeof body !== 'object') return UNKNOWN;
  if (type === 'exists') {
    const field = fieldOf((body as { field?: unknown }).field);
    return field ? { op: 'exists', field } : UNKNOWN;
  }
  const keys = Object.keys(body);
  if (keys.length !== 1) return UNKNOWN;
  const field = fieldOf(keys[0]);
  if (!field) return UNKNOWN;
  const kind = PROPERTY_FIELD_KINDS[field]!;
  const value = (body as Record<string, unknown>)[keys[0]!];
  if ((type === 'term' || type === 'terms') && kind !== 'date') {
    const list = type === 'term' ? [value] : value;
    if (!Array.isArray(list)) return UNKNOWN;
    const wanted = list.map((w) => ofKind(w, kind));
    return wanted.includes(undefined) ? UNKNOWN : { op: 'any', field, values: new Set(wanted) };
  }
  if (type === 'range' && (kind === 'integer' || kind === 'double') && value && typeof value === 'object') {
    const b = value as Record<string, unknown>;
    if (Object.keys(b).some((k) => !['gte', 'lte', 'gt', 'lt'].includes(k) || typeof b[k] !== 'number')) return UNKNOWN;
    const bound = (k: string, none: number) => (b[k] === undefined ? none : (b[k] as number));
    return { op: 'range', field, gte: bound('gte', -Infinity), lte: bound('lte', Infinity), gt: bound('gt', -Infinity), lt: bound('lt', Infinity) };
  }
  return UNKNOWN;
}

// (loops rather than callbacks here: this runs for every candidate)
function testLeaf(leaf: Leaf, p: PreparedProperty): Verdict {
  if (leaf.op === 'unknown') return undefined;
  const values = p[leaf.field];
  if (values === undefined) return undefined;
  if (leaf.op === 'exists') return values.length > 0;
  for (const v of values) {
    if (leaf.op === 'any' ? leaf.values.has(v) : (v as number) >= leaf.gte && (v as number) <= leaf.lte && (v as number) > leaf.gt && (v as number) < leaf.lt) return true;
  }
  return false;
}

function allLeaves(p: PreparedProperty, leaves: readonly Leaf[], more: readonly Leaf[]): Verdict {
  let verdict: Verdict = true;
  for (const list of [leaves, more]) {
    for (const leaf of list) {
      const v = testLeaf(leaf, p);
      if (v === false) return false;
      if (v === undefined) verdict = undefined;
    }
  }
  return verdict;
}

/** Some property passes every leaf (the nested clause of listingQuery). */
function someProperty(properties: PreparedProperty[] | undefined, leaves: readonly Leaf[], more: readonly Leaf[]): Verdict {
  if (properties === undefined) return undefined;
  let verdict: Verdict = false;
  for (const p of properties) {
    const v = allLeaves(p, leaves, more);
    if (v === true) return true;
    if (v === undefined) verdict = undefined;
  }
  return verdict;
}

/**
 * The pool of the properties passing every leaf of `leaves` and `more` holds one passing every money
 * leaf (listing-index/pool-clauses.ts): the pool is those of the best availability rank among them.
 * Without property leaves, the listing's own pool (`inPool`).
 */
function poolHas(properties: PreparedProperty[] | undefined, leaves: readonly Leaf[], more: readonly Leaf[], money: readonly Leaf[]): Verdict {
  if (properties === undefined) return undefined;
  if (leaves.length === 0 && more.length === 0) return someProperty(properties, [IN_POOL_LEAF], money);
  let best = Infinity;
  for (const p of properties) {
    const v = allLeaves(p, leaves, more);
    if (v === undefined) return undefined;
    const rank = p.availabilityRank;
    if (rank === undefined || rank.length !== 1) return undefined;
    if (v && (rank[0] as number) < best) best = rank[0] as number;
  }
  if (best === Infinity) return false;
  let verdict: Verdict = false;
  for (const p of properties) {
    if (p.availabilityRank![0] !== best || allLeaves(p, leaves, more) !== true) continue;
    const v = allLeaves(p, money, NONE);
    if (v === true) return true;
    if (v === undefined) verdict = undefined;
  }
  return verdict;
}

/** The verdict so far and the next clause's together: false, or undefined if either could not tell. */
const then = (so: Verdict, next: Verdict): Verdict => (next === false ? false : next === undefined ? undefined : so);

/**
 * eligible_only: the listings the eligibility engine would not fail (listing-index/eligibility-clauses.ts
 * mirrors it for the engine). With a known income the engine's request judges money over the listing's
 * own pool instead of the deposits, as decide() does (with the savings unknown, failing only what no
 * savings could make affordable): the rules here without the savings, then the same money clause.
 */
export function eligibleVerdict(l: PreparedListing, c: CustomerValues, lending: LendingAssumptions | undefined): Verdict {
  if (l.eligibility === undefined) return undefined;
  const { rules, deposits } = l.eligibility;
  if (lending && c.annualHouseholdIncome !== null) {
    if (decide({ eligibility: rules, eligibilityFields: [] }, [], { ...c, deposit: null }, l.today).status === 'failed') return false;
    if (l.depositRequired === undefined) return undefined;
    // a document of an older mapping is not judged on money
    if (l.depositRequired.length === 0) return true;
    const priced = someProperty(l.properties, [IN_POOL_LEAF, PRICED_LEAF], NONE);
    // with the savings unknown, the bounds of unlimited savings: only the income's own is finite
    const affordable = someOption(l.poolShares, boundsOf({ income: c.annualHouseholdIncome, deposit: c.deposit ?? Infinity }, lending));
    if (priced === false || affordable === true) return true;
    return priced === true && affordable === false ? false : undefined;
  }
  // the engine's deposit clause asks for a property whose deposit the customer covers: none without properties
  if (c.deposit !== null && deposits.length === 0) return false;
  const decision = decide({ eligibility: rules, eligibilityFields: [] }, deposits.map((depositValue, id) => ({ id, depositValue })), c, l.today);
  return decision.status !== 'failed';
}

/** The predicate of a search with these parameters over this rectangle (the area, when it has no polygon). */
export class ListingPredicate {
  private readonly forSale: boolean;
  private readonly rect: Rect | null;
  private readonly within: SearchArea['within'];
  private readonly polygon: AreaPolygon | null;
  private readonly schemes: ReadonlySet<unknown> | null;
  private readonly newBuild: boolean | null;
  private readonly leaves: readonly Leaf[];
  private readonly extraNames: readonly string[];
  private readonly extraLeaves: readonly Leaf[];
  private readonly maxDistanceFromWork: number | null;
  private readonly affordableOnly: boolean;
  private readonly moneyLeaves: readonly Leaf[];
  private readonly keywords: Readonly<KeywordQuery> | null;

  constructor(p: SearchParams, rect: Rect, within: SearchArea['within'] = null) {
    this.forSale = p.occupancy_type === 'for-sale';
    this.within = within;
    this.polygon = p.polygon;
    // the engine reads west beyond east as crossing the antimeridian: not a rectangle of the United Kingdom
    this.rect = rect.north >= rect.south && rect.east >= rect.west ? rect : null;
    this.schemes = p.schemes.length ? new Set<unknown>(p.schemes) : null;
    this.newBuild = p.new_homes ? p.new_homes === 'new-build' : null;
    this.leaves = [...propertyFilters(p, [], null).map((c) => compileLeaf(c.clause)), ...(p.reduced_only ? [REDUCED] : [])];
    this.moneyLeaves = moneyFilters(p).map(compileLeaf);
    this.extraNames = p.extraFilters;
    this.extraLeaves = p.extraFilters.map((name) => compileLeaf(EXTRA_FILTER_CLAUSES[name]!));
    this.maxDistanceFromWork = p.max_distance_from_work;
    this.affordableOnly = p.affordable_only;
    this.keywords = parseKeywords(p.keywords);
  }

  test(l: PreparedListing, ctx: PredicateContext): Verdict {
    let v: Verdict = l.live;
    if (v === false) return false;
    v = then(v, or(anyEqual(l.allPortals, true), anyEqual(l.portalIds, ctx.portalId)));
    if (v === false) return false;
    v = then(v, anyEqual(l.forSale, this.forSale));
    if (v === false) return false;
    const pt = l.point;
    // a region, county or local authority (without a polygon): the listing's own area, as the engine's term
    if (this.within && !this.polygon) v = then(v, anyEqual(l.areaIds[this.within.kind], this.within.id));
    else v = then(v, pt === null ? false : pt === undefined ? undefined : this.polygon ? inPolygon(pt, this.polygon) : this.rect ? inRect(pt, this.rect) : undefined);
    if (v === false) return false;
    if (this.schemes) v = then(v, anyIn(l.schemes, this.schemes));
    if (this.newBuild !== null) v = then(v, anyEqual(l.newBuild, this.newBuild));
    if (this.maxDistanceFromWork !== null) v = then(v, pt ? withinMiles(pt, ctx.person?.work ?? null, this.maxDistanceFromWork) : undefined);
    // the same preparation made the indexed tokens, so the verdict is the engine's (keyword-query.ts)
    if (this.keywords) v = then(v, l.keywordText === undefined ? undefined : keywordsMatch(this.keywords, l.keywordText));
    if (v === false) return false;
    const clauses = this.propertyClausesFor(ctx);
    if (!clauses) return false;
    const { extras, money } = clauses;
    // without property clauses the search has no nested clause at all
    if (this.leaves.length || extras.length) v = then(v, someProperty(l.properties, this.leaves, extras));
    if (v === false) return false;
    // the money filters read the pool of the matching properties
    if (money.length) v = then(v, poolHas(l.properties, this.leaves, extras, money));
    if (v === false) return false;
    if (ctx.eligibility) v = then(v, eligibleVerdict(l, ctx.eligibility, ctx.lending));
    return v;
  }

  /**
   * Each property's verdict on the search's property clauses and money filters, each read on the
   * property's own values: the properties a facet pass of the search counts (facet-counts.ts), when the
   * listing passes. Undefined when the properties cannot be read.
   */
  propertyVerdicts(l: PreparedListing, ctx: PredicateContext): Verdict[] | undefined {
    if (l.properties === undefined) return undefined;
    const clauses = this.propertyClausesFor(ctx);
    if (!clauses) return undefined;
    const all = [...this.leaves, ...clauses.extras];
    return l.properties.map((p) => allLeaves(p, all, clauses.money));
  }

  /** The portal's allowed extra filters and the money filters (with a household's affordability); null when `affordable_only` has no household to judge. */
  private propertyClausesFor(ctx: PredicateContext): { extras: readonly Leaf[]; money: readonly Leaf[] } | null {
    const extras = this.extraNames.length ? this.extraLeaves.filter((_, i) => ctx.allowedExtraFilters.includes(this.extraNames[i]!)) : NONE;
    if (!this.affordableOnly) return { extras, money: this.moneyLeaves };
    const household = ctx.person?.household;
    if (!household || !ctx.lending) return null;
    return { extras, money: [...this.moneyLeaves, ...affordableClauses(household, ctx.lending).map(compileLeaf)] };
  }
}

const NONE: readonly Leaf[] = [];
const IN_POOL_LEAF: Leaf = compileLeaf(IN_POOL);
/** a property whose price is known (its monthly cost is), as eligible_only's money clause asks */
const PRICED_LEAF: Leaf = compileLeaf({ exists: { field: 'properties.monthlyCost' } });

/** Miles within which the engine's and this distance may round apart: nearer the limit, the engine decides. */
const DISTANCE_EDGE_MILES = 0.01;

/** max_distance_from_work: false without a work point (the search would refuse it). */
function withinMiles(pt: LatLng, work: SearchPerson['work'], max: number): Verdict {
  if (!work) return false;
  const miles = distanceMiles({ lat: work.latitude, lng: work.longitude }, pt);
  return Math.abs(miles - max) < DISTANCE_EDGE_MILES ? undefined : miles <= max;
}

export function listingPredicate(p: SearchParams, rect: Rect, within: SearchArea['within'] = null): ListingPredicate {
  return new ListingPredicate(p, rect, within);
}
