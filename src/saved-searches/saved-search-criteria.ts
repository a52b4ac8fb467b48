// What alert matching reads of a saved query, written beside it whenever it is saved:
// - the coarse criteria that find the saved searches a listing may match without running them all: its
//   occupancy type, the rectangle searched (a PostgreSQL box, GiST-indexed), the highest headline price
//   and the bedroom bounds;
// - its filters: the rectangle its place resolved to (and, for a region, county or local authority with
//   radius 0, that area, whose listings it means) and the parameters that choose listings, defaults
//   left out, from which the matcher rebuilds the search's parameters without validating the query again
//   (about 70 µs a query, when an event has thousands of candidates).
import type { Prisma } from '../generated/prisma/client.ts';
import { UK_RECT, type Rect } from '../places/geo.ts';
import type { SearchArea } from '../search-criteria/search-area.ts';
import { searchQuerySchema, type SearchParams } from '../search-criteria/search-params.ts';
import { parseAreaPolygon } from '../search-criteria/area-polygon.ts';
import { EXTRA_FILTERS } from '../portals/portal-settings.ts';
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

/**
 * Writes into the saved search's row what its query derives: the criteria columns (the box among them,
 * which Prisma cannot write) and the filters. Returns the filters as stored.
 */
export async function writeDerived(db: Pick<Prisma.TransactionClient, '$executeRaw'>, id: number, p: SearchParams, rect: Rect, within: SearchArea['within'] = null, provisional = false): Promise<string> {
  const c = criteriaOf(p, rect);
  const filters = JSON.stringify({ ...filtersOf(p, rect, within), ...(provisional ? { provisional } : {}) });
  // a place resolved before the national postcode file was in may be wider once it is: the whole UK, so
  // that listings anywhere make the saved search a candidate, and its filters are worked out again
  await db.$executeRaw`
    UPDATE "SavedSearch" SET filters = ${filters}, area = ${boxText(provisional ? UK_RECT : rect)}::box, "forSale" = ${c.forSale},
      "maxPrice" = ${c.maxPrice}::float8, "minBedrooms" = ${c.minBedrooms}::int, "maxBedrooms" = ${c.maxBedrooms}::int
    WHERE id = ${id}`;
  return filters;
}

/** The search parameters that choose listings: buildFilters reads them, and eligible_only the values it merges with the profile. */
export const SELECTING_PARAMETERS = [
  'occupancy_type',
  'area',
  'keywords',
  'schemes',
  'reduced_only',
  'new_homes',
  'status',
  'types',
  'bedrooms',
  'bathrooms',
  'parking',
  'other_features',
  'max_full_value',
  'max_share_value',
  'max_deposit',
  'max_monthly_rent',
  'min_full_value',
  'min_share_value',
  'min_deposit',
  'min_monthly_rent',
  'min_bedrooms',
  'max_bedrooms',
  'min_bathrooms',
  'max_bathrooms',
  'epc_bands',
  'council_tax_bands',
  'tenures',
  'min_floor_area',
  'max_service_charge',
  ...EXTRA_FILTERS,
  'eligible_only',
  'household_income',
  'deposit',
  'home_local_authority',
  'work_local_authority',
  // near work and within budget (affordable_only judged with the query's household, else the profile's)
  'max_monthly_cost',
  'affordable_only',
  'max_distance_from_work',
  'home_postcode',
  'work_postcode',
] as const satisfies readonly (keyof SearchParams)[];

/** The parameters that say where, which the rectangle holds once resolved. */
export const PLACE_PARAMETERS = ['location', 'radius', 'lat', 'lng', 'north', 'south', 'east', 'west'] as const;
/** The parameters that choose no listing: how results show, and the partner listed first. */
export const OTHER_PARAMETERS = ['page', 'size', 'sort_by', 'max_featured', 'source', 'without_map'] as const;

/** Raise it when the form below or the meaning of a parameter changes: filters of another version are worked out again from the query. */
export const FILTERS_VERSION = 3;

export interface SavedFilters {
  v: number;
  rect: Rect;
  /** a region, county or local authority with radius 0: its listings, not the rectangle's (absent otherwise) */
  within?: NonNullable<SearchArea['within']>;
  params: Record<string, unknown>;
  /** resolved before the national postcode file was in: worked out again by alert matching (absent otherwise) */
  provisional?: true;
}

// A plain object holding every key the parameters get, the derived ones too: copying it and overwriting
// some keys gives objects of one shape, in a fraction of a microsecond (copying the schema's own default
// object, or adding keys after the copy, took 10 µs).
const DEFAULTS: Record<string, unknown> = { ...(JSON.parse(JSON.stringify(searchQuerySchema.getDefault())) as Record<string, unknown>), extraFilters: [], polygon: null };
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

export function filtersOf(p: SearchParams, rect: Rect, within: SearchArea['within'] = null): SavedFilters {
  const params: Record<string, unknown> = {};
  for (const key of SELECTING_PARAMETERS) if (!same(p[key], DEFAULTS[key])) params[key] = p[key];
  return { v: FILTERS_VERSION, rect: { north: rect.north, south: rect.south, east: rect.east, west: rect.west }, ...(within ? { within: { kind: within.kind, id: within.id } } : {}), params };
}

/** The search parameters the filters were made from, as far as they choose listings; throws for filters of another version. */
export function paramsOfFilters(f: SavedFilters): SearchParams {
  if (f.v !== FILTERS_VERSION) throw new Error(`saved filters of version ${f.v}, not ${FILTERS_VERSION}`);
  const p = { ...DEFAULTS, ...f.params } as unknown as SearchParams;
  p.extraFilters = EXTRA_FILTERS.filter((k) => p[k]);
  if (p.area !== null) {
    const parse = parseAreaPolygon(p.area);
    if (!parse.polygon) throw new Error(`saved area refused: ${parse.error}`);
    p.polygon = parse.polygon;
  }
  return p;
}
