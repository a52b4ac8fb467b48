import { arrayOf, int, noProtoKey, nullable, object, str, type JsonSchema } from './schema-helpers.ts';


export const commonSchemas: Record<string, JsonSchema> = {
  Error: object({ message: str }),
  ValidationError: object({
    message: str,
    errors: { type: 'object', additionalProperties: arrayOf(str), description: 'messages per parameter' },
  }),
  Pagination: object({ currentPage: int, perPage: int, from: int, to: int, total: int, lastPage: int }),
  Links: object({ first: str, prev: nullable(str), next: nullable(str), last: str }),
  // Any JSON value in a request body, with no member named `__proto__` at any depth (the body parser
  // refuses such a body with 400).
  JsonValue: {
    anyOf: [
      { type: ['string', 'number', 'boolean', 'null'] },
      { type: 'array', items: { $ref: '#/components/schemas/JsonValue' } },
      { type: 'object', propertyNames: noProtoKey, additionalProperties: { $ref: '#/components/schemas/JsonValue' } },
    ],
  },
};
