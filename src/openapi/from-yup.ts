// The OpenAPI request schemas, derived from the yup schemas that validate at the edge: each payload is
// described once. A rule that yup keeps in a custom test (a postcode, a past date) reaches the document
// through the field's `meta({ jsonSchema })`, which the conversion merges in.
import type * as yup from 'yup';
import { convertSchema } from '@sodaru/yup-to-json-schema';
import type { JsonSchema } from './schema-helpers.ts';

/** JSON Schema (OpenAPI 3.1) of a yup schema. */
export function jsonSchemaOf(schema: yup.AnySchema): JsonSchema {
  return tidy(convertSchema(schema) as JsonSchema);
}

/** A required JSON request body described by its yup schema. */
export function jsonBodyOf(schema: yup.AnySchema, description?: string) {
  return { required: true, ...(description ? { description } : {}), content: { 'application/json': { schema: jsonSchemaOf(schema) } } };
}

export interface ParameterOptions {
  /** parameters repeated as `name[]` (the server reads `name` too) */
  bracketArrays?: boolean;
  descriptions?: Record<string, string>;
}

/** One OpenAPI parameter per field of a yup object schema of the query string or the path. */
export function parametersOf(schema: yup.AnyObjectSchema, location: 'query' | 'path', options: ParameterOptions = {}) {
  const object = jsonSchemaOf(schema) as { properties?: Record<string, JsonSchema>; required?: string[] };
  const required = new Set(object.required ?? []);
  return Object.entries(object.properties ?? {}).map(([name, fieldSchema]) => {
    const isArray = fieldSchema.type === 'array' || (Array.isArray(fieldSchema.type) && fieldSchema.type.includes('array'));
    const description = options.descriptions?.[name] ?? (fieldSchema.description as string | undefined);
    const { description: _omit, ...paramSchema } = fieldSchema;
    return {
      name: isArray && options.bracketArrays ? `${name}[]` : name,
      in: location,
      required: location === 'path' || required.has(name),
      ...(description ? { description } : {}),
      schema: queryValueSchema(paramSchema),
      ...(isArray ? { style: 'form', explode: true } : {}),
    };
  });
}

// A query value is never JSON null: a nullable parameter is one that may be left out.
function queryValueSchema(schema: JsonSchema): JsonSchema {
  if (!Array.isArray(schema.type)) return schema;
  const types = (schema.type as string[]).filter((t) => t !== 'null');
  const { default: fallback, ...rest } = schema;
  if (Array.isArray(rest.enum)) rest.enum = (rest.enum as unknown[]).filter((v) => v !== null);
  return { ...rest, type: types.length === 1 ? types[0] : types, ...(fallback === null ? {} : fallback !== undefined ? { default: fallback } : {}) };
}

// The library gives every object `default: {}` (yup's) and `enum` lists that repeat null for nullable
// fields; neither says anything to a client. A nullable field's `enum` without null gets it: yup takes null.
function tidy(schema: JsonSchema): JsonSchema {
  const out: JsonSchema = {};
  if (Array.isArray(schema.enum) && Array.isArray(schema.type) && schema.type.includes('null') && !schema.enum.includes(null)) {
    schema = { ...schema, enum: [...(schema.enum as unknown[]), null] };
  }
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'default' && value !== null && typeof value === 'object' && !Array.isArray(value) && Object.keys(value).length === 0) continue;
    if (key === 'properties' && value && typeof value === 'object') {
      out.properties = Object.fromEntries(Object.entries(value as Record<string, JsonSchema>).map(([k, v]) => [k, tidy(v)]));
    } else if (key === 'items' && value && typeof value === 'object' && !Array.isArray(value)) {
      out.items = tidy(value as JsonSchema);
    } else {
      out[key] = value;
    }
  }
  return withoutNul(out);
}

// The edge refuses a NUL character in any string and any field name of a body or a query string
// (src/core/edge-guards.ts), also in the fields a route does not read; the body parser a `__proto__` field.
const HAS_NUL: JsonSchema = { type: 'string', pattern: '\\x00' };
export const FIELD_NAME: JsonSchema = { not: { anyOf: [HAS_NUL, { const: '__proto__' }] } };
function withoutNul(schema: JsonSchema): JsonSchema {
  const types = [schema.type].flat();
  const out = { ...schema };
  if (types.includes('object')) {
    out.propertyNames = FIELD_NAME;
    out.additionalProperties ??= { $ref: '#/components/schemas/JsonValue' };
  }
  if (types.includes('string')) {
    if (out.not === undefined) out.not = HAS_NUL;
    else out.allOf = [...((out.allOf as JsonSchema[] | undefined) ?? []), { not: HAS_NUL }];
  }
  return out;
}
