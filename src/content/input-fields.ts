// Field builders for what editors send, each declaring in the OpenAPI document exactly what it accepts:
// values as sent (a number is no string, "true" no boolean), lengths in characters as JSON Schema counts
// them (code points, not UTF-16 units) and before trimming, and no field the object does not know.
import * as yup from 'yup';
import { isRecordId } from '../core/record-id.ts';
import { HTTP_URL_PATTERN, MAX_ID, maxChars, NO_NUL, NON_BLANK, trimmed, withJsonSchema } from '../core/validation.ts';
import { parseDateTime } from '../core/date-time-format.ts';

const nonBlank = new RegExp(NON_BLANK);
const httpUrl = new RegExp(HTTP_URL_PATTERN);
// the years the database stores whatever a date-time's offset
const YEARS_1000_TO_8999 = /^[1-8]\d{3}-/;

const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Takes values as they come: a string field refuses a number rather than turning it into text, a number
 * field refuses "3". (yup coerces before it checks types, so the check looks at the value as sent.)
 */
function exact<S extends yup.Schema>(schema: S, type: 'string' | 'number' | 'boolean', message: string): S {
  return schema.typeError(message).test({
    name: 'exact-type',
    message,
    test() {
      const raw: unknown = this.originalValue;
      return raw === undefined || raw === null || typeof raw === type;
    },
  }) as S;
}
const string = () => exact(yup.string(), 'string', '${path} must be a string');

/** A string as sent: no trimming, at most `max` characters. */
export const plainText = (max: number) => maxChars(string(), max);

/** A string or null, as sent. */
export const text = (max = 2000) => plainText(max).nullable();

/** Trimmed text, possibly empty. */
export const trimmedText = (max: number) => maxChars(string(), max).transform(trimmed);

/** Trimmed, with something left. */
export const nameField = (max = 255) =>
  withJsonSchema(
    trimmedText(max).test('non-blank', '${path} must not be blank', function () {
      const raw: unknown = this.originalValue;
      return typeof raw !== 'string' || nonBlank.test(raw);
    }),
    { pattern: NON_BLANK },
  );

export const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const CODE = /^[a-z0-9]+(?:[-_][a-z0-9]+)*$/;

export const slugField = () => maxChars(string(), 120).matches(SLUG, '${path} must be lower-case words and digits joined by hyphens');
export const codeField = () =>
  maxChars(string(), 60).matches(CODE, '${path} must be lower-case words and digits joined by hyphens or underscores');

/** A full http(s) url (trimmed), or null. */
export const urlField = (max = 2000) =>
  withJsonSchema(
    trimmedText(max).test('http-url', '${path} must be a full http(s) url', function () {
      const raw: unknown = this.originalValue;
      return typeof raw !== 'string' || httpUrl.test(raw);
    }),
    { pattern: HTTP_URL_PATTERN },
  ).nullable();

export const boolField = () => exact(yup.boolean(), 'boolean', '${path} must be true or false');

/** A whole number that fits the database's integer columns. */
export const intField = (min = -MAX_ID - 1) =>
  exact(yup.number(), 'number', '${path} must be a whole number')
    .integer('${path} must be a whole number')
    .min(min, `\${path} must be at least ${min}`)
    .max(MAX_ID, `\${path} must be at most ${MAX_ID}`);

export const numberField = () => exact(yup.number(), 'number', '${path} must be a number');

/** One of a few words, exactly. */
export const oneOfField = <T extends string>(values: readonly T[], what: string) =>
  string().oneOf(values, `${what} must be one of ${values.join(', ')}`);

/** A reference to another object: its id, or its slug, code or name (trimmed where it is looked up). */
export const refField = (what: string, { nullable = false } = {}) => {
  const field = yup.mixed<number | string>().test('ref', `${what} must be an id or a slug`, (v) => {
    if (v === undefined || v === null) return true;
    if (typeof v === 'number') return isRecordId(v);
    return typeof v === 'string' && nonBlank.test(v);
  });
  // numeric keywords bind numbers only, pattern strings only
  return withJsonSchema(nullable ? field.nullable() : field, {
    type: nullable ? ['integer', 'string', 'null'] : ['integer', 'string'],
    minimum: 1,
    maximum: MAX_ID,
    pattern: NON_BLANK,
  });
};

/** An RFC 3339 date-time (the document's `date-time` format) of a year from 1000 to 8999, as a Date. */
export const dateTimeField = ({ nullable = false } = {}) => {
  const field = yup
    .mixed<Date>((v): v is Date => v instanceof Date)
    .transform((v: unknown) => (typeof v === 'string' && YEARS_1000_TO_8999.test(v) ? (parseDateTime(v) ?? v) : v))
    .typeError('${path} must be an RFC 3339 date-time of a year from 1000 to 8999, such as 2030-01-31T09:00:00Z');
  return withJsonSchema(nullable ? field.nullable() : field, {
    type: nullable ? ['string', 'null'] : 'string',
    format: 'date-time',
    pattern: '^[1-8][0-9]{3}-',
  });
};

/** A query string value, trimmed; a blank one counts as not given. */
export const queryText = () =>
  withJsonSchema(
    yup
      .string()
      .typeError('${path} must be a single value')
      .transform((v: unknown) => (typeof v === 'string' ? (trimmed(v) as string) || undefined : v)),
    { pattern: NO_NUL },
  );

/** A query string id: a whole number within the database's integer range. */
export const queryId = () =>
  yup
    .number()
    .typeError('${path} must be a whole number')
    .integer('${path} must be a whole number')
    .min(1, '${path} must be at least 1')
    .max(MAX_ID, `\${path} must be at most ${MAX_ID}`);

const notAnObject = ({ path }: { path?: string }) => `${path && path !== 'this' ? path : 'the body'} must be a JSON object`;

/**
 * An object that refuses fields it does not know (422 per unknown field) and says so in the document
 * (`additionalProperties: false`).
 */
export function closedObject<S extends yup.ObjectShape>(shape: S) {
  const known = new Set(Object.keys(shape));
  const object = yup
    .object(shape)
    .typeError(notAnObject)
    .nonNullable(notAnObject)
    .default(undefined)
    .test('known-fields', function () {
      const raw: unknown = this.originalValue;
      if (!isPlainObject(raw)) return true;
      const unknown = Object.keys(raw).filter((k) => !known.has(k));
      if (!unknown.length) return true;
      const at = (k: string) => (this.path ? `${this.path}.${k}` : k);
      return new yup.ValidationError(
        unknown.map((k) => this.createError({ path: at(k), message: `${at(k)} is not a field of this object` })),
      );
    });
  return withJsonSchema(object, { additionalProperties: false });
}
