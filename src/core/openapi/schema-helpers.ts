// Small builders that keep the OpenAPI fragments short and uniform.
export type JsonSchema = Record<string, unknown>;

export const ref = (name: string): JsonSchema => ({ $ref: `#/components/schemas/${name}` });
export const nullable = (schema: JsonSchema): JsonSchema => ({ oneOf: [schema, { type: 'null' }] });
export const arrayOf = (items: JsonSchema): JsonSchema => ({ type: 'array', items });
export const object = (properties: Record<string, JsonSchema>, required = Object.keys(properties)): JsonSchema => ({
  type: 'object',
  properties,
  required,
});

export const json = (schema: JsonSchema, description = 'OK') => ({ description, content: { 'application/json': { schema } } });
export const errorResponse = (description: string) => json(ref('Error'), description);
export const validationResponse = json(ref('ValidationError'), 'Validation failed: errors per parameter');
export const dataEnvelope = (items: JsonSchema): JsonSchema => object({ data: arrayOf(items) });
export const pagedEnvelope = (items: JsonSchema): JsonSchema =>
  object({ data: arrayOf(items), pagination: ref('Pagination'), links: ref('Links') });

export const pathParam = (name: string, description: string, schema: JsonSchema = { type: 'string' }) => ({
  name,
  in: 'path',
  required: true,
  description,
  schema,
});

/** The primitive schemas the fragments share (never mutated: extend them with a spread). */
export const str: JsonSchema = { type: 'string' };
export const int: JsonSchema = { type: 'integer' };
export const num: JsonSchema = { type: 'number' };
export const bool: JsonSchema = { type: 'boolean' };
export const nStr = nullable(str);
export const nNum = nullable(num);
export const nInt = nullable(int);

/** The 503 of every other operation, while the database is out of reach (added to each by conventions.ts). */
export const databaseUnavailable = {
  description: 'The database is out of reach: `{message}` with the service\'s own text; retry after the seconds in Retry-After',
  headers: { 'Retry-After': { description: 'seconds to wait before retrying', schema: { type: 'integer', minimum: 1 } } },
  content: { 'application/json': { schema: ref('Error') } },
};

/** The names an object of a request body may not use: the body parser refuses `__proto__` (400). */
export const noProtoKey: JsonSchema = { not: { const: '__proto__' } };

/** The 503 of every operation that reads the search index, while the search engine is unavailable. */
export const engineUnavailable = {
  description: 'The search engine is unavailable: `{message}` with the service\'s own text; retry after the seconds in Retry-After',
  headers: { 'Retry-After': { description: 'seconds to wait before retrying', schema: { type: 'integer', minimum: 1 } } },
  content: { 'application/json': { schema: ref('Error') } },
};
