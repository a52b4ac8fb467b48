import { arrayOf, int, nullable, object, str, type JsonSchema } from './schema-helpers.ts';


export const commonSchemas: Record<string, JsonSchema> = {
  Error: object({ message: str }),
  ValidationError: object({
    message: str,
    errors: { type: 'object', additionalProperties: arrayOf(str), description: 'messages per parameter' },
  }),
  Pagination: object({ currentPage: int, perPage: int, from: int, to: int, total: int, lastPage: int }),
  Links: object({ first: str, prev: nullable(str), next: nullable(str), last: str }),
  // Any JSON value the body parser takes: no `__proto__` member at any depth (src/openapi/from-yup.ts).
  JsonValue: {
    anyOf: [
      { type: ['string', 'number', 'boolean', 'null'] },
      { type: 'array', items: { $ref: '#/components/schemas/JsonValue' } },
      { type: 'object', propertyNames: { not: { const: '__proto__' } }, additionalProperties: { $ref: '#/components/schemas/JsonValue' } },
    ],
  },
};
