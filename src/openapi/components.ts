import { arrayOf, int, nullable, object, str, type JsonSchema } from './schema-helpers.ts';


export const commonSchemas: Record<string, JsonSchema> = {
  Error: object({ message: str }),
  ValidationError: object({
    message: str,
    errors: { type: 'object', additionalProperties: arrayOf(str), description: 'messages per parameter' },
  }),
  Pagination: object({ currentPage: int, perPage: int, from: int, to: int, total: int, lastPage: int }),
  Links: object({ first: str, prev: nullable(str), next: nullable(str), last: str }),
};
