// OpenAPI: the components of a listing's performance statistics (the operation is in listing-stats-routes.ts).
import type { JsonSchema } from '../core/openapi/schema-helpers.ts';
import { componentsOf } from '../core/openapi/from-yup.ts';
import { listingDayStatsPayload } from './listing-stats-payload.ts';

export const listingStatsSchemas: Record<string, JsonSchema> = componentsOf(listingDayStatsPayload);
