// The builders of response payloads. Each payload is one yup schema, from which come both the
// presenter's type (`Payload<typeof schema>`) and the document's response schema (`responseSchemaOf`
// in from-yup.ts). Responses are never validated at run time: the schema only describes (the tests
// check every response they receive against the document).
import * as yup from 'yup';
import type { JsonSchema } from './schema-helpers.ts';
import { responseSchemaOf } from './from-yup.ts';

/** The TypeScript type of a payload: what its presenter returns. */
export type Payload<S extends yup.ISchema<unknown>> = yup.InferType<S>;

/** A schema with more of JSON Schema merged into its description (a format, a description, …). */
export function withJsonSchema<S extends yup.Schema>(schema: S, extra: JsonSchema): S {
  const meta = (schema.meta() ?? {}) as { jsonSchema?: JsonSchema };
  return schema.meta({ jsonSchema: { ...meta.jsonSchema, ...extra } }) as S;
}

/** The same schema, with a description in the document. */
export const about = <S extends yup.Schema>(schema: S, description: string): S => withJsonSchema(schema, { description });

/** A payload named in the document's components, referred to by `$ref` wherever another payload holds it. */
export const named = <S extends yup.Schema>(name: string, schema: S): S => withJsonSchema(schema, { 'x-component': name });

export const text = yup.string().defined();
export const integer = yup.number().integer().defined();
export const decimal = yup.number().defined();
export const flag = yup.boolean().defined();
/** the same, or null */
export const nText = text.nullable();
export const nInteger = integer.nullable();
export const nDecimal = decimal.nullable();
export const nFlag = flag.nullable();
/** An instant as `Date.toISOString()` writes it. */
export const dateTime = withJsonSchema(text, { format: 'date-time' });
/** A calendar date, `YYYY-MM-DD`. */
export const calendarDate = withJsonSchema(text, { format: 'date' });

export const oneOf = <const T extends string>(values: readonly T[]) => yup.string<T>().oneOf(values).defined();
export const listOf = <T>(item: yup.ISchema<T>) => yup.array(item).defined();
export const shape = <S extends yup.ObjectShape>(fields: S) => yup.object(fields).defined();
/** A member that may be absent. */
export const optional = <S extends yup.Schema>(schema: S) => schema.optional().default(undefined);

/** A JSON object the document does not describe member by member, typed as `T`. */
export const looseObject = <T extends object = Record<string, unknown>>(jsonSchema: JsonSchema = {}) =>
  withJsonSchema(yup.mixed<T>().defined(), { type: 'object', ...jsonSchema });

/** An object whose keys are data, every value one payload. */
export const mapOf = <S extends yup.Schema>(value: S) =>
  looseObject<Record<string, Payload<S>>>({ additionalProperties: responseSchemaOf(value) });

/**
 * A `$ref` to a payload named in the components that this one cannot import (the two hold each other),
 * typed as `T`.
 */
export const reference = <T extends object>(name: string) => named(name, yup.mixed<T>().defined());
/** The same, or null. */
export const nullableReference = <T extends object>(name: string) =>
  withJsonSchema(named(name, yup.mixed<T>().nullable().defined()), { type: ['null'] });
