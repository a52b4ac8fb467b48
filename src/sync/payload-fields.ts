// yup building blocks shared by the synchronisation payloads. Missing optional fields become null or
// their default, so that a PUT replaces the whole object and an identical PUT changes nothing. Bodies are
// validated with `validateBody`, which keeps JSON types as sent (no 1 read as "1", no "true" as true).
// Every rule a custom test keeps reaches the OpenAPI document under a name the conversion knows (`max`,
// `matches`) or through `meta`.
import * as yup from 'yup';
import { HTTP_URL_PATTERN, MAX_ID, maxChars, NON_BLANK, trimmed, withJsonSchema } from '../core/validation.ts';
import { isFullDate, parseDateTime } from '../core/date-time-format.ts';
import { normalisePostcode, UK_POSTCODE_PATTERN } from '../postcodes/postcode-format.ts';

export { MAX_ID, withJsonSchema };

const EXTERNAL_REF = /^[A-Za-z0-9._:\-/]+$/;

/** The value as sent, before trimming or normalising. */
const sent = (value: unknown, original: unknown): unknown => (typeof original === 'string' ? original : value);

export const plainString = () => yup.string().typeError('${path} must be a string');
export const plainNumber = () => yup.number().typeError('${path} must be a number');
export const plainBoolean = () => yup.boolean().typeError('${path} must be true or false');

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
  maxChars(sentMatches(plainString().transform(trimmed), new RegExp(NON_BLANK), '${path} must not be blank'), max)
    .nonNullable('${path} is required')
    .defined('${path} is required');
/** A text that may be empty, never null (stored as sent). */
export const textOrEmpty = (max: number) => maxChars(plainString(), max).nonNullable().default('');

export const money = () => plainNumber().min(0, '${path} must not be negative').nullable().default(null);
export const percent = () => plainNumber().min(0, '${path} must be at least 0').max(100, '${path} must be at most 100').nullable().default(null);
export const count = () =>
  plainNumber().integer('${path} must be a whole number').min(0, '${path} must not be negative').max(MAX_ID, '${path} must be at most ${max}');
/** An http(s) URL, stored without the white space around it. */
export const url = () => sentMatches(plainString().transform(trimmed), new RegExp(HTTP_URL_PATTERN), '${path} must be an http(s) URL');

// The database keeps the years 1 to 9999: a date-time on their first or last day whose offset could take
// it out of them is refused, so that the document can say which ones are (a date-time's instant can't).
const IN_YEARS_1_TO_9999 = /^(?!0000-)/;
const INSTANT_IN_YEARS_1_TO_9999 = /^(?!0000-|0001-01-01T.*\+|9999-12-31T)/;

export const isoDate = () => {
  const schema = plainString()
    .matches(IN_YEARS_1_TO_9999, '${path} must be in the years 1 to 9999')
    .test('date', '${path} must be a date YYYY-MM-DD', (v) => v == null || isFullDate(v));
  return withJsonSchema(schema, { format: 'date' });
};

export const dateTime = () => {
  const schema = plainString()
    .matches(INSTANT_IN_YEARS_1_TO_9999, '${path} must be between 0001-01-01 and 9999-12-30 (and on 0001-01-01 not ahead of UTC)')
    .test('date-time', '${path} must be an ISO 8601 date-time with an offset (2025-01-31T09:00:00Z)', (v) => v == null || parseDateTime(v) !== null);
  return withJsonSchema(schema, { format: 'date-time' });
};

/** A UK postcode in any case, spaced or not (the pattern the postcode lookup declares), stored as "SW1A 1AA". */
export const ukPostcode = () =>
  sentMatches(plainString(), new RegExp(UK_POSTCODE_PATTERN), '${path} must be a valid UK postcode').transform((v: unknown) =>
    typeof v === 'string' ? (normalisePostcode(v) ?? v) : v,
  );

export const imageSet = () => yup.object({ largeSize: url().required(), mediumSize: url().required(), thumbnail: url().required() }).default(undefined);

/** The documented maxima of the payloads' arrays (422 beyond; `maxItems` in the OpenAPI document). */
export const MAX_ITEMS = {
  openDays: 500,
  galleryImages: 100,
  floorplans: 50,
  rooms: 100,
  propertyFeatures: 50,
  featureValues: 100,
  specifications: 100,
  imageUrls: 20,
  videos: 20,
  brochures: 20,
  listingProperties: 1000,
  schemes: 20,
  portals: 100,
  partnerSources: 50,
  registerInterestFields: 50,
  localAuthorities: 500,
  homeOwnershipStatuses: 4,
} as const;

/** An array of at most `max` items: 422 beyond, and `maxItems` in the document. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any array schema, whatever its items
export const atMost = <S extends yup.ArraySchema<any, any, any, any>>(schema: S, max: number): S => schema.max(max, `\${path} must hold at most ${max} items`) as S;

export const galleryImages = () =>
  atMost(yup
    .array(
      yup.object({
        largeSize: url().required(),
        mediumSize: url().required(),
        thumbnail: url().required(),
        alternativeText: textOrEmpty(255),
        caption: textOrEmpty(1000),
      }),
    ), MAX_ITEMS.galleryImages)
    .default([]);

export const bool = (fallback: boolean) => plainBoolean().default(fallback);

/** An array whose items are all different (JSON Schema's `uniqueItems`), for items that are references. */
export function uniqueItems<S extends yup.AnySchema>(schema: S): S {
  const test = (items: unknown[] | null | undefined) => items == null || new Set(items).size === items.length;
  const unique = schema.test('unique-items', '${path} must not name the same item twice', test);
  return withJsonSchema(unique, { uniqueItems: true });
}
