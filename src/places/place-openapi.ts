// OpenAPI: the components of the place autocomplete (its operations are in place-routes.ts).
import type { JsonSchema } from '../core/openapi/schema-helpers.ts';
import { componentsOf } from '../core/openapi/from-yup.ts';
import { placeSuggestionPayload } from './place-payload.ts';

export const placeSchemas: Record<string, JsonSchema> = componentsOf(placeSuggestionPayload);
