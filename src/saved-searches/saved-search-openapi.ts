// OpenAPI: the components of saved searches (their operations are in saved-search-routes.ts).
import { componentsOf } from '../core/openapi/from-yup.ts';
import type { JsonSchema } from '../core/openapi/schema-helpers.ts';
import { savedSearchPayload } from './saved-search-payload.ts';

export const savedSearchSchemas: Record<string, JsonSchema> = componentsOf(savedSearchPayload);
