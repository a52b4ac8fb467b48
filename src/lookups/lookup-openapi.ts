// OpenAPI: the components of the lookup lists (their operations are in lookup-routes.ts).
import type { JsonSchema } from '../core/openapi/schema-helpers.ts';
import { componentNameOf, componentsOf } from '../core/openapi/from-yup.ts';
import { lookupItemPayloads } from './lookup-payload.ts';
import { countyPayload, localAuthorityPayload, regionPayload } from '../postcodes/local-authority-payload.ts';
import type { LookupShape } from './lookup-lists.ts';

/** the component name of each shape of lookup item */
export const lookupItemSchema = Object.fromEntries(
  Object.entries(lookupItemPayloads).map(([shape, payload]) => [shape, componentNameOf(payload)]),
) as Record<LookupShape, string>;

export const lookupSchemas: Record<string, JsonSchema> = componentsOf(
  ...Object.values(lookupItemPayloads),
  regionPayload,
  countyPayload,
  localAuthorityPayload,
);
