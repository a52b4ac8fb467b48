// Request bodies of the saved-search endpoints. A saved query is validated by the search's own parameter
// validation (search-params.ts), its errors named under `query.`: one definition, the same messages.
import * as yup from 'yup';
import { maxChars, NON_BLANK, trimmed, withJsonSchema } from '../core/validation.ts';
import { ValidationError } from '../core/errors.ts';
import { parseSearchParams, searchQuerySchema, type SearchParams } from '../search-criteria/search-params.ts';

export const ALERT_FREQUENCIES = ['instant', 'daily', 'weekly', 'off'] as const;
export type AlertFrequency = (typeof ALERT_FREQUENCIES)[number];

/** Search parameters that say how to show results, not which: never part of a saved query. */
export const NOT_SAVED = ['page', 'size', 'sort_by'] as const;

const name = () =>
  withJsonSchema(maxChars(yup.string().typeError('name must be a string').transform(trimmed), 100, 'name must be at most 100 characters').min(1, 'name must not be empty'), {
    pattern: NON_BLANK,
  });

const alerts = () =>
  yup
    .object({
      frequency: yup.string().oneOf(ALERT_FREQUENCIES, `alerts.frequency must be one of ${ALERT_FREQUENCIES.join(', ')}`),
      newListings: yup.boolean().typeError('alerts.newListings must be true or false'),
      priceReductions: yup.boolean().typeError('alerts.priceReductions must be true or false'),
    })
    .typeError('alerts must be an object')
    .default(undefined);

const query = () =>
  withJsonSchema(
    yup
      .mixed<Record<string, unknown>>()
      .test('object', 'query must be an object of search parameters', (v) => v === undefined || (typeof v === 'object' && v !== null && !Array.isArray(v))),
    {
      type: 'object',
      // any JSON value, but none holding a member named `__proto__` (the body parser refuses it with 400)
      additionalProperties: { $ref: '#/components/schemas/JsonValue' },
      description: "The search's own parameters (those of GET /api/rest/portal/search, without page, size and sort_by), e.g. {\"location\": \"Leeds\", \"radius\": 5, \"bedrooms\": [2, 3]}",
    },
  );

export const createSavedSearchSchema = yup.object({
  name: name().required('name is required'),
  query: query().required('query is required'),
  alerts: alerts(),
});

export const updateSavedSearchSchema = yup.object({
  name: name(),
  query: query(),
  alerts: alerts(),
});

export type SavedSearchInput = yup.InferType<typeof updateSavedSearchSchema>;

const SAVED_PARAMETERS = new Set(Object.keys(searchQuerySchema.fields).filter((k) => !(NOT_SAVED as readonly string[]).includes(k)));

// A lone surrogate (half a UTF-16 pair) is a JSON string's right, but PostgreSQL's JSONB refuses it.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
function wellFormed(value: unknown): unknown {
  if (typeof value === 'string') return value.replace(LONE_SURROGATE, '\uFFFD');
  if (Array.isArray(value)) return value.map(wellFormed);
  if (value !== null && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [wellFormed(k) as string, wellFormed(v)]));
  return value;
}

/** A saved query as a query string would carry it: numbers and booleans as text, lists item by item. */
const asQueryString = (query: Record<string, unknown>) => Object.fromEntries(Object.entries(query).map(([k, v]) => [k, asQueryValue(v)]));

function asQueryValue(value: unknown): unknown {
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return value.map((v) => (typeof v === 'number' || typeof v === 'boolean' ? String(v) : v));
  return value;
}

/**
 * The saved query as stored (the parameters sent, without page, size and sort_by, nulls dropped) and as
 * the search reads it; 422 naming `query.<parameter>` when the search would refuse it.
 */
export function validateSavedQuery(sent: Record<string, unknown>): { stored: Record<string, unknown>; params: Readonly<SearchParams> } {
  // the search's own parameters only (it ignores the others too), their text well formed for JSONB
  const stored = Object.fromEntries(
    Object.entries(sent)
      .filter(([k, v]) => v !== null && v !== undefined && SAVED_PARAMETERS.has(k.replace(/\[\]$/, '')))
      .map(([k, v]) => [k, wellFormed(v)]),
  );
  try {
    const params = parseSearchParams(asQueryString(stored));
    return { stored, params };
  } catch (err) {
    if (!(err instanceof ValidationError)) throw err;
    const errors = Object.fromEntries(Object.entries(err.errors).map(([k, messages]) => [`query.${k}`, messages]));
    throw new ValidationError(errors, err.message);
  }
}

/** The stored query as the search reads it (it was valid when saved). */
export const savedParams = (stored: unknown): Readonly<SearchParams> => validateSavedQuery(stored as Record<string, unknown>).params;

/** The stored query run as a search, with the page asked for: `page` and `size` of the request's query string. */
export function savedQueryPage(stored: unknown, query: Record<string, unknown>): Readonly<SearchParams> {
  const paging = Object.fromEntries(Object.entries(query).filter(([k]) => k === 'page' || k === 'size'));
  return parseSearchParams({ ...asQueryString(stored as Record<string, unknown>), ...paging });
}
