// OpenAPI: the components of listing details, properties, full details and the search lists (their
// operations are in listing-read-routes.ts).
import { componentsOf } from '../core/openapi/from-yup.ts';
import type { JsonSchema } from '../core/openapi/schema-helpers.ts';
import { fullDetailsPayload, idNamePayload, listingDetailsPayload, rangePayload } from './listing-details-payload.ts';
import { propertyDetailsPayload } from '../listings/property-details-payload.ts';

export const listingReadSchemas: Record<string, JsonSchema> = componentsOf(
  propertyDetailsPayload,
  listingDetailsPayload,
  fullDetailsPayload,
  idNamePayload,
  rangePayload,
);
