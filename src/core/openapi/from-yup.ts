// The OpenAPI request schemas, derived from the yup schemas that validate at the edge: each payload is
// described once. A rule that yup keeps in a custom test (a postcode, a past date) reaches the document
// through the field's `meta({ jsonSchema })`, which the conversion merges in.
import type * as yup from 'yup';
import { convertSchema } from '@sodaru/yup-to-json-schema';
import { noProtoKey, type JsonSchema } from './schema-helpers.ts';
import { NO_NUL } from '../validation.ts';

/** JSON Schema (OpenAPI 3.1) of a yup schema. */
export function jsonSchemaOf(schema: yup.AnySchema): JsonSchema {
  return tidy(convertSchema(schema) as JsonSchema);
}

/** A JSON request body described by its yup schema; required when any of its fields is. */
export function jsonBodyOf(schema: yup.AnySchema, description?: string) {
  const body = jsonSchemaOf(schema);
  const required = Array.isArray(body.required) && body.required.length > 0;
  return { required, ...(description ? { description } : {}), content: { 'application/json': { schema: body } } };
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

// What yup enforces and the library leaves out: a required string is a non-empty one, and no text holds a
// NUL character (src/core/edge-guards.ts; a field with a pattern of its own excludes NUL in it). The
// library's `default: {}` on every object says nothing to a client. A nullable field's `enum` without
// null gets it: yup takes null.

function tidy(schema: JsonSchema, isRequired = false): JsonSchema {
  const out: JsonSchema = {};
  if (Array.isArray(schema.enum) && Array.isArray(schema.type) && schema.type.includes('null') && !schema.enum.includes(null)) {
    schema = { ...schema, enum: [...(schema.enum as unknown[]), null] };
  }
  const types = Array.isArray(schema.type) ? (schema.type as string[]) : [schema.type];
  if (types.includes('string') && schema.enum === undefined) {
    if (schema.pattern === undefined) out.pattern = NO_NUL;
    if (isRequired && schema.minLength === undefined) out.minLength = 1;
  }
  // members a route does not read may hold any JSON value; no member is named `__proto__` (the body
  // parser refuses it with 400)
  if (types.includes('object') && schema.additionalProperties === undefined) out.additionalProperties = { $ref: '#/components/schemas/JsonValue' };
  if (types.includes('object') && schema.propertyNames === undefined) out.propertyNames = noProtoKey;
  const required = new Set(Array.isArray(schema.required) ? (schema.required as string[]) : []);
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'default' && value !== null && typeof value === 'object' && !Array.isArray(value) && Object.keys(value).length === 0) continue;
    if (key === 'properties' && value && typeof value === 'object') {
      out.properties = Object.fromEntries(Object.entries(value as Record<string, JsonSchema>).map(([k, v]) => [k, tidy(v, required.has(k))]));
    } else if (key === 'items' && value && typeof value === 'object' && !Array.isArray(value)) {
      out.items = tidy(value as JsonSchema, true);
    } else {
      out[key] = value;
    }
  }
  return out;
}

/**
 * The response schema of a payload described in yup (src/core/openapi/payload-fields.ts). A payload
 * named in the components is a `$ref` wherever it is held; at the top, with `expand`, its own schema
 * (what the components list).
 */
export function responseSchemaOf(schema: yup.AnySchema, expand = false): JsonSchema {
  return tidyResponse(convertSchema(schema) as JsonSchema, expand);
}

/** The components entries of named payloads, by their names. */
export function componentsOf(...schemas: yup.AnySchema[]): Record<string, JsonSchema> {
  return Object.fromEntries(
    schemas.map((schema) => [componentNameOf(schema), responseSchemaOf(schema, true)]),
  );
}

/** The name a payload has in the components (given by `named()`). */
export function componentNameOf(schema: yup.AnySchema): string {
  const name = (schema.meta() as { jsonSchema?: JsonSchema } | undefined)?.jsonSchema?.['x-component'];
  if (typeof name !== 'string') throw new Error('a payload without a name in the components (named())');
  return name;
}

// A response has no default (the library gives every object one); a nullable enum takes null; a `mixed`
// without a type (looseObject before its meta) has none; a named payload below the top is a reference.
function tidyResponse(schema: JsonSchema, expand: boolean): JsonSchema {
  const types = Array.isArray(schema.type) ? (schema.type as string[]) : [schema.type];
  const name = schema['x-component'] as string | undefined;
  if (name && !expand) {
    const ref = { $ref: `#/components/schemas/${name}` };
    return types.includes('null') ? { oneOf: [ref, { type: 'null' }] } : ref;
  }
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'x-component') continue;
    if (key === 'default') continue;
    if (key === 'type' && Array.isArray(value) && value.length === 0) continue;
    if (key === 'enum' && types.includes('null') && Array.isArray(value) && !value.includes(null)) out.enum = [...(value as unknown[]), null];
    else if (key === 'properties' && value && typeof value === 'object') {
      out.properties = Object.fromEntries(Object.entries(value as Record<string, JsonSchema>).map(([k, v]) => [k, tidyResponse(v, false)]));
    } else if (key === 'items' && value && typeof value === 'object' && !Array.isArray(value)) out.items = tidyResponse(value as JsonSchema, false);
    else out[key] = value;
  }
  return out;
}
