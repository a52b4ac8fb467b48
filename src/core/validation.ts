// yup in one place: validated input or a 422 with errors per parameter.
import * as yup from 'yup';
import { ValidationError, type FieldErrors } from './errors.ts';

export function toFieldErrors(err: yup.ValidationError): FieldErrors {
  const errors: FieldErrors = {};
  const items = err.inner.length ? err.inner : [err];
  for (const item of items) {
    const key = item.path || '_';
    (errors[key] ??= []).push(item.message);
  }
  return errors;
}

/** `controls`: also refuse control characters other than tab and line breaks (bodies: text that is kept) */
export function validate<S extends yup.AnySchema>(schema: S, input: unknown, { controls = false } = {}): yup.InferType<S> {
  try {
    const value = schema.validateSync(withoutInheritedNames(input), { abortEarly: false, stripUnknown: true });
    const nul = nulErrors(value, controls);
    if (nul) throw new ValidationError(nul, Object.values(nul)[0]![0]);
    return value;
  } catch (err) {
    if (err instanceof yup.ValidationError) {
      const errors = toFieldErrors(err);
      const first = Object.values(errors)[0]?.[0];
      const count = Object.values(errors).flat().length;
      const message = count > 1 ? `${first} (and ${count - 1} more error${count > 2 ? 's' : ''})` : (first ?? 'The given data was invalid.');
      throw new ValidationError(errors, message);
    }
    throw err;
  }
}

const INHERITED = new Set(Object.getOwnPropertyNames(Object.prototype));

/**
 * The input without members named as `Object.prototype`'s (`constructor`, `toString`, …) at any depth:
 * yup looks a member's name up among its schema's fields as a plain property, finds the inherited
 * function and fails on it (a 500). No schema has such a field, so they are dropped as unknown ones are.
 */
export function withoutInheritedNames(input: unknown): unknown {
  if (Array.isArray(input)) {
    const items = input.map(withoutInheritedNames);
    return items.some((item, i) => item !== input[i]) ? items : input;
  }
  if (input === null || typeof input !== 'object') return input;
  const entries = Object.entries(input);
  const kept = entries.filter(([key]) => !INHERITED.has(key)).map(([key, value]) => [key, withoutInheritedNames(value)] as const);
  const changed = kept.length !== entries.length || kept.some(([key, value]) => value !== (input as Record<string, unknown>)[key]);
  return changed ? Object.fromEntries(kept) : input;
}

const isBlank = (code: number) => code === 32 || code === 9 || code === 13 || code === 10;

/**
 * For `.transform(trimmed)`: yup's own `.trim()` calls `.trim()` on whatever came, and a JSON object is no
 * string. Only ASCII white space is trimmed, as the OpenAPI patterns say (`NON_BLANK`, `padded`).
 */
// a loop: `/[ \t\r\n]+$/` is quadratic in a long run of white space
export function trimmed(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  let start = 0;
  let end = value.length;
  while (start < end && isBlank(value.charCodeAt(start))) start++;
  while (end > start && isBlank(value.charCodeAt(end - 1))) end--;
  return value.slice(start, end);
}

/** JSON Schema pattern of a string that is not blank once trimmed (and, as no text may, holds no NUL). */
export const NON_BLANK = '^[^\\u0000]*[^ \\t\\r\\n\\u0000][^\\u0000]*$';

/** JSON Schema pattern of a trimmed value of `core` (a pattern without anchors), or of nothing at all. */
export const paddedOrEmpty = (core: string): string => `^[ \\t\\r\\n]*(?:${core})?[ \\t\\r\\n]*$`;

/**
 * At most `max` characters as sent, before trimming, counted in Unicode code points as JSON Schema's
 * `maxLength` counts them (a check after trimming, or of UTF-16 units, would not match the document).
 * The test is named `max` with its limit, so that the OpenAPI conversion declares it.
 */
export function maxChars<S extends yup.StringSchema<string | null | undefined>>(schema: S, max: number, message = '${path} must be at most ${max} characters'): S {
  return schema.test({
    name: 'max',
    params: { max },
    message,
    test(value) {
      // the text as sent, even when it is blank and so read as null
      const sent: unknown = this.originalValue;
      if (typeof sent === 'string') return [...sent].length <= max;
      return value == null || [...(value as string)].length <= max;
    },
  }) as S;
}

/** Meta for `.meta()` that adds `extra` to what the field's OpenAPI schema already says (src/core/openapi/from-yup.ts). */
export function documented(schema: yup.Schema, extra: Record<string, unknown>): { jsonSchema: Record<string, unknown> } {
  const current = (schema.spec.meta as { jsonSchema?: Record<string, unknown> } | undefined)?.jsonSchema ?? {};
  return { jsonSchema: { ...current, ...extra } };
}

/** The schema, with `extra` added to what the OpenAPI document says of it. */
export const withJsonSchema = <S extends yup.AnySchema>(schema: S, extra: Record<string, unknown>): S =>
  schema.meta(documented(schema as unknown as yup.Schema, extra));

/** JSON Schema pattern of any text without a NUL character, which no text may hold. */
export const NO_NUL = '^[^\\u0000]*$';

/**
 * JSON Schema pattern of an absolute http(s) URL that every URL parser takes: an IPv4 address, or a host
 * name whose last label starts with a letter (a numeric one would be read as an IPv4 address); an
 * optional port; printable ASCII after it. ASCII white space around it is trimmed.
 */
const OCTET = '(?:25[0-5]|2[0-4][0-9]|1[0-9]{2}|[1-9]?[0-9])';
const PORT = '(?:6553[0-5]|655[0-2][0-9]|65[0-4][0-9]{2}|6[0-4][0-9]{3}|[1-5][0-9]{4}|[1-9][0-9]{0,3}|0)';
export const HTTP_URL_PATTERN =
  '^[ \\t\\r\\n]*[Hh][Tt][Tt][Pp][Ss]?://' +
  `(?:(?:${OCTET}\\.){3}${OCTET}|(?:[A-Za-z0-9-]+\\.)*[A-Za-z][A-Za-z0-9-]*)` +
  `(?::${PORT})?(?:[/?#][!#-~]*)?[ \\t\\r\\n]*$`;

/** The largest id a PostgreSQL integer column holds. */
export const MAX_ID = 2_147_483_647;

/** A record id: a whole number from 1 to MAX_ID. */
export const recordId = (message: string) => yup.number().typeError(message).integer(message).min(1, message).max(MAX_ID, message);

const NUL = '\u0000';
/**
 * Control characters no text may hold besides NUL: C0 and C1 controls other than tab, line feed and the
 * carriage return of a CR LF, DEL, and the bidirectional overrides and isolates (U+202A–U+202E,
 * U+2066–U+2069) that turn text around on a page or in a terminal.
 */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL = /[\u0001-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]|\r(?!\n)/;

/** Errors per field for text holding a NUL (PostgreSQL text cannot hold one) or another control character; null when none does. */
function nulErrors(value: unknown, controls: boolean, path = '', errors: FieldErrors = {}): FieldErrors | null {
  if (typeof value === 'string') {
    if (value.includes(NUL)) (errors[path || '_'] ??= []).push(`${path || 'the value'} must not contain a NUL character`);
    else if (controls && CONTROL.test(value)) (errors[path || '_'] ??= []).push(`${path || 'the value'} must not contain control characters (such as escape, a lone carriage return or a right-to-left override)`);
  } else if (Array.isArray(value)) {
    value.forEach((item, i) => nulErrors(item, controls, `${path}[${i}]`, errors));
  } else if (value !== null && typeof value === 'object' && !(value instanceof Date)) {
    for (const [key, item] of Object.entries(value)) nulErrors(item, controls, path ? `${path}.${key}` : key, errors);
  }
  return Object.keys(errors).length ? errors : null;
}

// Strict JSON types for a body: yup turns `false` into "false" and "5" into 5, which a query string needs
// and a JSON body must not get (the OpenAPI document says a string is a string). Each text, number and
// boolean field of the schema gets a test of the value as sent ("" passes: fields that take it reset to
// null, the others refuse it by their own rules). Made once per schema.
const strictSchemas = new WeakMap<yup.Schema, yup.Schema>();
const JSON_TYPE: Record<string, string> = { string: 'string', number: 'number', boolean: 'boolean' };

function jsonTypes(schema: yup.Schema): yup.Schema {
  let strict = strictSchemas.get(schema);
  if (strict) return strict;
  strict = schema;
  const expected = JSON_TYPE[schema.type];
  if (expected) {
    strict = schema.test('json-type', `\${path} must be a ${expected === 'string' ? 'string' : expected === 'number' ? 'number' : 'true or false'}`, function () {
      const sent = this.originalValue as unknown;
      return sent === undefined || sent === null || sent === '' || typeof sent === expected;
    });
  } else if (schema instanceof yup.ObjectSchema) {
    const fields = Object.fromEntries(Object.entries(schema.fields as Record<string, yup.Schema>).map(([name, field]) => [name, jsonTypes(field)]));
    strict = schema.shape(fields);
  } else if (schema instanceof yup.ArraySchema && schema.innerType) {
    strict = schema.of(jsonTypes(schema.innerType as yup.Schema));
  }
  strictSchemas.set(schema, strict);
  return strict;
}

/** `validate` for a JSON request body: values must have the JSON types the schema names. */
export function validateBody<S extends yup.AnySchema>(schema: S, body: unknown): yup.InferType<S> {
  return validate(jsonTypes(schema as unknown as yup.Schema) as unknown as S, body, { controls: true });
}

/** A request without a body validates as `{}` (nothing sent); a body of `null` is a body, and not an object. */
export const bodyOrEmpty = (body: unknown): unknown => (body === undefined ? {} : body);

/**
 * `validate` for a query string. A parameter the schema takes once (anything but an array) that comes
 * more than once is a 422 on it: yup would read `?page=2&page=3` as NaN, and `?id=5&id=5` as 5.
 */
export function validateQuery<S extends yup.AnyObjectSchema>(schema: S, query: Record<string, unknown>): yup.InferType<S> {
  const fields = schema.fields as Record<string, yup.Schema | undefined>;
  const errors: FieldErrors = {};
  for (const [name, value] of Object.entries(query)) {
    const field = fields[name];
    if (Array.isArray(value) && field && !(field instanceof yup.ArraySchema)) errors[name] = [`${name} must be given once`];
  }
  const names = Object.keys(errors);
  if (names.length) throw new ValidationError(errors, errors[names[0]!]![0]);
  return validate(schema, query);
}

/** 1/true and 0/false; absent is null. */
export const queryFlag = (name: string) =>
  yup
    .mixed<boolean>()
    .nullable()
    .transform((v: unknown) =>
      v === undefined || v === ''
        ? null
        : ['1', 'true', true, 1].includes(v as string)
          ? true
          : ['0', 'false', false, 0].includes(v as string)
            ? false
            : v,
    )
    .test(name, `${name} must be 1, true, 0 or false`, (v) => v === null || typeof v === 'boolean')
    .default(null)
    .meta({ jsonSchema: { type: 'string', enum: ['1', 'true', '0', 'false', ''] } });
