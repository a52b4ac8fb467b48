// yup building blocks shared by the synchronisation payloads. Missing optional fields become null or
// their default, so that a PUT replaces the whole object and an identical PUT changes nothing.
// JSON values are taken as sent: yup would read 1 as "1" for a string and "1" as true for a boolean,
// which the OpenAPI document (derived from these schemas) does not allow. Every rule a custom test keeps
// reaches the document under a name the conversion knows (`max`, `matches`) or through `meta`.
import * as yup from 'yup';
import { trimmed } from '../core/validation.ts';
import { isFullDate, parseDateTime } from '../core/date-time-format.ts';
import { normalisePostcode } from '../postcodes/postcode-format.ts';

/** The largest PostgreSQL (and search engine) integer. */
export const INT_MAX = 2_147_483_647;

/** Any character that JavaScript's `trim()` keeps: a text with one is not blank. */
export const NON_BLANK = /[^\t\n\v\f\r \u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]/;
const EXTERNAL_REF = /^[A-Za-z0-9._:\-/]+$/;
/** http(s) with a host, no spaces or control characters. */
// eslint-disable-next-line no-control-regex -- the control characters are what it refuses
const URL = /^[Hh][Tt][Tt][Pp][Ss]?:\/\/[^\x00-\x20\x7f/?#]+([/?#][^\x00-\x20\x7f]*)?$/;
/** A UK postcode in either case, with or without the space before the inward code. */
const UK_POSTCODE =
  /^([Gg][Ii][Rr] ?0[Aa][Aa]|[A-PR-UWYZa-pr-uwyz]([0-9]{1,2}|[A-HK-Ya-hk-y][0-9]{1,2}|[0-9][A-HJKPSTUWa-hjkpstuw]|[A-HK-Ya-hk-y][0-9][ABEHMNPRVWXYabehmnprvwxy]) ?[0-9][ABD-HJLNP-UW-Zabd-hjlnp-uw-z]{2})$/;

/** Adds to what the OpenAPI document says of a field (yup's `meta` would replace what it said before). */
export function documented<S extends yup.AnySchema>(schema: S, jsonSchema: Record<string, unknown>): S {
  const said = (schema.meta() as { jsonSchema?: Record<string, unknown> } | undefined)?.jsonSchema;
  return schema.meta({ jsonSchema: { ...said, ...jsonSchema } }) as S;
}

const asSent = (_value: unknown, original: unknown) => original;
const sent = (value: unknown, original: unknown): unknown => (typeof original === 'string' ? original : value);

/** A JSON string (never a number or boolean turned into one). */
export const plainString = () => yup.string().typeError('${path} must be a string').transform(asSent);
export const plainNumber = () => yup.number().typeError('${path} must be a number').transform(asSent);

/** At most `max` characters (Unicode code points, as JSON Schema counts them) as sent. */
function maxChars<S extends yup.StringSchema<string | null | undefined>>(schema: S, max: number): S {
  return schema.test({
    name: 'max',
    params: { max },
    message: '${path} must be at most ${max} characters',
    test: (value, ctx) => value == null || [...String(sent(value, ctx.originalValue))].length <= max,
  }) as S;
}

/** A rule on the text as sent, before trimming or normalising, declared as the document's `pattern`. */
function sentMatches<S extends yup.StringSchema<string | null | undefined>>(schema: S, regex: RegExp, message: string): S {
  return schema.test({
    name: 'matches',
    params: { regex },
    message,
    test: (value, ctx) => value == null || regex.test(String(sent(value, ctx.originalValue))),
  }) as S;
}

export const externalRef = () => plainString().min(1).max(100).matches(EXTERNAL_REF, '${path} may hold letters, digits and . _ : - / only');

export const optionalText = (max = 10_000) => maxChars(plainString(), max).nullable().default(null);
/** Text with something in it besides spaces, stored trimmed. */
export const requiredText = (max = 255) =>
  maxChars(sentMatches(plainString().transform(trimmed), NON_BLANK, '${path} must not be blank'), max)
    .nonNullable('${path} is required')
    .defined('${path} is required');
/** A text that may be empty, never null (stored as sent). */
export const textOrEmpty = (max: number) => maxChars(plainString(), max).nonNullable().default('');

export const money = () => plainNumber().min(0, '${path} must not be negative').nullable().default(null);
export const percent = () => plainNumber().min(0, '${path} must be at least 0').max(100, '${path} must be at most 100').nullable().default(null);
export const count = () =>
  plainNumber().integer('${path} must be a whole number').min(0, '${path} must not be negative').max(INT_MAX, '${path} must be at most ${max}');
export const url = () => plainString().matches(URL, '${path} must be an http(s) URL');

// The database keeps the years 1 to 9999: a date-time on their first or last day whose offset could take
// it out of them is refused, so that the document can say which ones are (a date-time's instant can't).
const IN_YEARS_1_TO_9999 = /^(?!0000-)/;
const INSTANT_IN_YEARS_1_TO_9999 = /^(?!0000-|0001-01-01T.*\+|9999-12-31T)/;

export const isoDate = () =>
  documented(
    plainString()
      .matches(IN_YEARS_1_TO_9999, '${path} must be in the years 1 to 9999')
      .test('date', '${path} must be a date YYYY-MM-DD', (v) => v == null || isFullDate(v)),
    { format: 'date' },
  );

export const dateTime = () =>
  documented(
    plainString()
      .matches(INSTANT_IN_YEARS_1_TO_9999, '${path} must be between 0001-01-01 and 9999-12-30 (and on 0001-01-01 not ahead of UTC)')
      .test('date-time', '${path} must be an ISO 8601 date-time with an offset (2025-01-31T09:00:00Z)', (v) => v == null || parseDateTime(v) !== null),
    { format: 'date-time' },
  );

/** Stored in its usual form ("SW1A 1AA"). */
export const ukPostcode = () =>
  sentMatches(plainString(), UK_POSTCODE, '${path} must be a valid UK postcode').transform((v: unknown) =>
    typeof v === 'string' ? (normalisePostcode(v) ?? v) : v,
  );

export const imageSet = () => yup.object({ largeSize: url().required(), mediumSize: url().required(), thumbnail: url().required() }).default(undefined);

export const galleryImages = () =>
  yup
    .array(
      yup.object({
        largeSize: url().required(),
        mediumSize: url().required(),
        thumbnail: url().required(),
        alternativeText: textOrEmpty(255),
        caption: textOrEmpty(1000),
      }),
    )
    .default([]);

export const bool = (fallback: boolean) => plainBoolean().default(fallback);
export const plainBoolean = () => yup.boolean().typeError('${path} must be true or false').transform(asSent);

/** An array whose items are all different (JSON Schema's `uniqueItems`), for items that are references. */
export function uniqueItems<S extends yup.AnySchema>(schema: S): S {
  const test = (items: unknown[] | null | undefined) => items == null || new Set(items).size === items.length;
  return documented(schema.test('unique-items', '${path} must not name the same item twice', test), { uniqueItems: true });
}
