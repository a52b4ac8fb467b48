import { arrayOf, int, nullable, object, str, type JsonSchema } from './schema-helpers.ts';
import { FIELD_NAME } from './from-yup.ts';


export const commonSchemas: Record<string, JsonSchema> = {
  Error: object({ message: str }),
  ValidationError: object({
    message: str,
    errors: { type: 'object', additionalProperties: arrayOf(str), description: 'messages per parameter' },
  }),
  Pagination: object({ currentPage: int, perPage: int, from: int, to: int, total: int, lastPage: int }),
  Links: object({ first: str, prev: nullable(str), next: nullable(str), last: str }),
  // Any JSON value the edge lets through: no NUL character in a string or a field name (core/edge-guards.ts),
  // no `__proto__` field (the body parser).
  JsonValue: {
    anyOf: [
      { type: 'string', not: { type: 'string', pattern: '\\x00' } },
      { type: ['number', 'boolean', 'null'] },
      { type: 'array', items: { $ref: '#/components/schemas/JsonValue' } },
      { type: 'object', propertyNames: FIELD_NAME, additionalProperties: { $ref: '#/components/schemas/JsonValue' } },
    ],
  },
};
