// The search's filters (search-filters.ts) as a predicate over one listing's index document. Alert
// matching judges many saved searches against one listing: asking the engine costs about 0.13 ms a saved
// search, this about a microsecond. It mirrors buildFilters clause by clause, on the document's source
// read as the engine indexes it (the field types of es-mappings/listings.json); the property clauses are
// compiled from buildFilters' own (propertyFilters). test/integration/listing-predicate.test.ts compares
// its verdicts with the engine's over generated listings and queries.
// Three-valued: `undefined` when it cannot tell, and the caller then asks the engine: a value of a shape
// the engine would coerce (a number as text, a list where one value is expected), a clause it does not
// know, or a point within a hair of the area's edge, where the engine's own rounding of coordinates decides.
import type { LatLng, Rect } from '../places/geo.ts';
import type { SearchParams } from './search-params.ts';
import type { AreaPolygon } from './area-polygon.ts';
import type { ListingEligibility } from '../listings/listing-document.ts';
import { decide, type CustomerValues } from '../eligibility/eligibility-rules.ts';
import { londonToday } from '../core/london-time.ts';
import { reductionCutoff } from '../listings/price-reductions.ts';
import { EXTRA_FILTER_CLAUSES, propertyFilters } from './search-filters.ts';

export type Verdict = boolean | undefined;

/** The fields of a listing's source that the predicates read. */
export const PREDICATE_SOURCE_FIELDS = [
  'published',
  'withdrawn',
  'publishAt',
  'allPortals',
  'portalIds',
  'forSale',
  'location',
  'schemes',
  'newBuild',
  'priceReducedOn',
  'eligibility',
  'properties',
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

function and(...verdicts: Verdict[]): Verdict {
  if (verdicts.includes(false)) return false;
  return verdicts.includes(undefined) ? undefined : true;
}

type PreparedProperty = Readonly<Record<string, unknown[] | undefined>>;

/** What the predicates read of one listing at one time, worked out once for all of them. */
export interface PreparedListing {
  /** published, not withdrawn, past its publication time (liveListingFilters) */
  live: Verdict;
  allPortals: unknown[] | undefined;
  portalIds: unknown[] | undefined;
  forSale: unknown[] | undefined;
  /** null when it has no location */
  point: LatLng | null | undefined;
  schemes: unknown[] | undefined;
  newBuild: unknown[] | undefined;
  /** reduced within the window that `reduced_only` asks for */
  reducedRecently: Verdict;
  properties: PreparedProperty[] | undefined;
  /** the listing's rules and its properties' deposits, as the eligibility engine reads them */
  eligibility: { rules: ListingEligibility; deposits: (number | null)[] } | undefined;
  today: string;
}

function pointOf(location: unknown): LatLng | null | undefined {
  if (location === null || location === undefined) return null;
  if (typeof location !== 'object' || Array.isArray(location)) return undefined;
  const { lat, lon } = location as { lat?: unknown; lon?: unknown };
  if (typeof lat !== 'number' || typeof lon !== 'number' || Math.abs(lat) > 90 || Math.abs(lon) > 180) return undefined;
  return { lat, lng: lon };
}

function prepareProperty(source: unknown): PreparedProperty | undefined {
  if (source === null || typeof source !== 'object' || Array.isArray(source)) return undefined;
  const out: Record<string, unknown[] | undefined> = {};
  for (const [field, kind] of Object.entries(PROPERTY_FIELD_KINDS)) out[field] = valuesOf((source as Record<string, unknown>)[field], kind);
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
    const deposit = singleOf((p as Record<string, unknown>).depositValue, 'double');
    if (deposit === undefined) return undefined;
    deposits.push(deposit as number | null);
  }
  return { rules: rules as ListingEligibility, deposits };
}

/** The listing's index document (its source) as the predicates read it at `now`. */
export function prepareListing(source: Readonly<Record<string, unknown>>, now: Date): PreparedListing {
  const minute = Math.floor(now.getTime() / 60_000) * 60_000;
  const publishAt = valuesOf(source.publishAt, 'date') as number[] | undefined;
  const live = and(
    anyEqual(valuesOf(source.published, 'boolean'), true),
    anyEqual(valuesOf(source.withdrawn, 'boolean'), false),
    publishAt === undefined ? undefined : publishAt.length === 0 || publishAt.some((t) => t <= minute),
  );
  const cutoff = Date.parse(`${reductionCutoff(now)}T00:00:00Z`);
  const reducedOn = valuesOf(source.priceReducedOn, 'date') as number[] | undefined;
  const rawProperties =
    source.properties === null || source.properties === undefined
      ? []
      : Array.isArray(source.properties)
        ? (source.properties as unknown[])
        : [source.properties];
  const prepared = rawProperties.map(prepareProperty);
  const properties = prepared.some((p) => p === undefined) ? undefined : (prepared as PreparedProperty[]);
  return {
    live,
    allPortals: valuesOf(source.allPortals, 'boolean'),
    portalIds: valuesOf(source.portalIds, 'integer'),
    forSale: valuesOf(source.forSale, 'boolean'),
    point: pointOf(source.location),
    schemes: valuesOf(source.schemes, 'keyword'),
    newBuild: valuesOf(source.newBuild, 'boolean'),
    reducedRecently: reducedOn === undefined ? undefined : reducedOn.some((t) => t >= cutoff),
    properties,
    eligibility: prepareEligibility(source.eligibility, properties === undefined ? undefined : rawProperties),
    today: londonToday(now),
  };
}

/** What a predicate needs beyond the saved query: its portal and, for `eligible_only`, the customer's values. */
export interface PredicateContext {
  portalId: number;
  allowedExtraFilters: readonly string[];
  /** as search-service.ts eligibilityFor gives them; null unless `eligible_only` */
  eligibility: CustomerValues | null;
}

export type ListingPredicate = (l: PreparedListing, ctx: PredicateContext) => Verdict;

type ListingTest = (l: PreparedListing, ctx: PredicateContext) => Verdict;
type PropertyTest = (p: PreparedProperty) => Verdict;

// Far more than the engine's rounding of a point (under 1e-7 degrees) and about 10 cm on the ground: a
// point nearer an edge than this is left to the engine.
const EDGE = 1e-6;

function inRect(pt: LatLng, r: Rect): Verdict {
  if (pt.lat < r.south - EDGE || pt.lat > r.north + EDGE || pt.lng < r.west - EDGE || pt.lng > r.east + EDGE) return false;
  if (pt.lat > r.south + EDGE && pt.lat < r.north - EDGE && pt.lng > r.west + EDGE && pt.lng < r.east - EDGE) return true;
  return undefined;
}

function rectTest(r: Rect): ListingTest {
  // the engine reads west beyond east as crossing the antimeridian: not a rectangle of the United Kingdom
  if (!(r.north >= r.south && r.east >= r.west)) return () => undefined;
  return ({ point }) => (point === undefined || point === null ? (point === null ? false : undefined) : inRect(point, r));
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

function polygonTest(polygon: AreaPolygon): ListingTest {
  const v = polygon.vertices;
  return ({ point: pt }) => {
    if (pt === undefined || pt === null) return pt === null ? false : undefined;
    if (inRect(pt, polygon.bounds) === false) return false;
    let inside = false;
    for (let i = 0, j = v.length - 1; i < v.length; j = i++) {
      const a = v[i]!;
      const b = v[j]!;
      if (segmentDistance2(pt, a, b) < EDGE * EDGE) return undefined;
      if (a.lat > pt.lat !== b.lat > pt.lat && pt.lng < ((b.lng - a.lng) * (pt.lat - a.lat)) / (b.lat - a.lat) + a.lng) inside = !inside;
    }
    return inside;
  };
}

/** A leaf clause on a property's field (term, terms, range, exists), as buildFilters writes them. */
function compileLeaf(clause: object): PropertyTest {
  const [type, body] = Object.entries(clause)[0] ?? [];
  const unknown: PropertyTest = () => undefined;
  if (type === 'exists') {
    const field = fieldOf((body as { field?: unknown }).field);
    return field ? (p) => (p[field] === undefined ? undefined : p[field]!.length > 0) : unknown;
  }
  const entries = body && typeof body === 'object' ? Object.entries(body) : [];
  if (entries.length !== 1) return unknown;
  const [path, value] = entries[0]!;
  const field = fieldOf(path);
  if (!field) return unknown;
  const kind = PROPERTY_FIELD_KINDS[field]!;
  if (type === 'term') {
    const wanted = ofKind(value, kind);
    return wanted === undefined || kind === 'date' ? unknown : (p) => anyEqual(p[field], wanted);
  }
  if (type === 'terms') {
    if (!Array.isArray(value) || kind === 'date') return unknown;
    const wanted = value.map((w) => ofKind(w, kind));
    if (wanted.some((w) => w === undefined)) return unknown;
    const set = new Set(wanted);
    return (p) => anyIn(p[field], set);
  }
  if (type === 'range' && (kind === 'integer' || kind === 'double') && value && typeof value === 'object') {
    const bounds = value as Record<string, unknown>;
    if (Object.keys(bounds).some((k) => !['gte', 'lte', 'gt', 'lt'].includes(k) || typeof bounds[k] !== 'number')) return unknown;
    const { gte, lte, gt, lt } = bounds as Partial<Record<'gte' | 'lte' | 'gt' | 'lt', number>>;
    const within = (n: number) =>
      (gte === undefined || n >= gte) && (lte === undefined || n <= lte) && (gt === undefined || n > gt) && (lt === undefined || n < lt);
    return (p) => {
      const values = p[field] as number[] | undefined;
      return values === undefined ? undefined : values.some(within);
    };
  }
  return unknown;
}

function fieldOf(path: unknown): string | null {
  if (typeof path !== 'string' || !path.startsWith('properties.')) return null;
  const field = path.slice('properties.'.length);
  return field in PROPERTY_FIELD_KINDS ? field : null;
}

function all<T>(tests: readonly ((x: T) => Verdict)[], x: T): Verdict {
  let verdict: Verdict = true;
  for (const test of tests) {
    const v = test(x);
    if (v === false) return false;
    if (v === undefined) verdict = undefined;
  }
  return verdict;
}

/** Some property passes every test (the nested clause of listingQuery). */
function someProperty(properties: PreparedProperty[] | undefined, tests: readonly PropertyTest[]): Verdict {
  if (properties === undefined) return undefined;
  let verdict: Verdict = false;
  for (const p of properties) {
    const v = all(tests, p);
    if (v === true) return true;
    if (v === undefined) verdict = undefined;
  }
  return verdict;
}

/** eligible_only: the listings the eligibility engine would not fail (eligibility-query.ts mirrors it for the engine). */
function eligible(l: PreparedListing, c: CustomerValues): Verdict {
  if (l.eligibility === undefined) return undefined;
  const { rules, deposits } = l.eligibility;
  // the engine's deposit clause asks for a property whose deposit the customer covers: none without properties
  if (c.deposit !== null && deposits.length === 0) return false;
  const decision = decide(
    { eligibility: rules, eligibilityFields: [] },
    deposits.map((depositValue, id) => ({ id, depositValue })),
    c,
    l.today,
  );
  return decision.status !== 'failed';
}

/** The predicate of a search with these parameters over this rectangle (the area, when it has no polygon). */
export function listingPredicate(p: SearchParams, rect: Rect): ListingPredicate {
  const forSale = p.occupancy_type === 'for-sale';
  const tests: ListingTest[] = [
    (l) => l.live,
    (l, ctx) => or(anyEqual(l.allPortals, true), anyEqual(l.portalIds, ctx.portalId)),
    (l) => anyEqual(l.forSale, forSale),
    p.polygon ? polygonTest(p.polygon) : rectTest(rect),
  ];
  if (p.schemes.length) {
    const schemes = new Set<unknown>(p.schemes);
    tests.push((l) => anyIn(l.schemes, schemes));
  }
  if (p.reduced_only) tests.push((l) => l.reducedRecently);
  if (p.new_homes) {
    const newBuild = p.new_homes === 'new-build';
    tests.push((l) => anyEqual(l.newBuild, newBuild));
  }
  const propertyTests = propertyFilters(p, []).map((c) => compileLeaf(c.clause));
  const extras = p.extraFilters.map((name) => ({ name, test: compileLeaf(EXTRA_FILTER_CLAUSES[name]!) }));

  return (l, ctx) => {
    let verdict: Verdict = true;
    for (const test of tests) {
      const v = test(l, ctx);
      if (v === false) return false;
      if (v === undefined) verdict = undefined;
    }
    const allowed = extras.length ? extras.filter((e) => ctx.allowedExtraFilters.includes(e.name)).map((e) => e.test) : [];
    // without property clauses the search has no nested clause at all
    if (propertyTests.length || allowed.length) {
      const v = someProperty(l.properties, allowed.length ? [...propertyTests, ...allowed] : propertyTests);
      if (v === false) return false;
      if (v === undefined) verdict = undefined;
    }
    if (ctx.eligibility) {
      const v = eligible(l, ctx.eligibility);
      if (v === false) return false;
      if (v === undefined) verdict = undefined;
    }
    return verdict;
  };
}
