// OpenAPI: the components of leads in the synchronisation interfaces (their operations are in lead-routes.ts).
import type { JsonSchema } from '../core/openapi/schema-helpers.ts';
import { componentsOf, jsonSchemaOf } from '../core/openapi/from-yup.ts';
import { pushedLeadSchema } from './lead-schemas.ts';
import { leadProgressSchema } from './lead-progress-schemas.ts';
import { leadPayload } from './lead-payload.ts';

export const leadSchemas: Record<string, JsonSchema> = {
  ...componentsOf(leadPayload),
  PushedLead: jsonSchemaOf(pushedLeadSchema),
  LeadProgress: jsonSchemaOf(leadProgressSchema),
};
