// The search query string, validated: 422 with errors per parameter for anything malformed.
import * as yup from 'yup';
import { LRUCache } from 'lru-cache';
import { MAX_ID, maxChars, trimmed, validateQuery } from '../core/validation.ts';
import { ValidationError } from '../core/errors.ts';
import { EXTRA_FILTERS, type ExtraFilter } from '../portals/portal-settings.ts';
import { AREA_PATTERN, parseAreaPolygon, type AreaParse, type AreaPolygon } from './area-polygon.ts';
import { hasKeywords, MAX_KEYWORDS_LENGTH } from '../keywords/keyword-query.ts';
import { COUNCIL_TAX_BANDS, EPC_BANDS } from '../inventory/material-information.ts';
import { TENURE_FILTER_VALUES } from '../inventory/tenures.ts';

const TRUTHY = ['1', 'true', 'on', 'yes'];
const FALSY = ['0', 'false', 'off', 'no', ''];

// any case: `[Tt][Rr][Uu][Ee]` for "true", as the OpenAPI document declares it
const anyCase = (word: string) => [...word].map((c) => (/[a-z]/.test(c) ? `[${c.toUpperCase()}${c}]` : c)).join('');
const flag = () =>
  yup
    .mixed<boolean>()
    .transform((v: unknown) => (typeof v === 'string' ? (TRUTHY.includes(v.toLowerCase()) ? true : FALSY.includes(v.toLowerCase()) ? false : v) : v))
    .test('flag', '${path} must be one of 1, true, on, yes (or 0, false, off, no)', (v) => v === undefined || typeof v === 'boolean')
    .default(false)
    .meta({ jsonSchema: { type: 'string', pattern: `^(?:${[...TRUTHY, ...FALSY].map(anyCase).join('|')})$`, default: '0' } });
const amount = () => yup.number().typeError('${path} must be a number').min(0, '${path} must not be negative');
// the engine's integer fields hold at most MAX_ID
const whole = () => yup.number().typeError('${path} must be a whole number').integer('${path} must be a whole number').max(MAX_ID, '${path} is too large');
const many = (item: yup.AnySchema = yup.string().required()) =>
  yup
    .array(item)
    .transform((_v: unknown, original: unknown) => (original === undefined ? undefined : Array.isArray(original) ? original : [original]))
    .default([]);

// A polygon is parsed once for its test and once for `polygon` (up to 0.2 ms for 100 vertices): the
// second time, and for its next query strings (paging, sorting, filters), it comes from here.
const areas = new LRUCache<string, AreaParse>({ max: 200 });
function parsedArea(text: string): AreaParse {
  let parse = areas.get(text);
  if (!parse) {
    parse = parseAreaPolygon(text);
    areas.set(text, parse);
  }
  return parse;
}

export const SORT_OPTIONS = {
  'for-sale': [
    { value: 'newest', text: 'Newest first' },
    { value: 'price-low-high', text: 'Price: low to high' },
    { value: 'price-high-low', text: 'Price: high to low' },
    { value: 'nearest', text: 'Nearest first' },
    { value: 'monthly-cost-low-high', text: 'Monthly cost: low to high' },
  ],
  'to-rent': [
    { value: 'newest', text: 'Newest first' },
    { value: 'rent-low-high', text: 'Rent: low to high' },
    { value: 'rent-high-low', text: 'Rent: high to low' },
    { value: 'nearest', text: 'Nearest first' },
    { value: 'monthly-cost-low-high', text: 'Monthly cost: low to high' },
  ],
} as const;

/** Offered after the portal's own options only when that postcode is known (search-person.ts). */
export const POSTCODE_SORT_OPTIONS = [
  { value: 'nearest-work', text: 'Nearest to work first', needs: 'work' },
  { value: 'nearest-home', text: 'Nearest to home first', needs: 'home' },
] as const;

/** Offered first, and the default, when the search sends keywords (keyword-query.ts). */
export const RELEVANCE_OPTION = { value: 'relevance', text: 'Most relevant' } as const;

export const searchQuerySchema = yup.object({
  occupancy_type: yup.string().oneOf(['for-sale', 'to-rent'], 'occupancy_type must be for-sale or to-rent').default('for-sale'),
  location: yup.string().max(200).default(''),
  radius: amount().default(3),
  // a drawn polygon (blank: none); its parsed form is `polygon` (validated() below)
  area: yup
    .string()
    .nullable()
    .default(null)
    .transform((v: unknown) => (typeof v === 'string' && trimmed(v) === '' ? null : v))
    .test('area', (value, ctx) => {
      const error = typeof value === 'string' ? parsedArea(value).error : undefined;
      return error === undefined || ctx.createError({ message: error });
    })
    .meta({ jsonSchema: { pattern: `^[ \\t\\r\\n]*$|${AREA_PATTERN}` } }),
  source: yup.string().max(100).nullable().default(null),
  eligible_only: flag(),
  household_income: amount().nullable().default(null),
  deposit: amount().nullable().default(null),
  home_local_authority: whole().nullable().default(null),
  work_local_authority: whole().nullable().default(null),
  home_postcode: yup.string().max(10).nullable().default(null),
  work_postcode: yup.string().max(10).nullable().default(null),
  lat: yup.number().typeError('lat must be a number').min(-90).max(90).nullable().default(null),
  lng: yup.number().typeError('lng must be a number').min(-180).max(180).nullable().default(null),
  north: yup.number().typeError('north must be a number').min(-90).max(90).nullable().default(null),
  south: yup.number().typeError('south must be a number').min(-90).max(90).nullable().default(null),
  east: yup.number().typeError('east must be a number').min(-180).max(180).nullable().default(null),
  west: yup.number().typeError('west must be a number').min(-180).max(180).nullable().default(null),
  max_featured: whole().min(0, 'max_featured must not be negative').nullable().default(null),
  // the envelope without mapListings (the map is then asked for alone: GET /api/rest/portal/search/map-listings)
  without_map: flag(),
  // any page, however deep: one past the end is empty (no engine maximum applies)
  page: yup.number().typeError('page must be a whole number').integer('page must be a whole number').min(1, 'page must be at least 1').default(1),
  size: whole().min(1, 'size must be at least 1').max(100, 'size must be at most 100').default(10),
  // checked against the options of the occupancy type (validated() below)
  sort_by: yup
    .string()
    .nullable()
    .default(null)
    .meta({ jsonSchema: { enum: [...new Set([RELEVANCE_OPTION, ...SORT_OPTIONS['for-sale'], ...SORT_OPTIONS['to-rent'], ...POSTCODE_SORT_OPTIONS].map((o) => o.value))] } }),
  // words, "phrases" and -exclusions in the listing's text (src/keywords/); blank is none
  keywords: maxChars(yup.string(), MAX_KEYWORDS_LENGTH)
    .nullable()
    .default(null)
    .transform((v: unknown) => (typeof v === 'string' && trimmed(v) === '' ? null : v)),
  max_deposit: amount().nullable().default(null),
  max_full_value: amount().nullable().default(null),
  max_share_value: amount().nullable().default(null),
  max_monthly_rent: amount().nullable().default(null),
  min_deposit: amount().nullable().default(null),
  min_full_value: amount().nullable().default(null),
  min_share_value: amount().nullable().default(null),
  min_monthly_rent: amount().nullable().default(null),
  min_bedrooms: whole().min(0).nullable().default(null),
  max_bedrooms: whole().min(0).nullable().default(null),
  min_bathrooms: whole().min(0).nullable().default(null),
  max_bathrooms: whole().min(0).nullable().default(null),
  schemes: many(),
  status: many(yup.string().oneOf(['coming-soon', 'available', 'under-offer', 'closed'], 'status values are coming-soon, available, under-offer, closed').required()),
  types: many(),
  bedrooms: many(whole().min(0).required()),
  bathrooms: many(whole().min(0).required()),
  new_homes: yup.string().oneOf(['new-build', 'resale'], 'new_homes must be new-build or resale').nullable().default(null),
  parking: many(),
  other_features: many(),
  wheelchair_accesible: flag(),
  off_street_parking: flag(),
  pets_allowed: flag(),
  // listings whose price was reduced within the last 30 days (price-reductions.ts)
  reduced_only: flag(),
  // what a home costs this household and how far it is from their work (search-person.ts)
  max_monthly_cost: amount().nullable().default(null),
  affordable_only: flag(),
  max_distance_from_work: yup.number().typeError('max_distance_from_work must be a number').moreThan(0, 'max_distance_from_work must be more than 0').max(1000).nullable().default(null),
  // material information (inventory/material-information.ts), property-level
  epc_bands: many(yup.string().oneOf(EPC_BANDS, `epc_bands values are ${EPC_BANDS.join(', ')}`).required()),
  council_tax_bands: many(yup.string().oneOf(COUNCIL_TAX_BANDS, `council_tax_bands values are ${COUNCIL_TAX_BANDS.join(', ')}`).required()),
  tenures: many(yup.string().oneOf(TENURE_FILTER_VALUES, `tenures values are ${TENURE_FILTER_VALUES.join(', ')}`).required()),
  min_floor_area: amount().nullable().default(null),
  max_service_charge: amount().nullable().default(null),
});

export type SearchParams = yup.InferType<typeof searchQuerySchema> & {
  occupancy_type: 'for-sale' | 'to-rent';
  extraFilters: ExtraFilter[];
  /** the `area` polygon, when given: the search looks inside it instead of around `location` */
  polygon: AreaPolygon | null;
};

/** Reads `name[]` and `name` alike for the repeated parameters. */
function flatten(query: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(query)) {
    const name = key.endsWith('[]') ? key.slice(0, -2) : key;
    out[name] = out[name] === undefined ? value : ([] as unknown[]).concat(out[name], value);
  }
  return out;
}

// Validating the 45 parameters took a search about half a millisecond; the same query strings come back
// again and again (paging, the map, the back button), so valid results are kept, frozen.
const parsed = new LRUCache<string, Readonly<SearchParams>>({ max: 5000 });

/** Validated search parameters; the same object for the same query (read-only). */
export function parseSearchParams(query: Record<string, unknown>): Readonly<SearchParams> {
  const input = flatten(query);
  const key = JSON.stringify(input);
  let p = parsed.get(key);
  if (!p) {
    p = deepFreeze(validated(input));
    parsed.set(key, p);
  }
  return p;
}

function deepFreeze<T extends object>(value: T): Readonly<T> {
  for (const v of Object.values(value)) if (v !== null && typeof v === 'object') deepFreeze(v as object);
  return Object.freeze(value);
}

// yup validates and defaults every one of the 45 fields whatever the query holds; a search sends a
// handful. The fields are independent of each other, so only those sent are validated, by the schema
// picked for that set of names (the sets repeat far more than the values), and the rest take the
// defaults, worked out once: about 16 µs for a new query instead of 50 (measured in process). The
// defaults are a plain copy: yup's own default object made every copy of it slow (saved-search-criteria.ts).
const DEFAULTS = deepFreeze({ ...(JSON.parse(JSON.stringify(searchQuerySchema.getDefault())) as object), extraFilters: [], polygon: null });
const FIELD_NAMES = new Set(Object.keys(searchQuerySchema.fields));
const pickedSchemas = new LRUCache<string, yup.AnyObjectSchema>({ max: 500 });

function validatedFields(input: Record<string, unknown>): SearchParams {
  const names = Object.keys(input).filter((name) => FIELD_NAMES.has(name)).sort();
  const key = names.join(',');
  let schema = pickedSchemas.get(key);
  if (!schema) {
    schema = searchQuerySchema.pick(names as (keyof typeof searchQuerySchema.fields)[]);
    pickedSchemas.set(key, schema);
  }
  return { ...DEFAULTS, ...validateQuery(schema, Object.fromEntries(names.map((name) => [name, input[name]]))) } as SearchParams;
}

function validated(input: Record<string, unknown>): SearchParams {
  const errors: Record<string, string[]> = {};
  let p: SearchParams | null = null;
  try {
    p = validatedFields(input);
  } catch (err) {
    if (!(err instanceof ValidationError)) throw err;
    Object.assign(errors, err.errors);
  }
  // sort_by is checked against the options of the requested occupancy type, even when other parameters failed
  const occupancy = (p?.occupancy_type ?? (input.occupancy_type === 'to-rent' ? 'to-rent' : 'for-sale')) as SearchParams['occupancy_type'];
  const sorts = [...SORT_OPTIONS[occupancy], ...POSTCODE_SORT_OPTIONS].map((o) => o.value as string);
  if (hasKeywords(typeof input.keywords === 'string' ? input.keywords : null)) sorts.unshift(RELEVANCE_OPTION.value);
  const sortBy = input.sort_by;
  if (sortBy !== undefined && sortBy !== null && !sorts.includes(String(sortBy))) errors.sort_by = [`sort_by must be one of ${sorts.join(', ')}`];
  if (p) {
    const saleOnly = ['max_deposit', 'max_full_value', 'max_share_value', 'min_deposit', 'min_full_value', 'min_share_value', 'max_service_charge'] as const;
    if (p.occupancy_type === 'to-rent') for (const k of saleOnly) if (p[k] !== null) errors[k] = [`${k} applies to for-sale searches only`];
    if (p.occupancy_type === 'for-sale') for (const k of ['max_monthly_rent', 'min_monthly_rent'] as const) if (p[k] !== null) errors[k] = [`${k} applies to to-rent searches only`];
    for (const [min, max] of [['min_bedrooms', 'max_bedrooms'], ['min_bathrooms', 'max_bathrooms'], ['min_full_value', 'max_full_value'], ['min_monthly_rent', 'max_monthly_rent']] as const) {
      if (p[min] !== null && p[max] !== null && p[min]! > p[max]!) errors[max] = [`${max} must not be below ${min}`];
    }
  }
  const messages = Object.values(errors).flat();
  if (messages.length || !p) throw new ValidationError(errors, messages.length > 1 ? `${messages[0]} (and ${messages.length - 1} more)` : messages[0]);
  p.extraFilters = EXTRA_FILTERS.filter((f) => p[f]);
  p.polygon = p.area === null ? null : parsedArea(p.area).polygon!;
  return p;
}
