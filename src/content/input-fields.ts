// Field builders for what editors send, each declaring in the OpenAPI document exactly what it accepts:
// values as sent (a number is no string, "true" no boolean), lengths in characters as JSON Schema counts
// them (code points, not UTF-16 units) and before trimming, and no field the object does not know.
import * as yup from 'yup';
import { documented, HTTP_URL_PATTERN, MAX_ID, NON_BLANK, trimmed } from '../core/validation.ts';

type JsonSchema = Record<string, unknown>;

/** Any text without a NUL (which no text may hold). */
export const NO_NUL = '^[^\\u0000]*$';
const nonBlank = new RegExp(NON_BLANK);
const httpUrl = new RegExp(HTTP_URL_PATTERN);
// RFC 3339 date-time, as JSON Schema's `date-time` format reads it (T and Z in either case), of a year
// the database stores whatever the offset
const DATE_TIME = /^([1-8]\d{3})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(?:\.(\d+))?(?:([Zz])|([+-])(\d{2}):(\d{2}))$/;

const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The schema with `keywords` added to what the document says of it. */
export const withJsonSchema = <S extends yup.AnySchema>(schema: S, keywords: JsonSchema): S =>
  schema.meta(documented(schema as unknown as yup.Schema, keywords));

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

/** At most `max` characters as sent (before trimming), which is what the document's maxLength says. */
function maxChars<S extends yup.StringSchema<string | null | undefined>>(schema: S, max: number): S {
  return schema.test({
    name: 'max',
    params: { max },
    message: `\${path} must be at most ${max} characters`,
    test(value) {
      const raw: unknown = this.originalValue;
      return value === null || value === undefined || [...(typeof raw === 'string' ? raw : value)].length <= max;
    },
  }) as S;
}

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
    if (typeof v === 'number') return Number.isInteger(v) && v >= 1 && v <= MAX_ID;
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
    .transform((v: unknown) => (typeof v === 'string' ? (parseDateTime(v) ?? v) : v))
    .typeError('${path} must be an RFC 3339 date-time of a year from 1000 to 8999, such as 2030-01-31T09:00:00Z');
  return withJsonSchema(nullable ? field.nullable() : field, {
    type: nullable ? ['string', 'null'] : 'string',
    format: 'date-time',
    pattern: '^[1-8][0-9]{3}-',
  });
};

/** The instant an RFC 3339 date-time names, or null when it names none (a 30th of February, an hour 24). */
export function parseDateTime(value: string): Date | null {
  const m = DATE_TIME.exec(value);
  if (!m) return null;
  const [year, month, day, hour, minute, second] = m.slice(1, 7).map(Number) as [number, number, number, number, number, number];
  const [offsetHours, offsetMinutes] = [Number(m[10] ?? 0), Number(m[11] ?? 0)];
  if (hour > 23 || minute > 59 || second > 59 || offsetHours > 23 || offsetMinutes > 59) return null;
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  date.setUTCHours(hour, minute, second, Number((m[7] ?? '').slice(0, 3).padEnd(3, '0')));
  const offset = (m[9] === '-' ? -1 : 1) * (offsetHours * 60 + offsetMinutes);
  return new Date(date.getTime() - offset * 60_000);
}

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
