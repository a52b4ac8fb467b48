import { arrayOf, int, nullable, object, str, type JsonSchema } from './schema-helpers.ts';


export const commonSchemas: Record<string, JsonSchema> = {
  Error: object({ message: str }),
  ValidationError: object({
    message: str,
    errors: { type: 'object', additionalProperties: arrayOf(str), description: 'messages per parameter' },
  }),
  Pagination: object({ currentPage: int, perPage: int, from: int, to: int, total: int, lastPage: int }),
  Links: object({ first: str, prev: nullable(str), next: nullable(str), last: str }),
  // Any JSON value (the body parser drops `__proto__` members at any depth, as it drops unknown fields).
  JsonValue: {
    anyOf: [
      { type: ['string', 'number', 'boolean', 'null'] },
      { type: 'array', items: { $ref: '#/components/schemas/JsonValue' } },
      { type: 'object', additionalProperties: { $ref: '#/components/schemas/JsonValue' } },
    ],
  },
};
