// OpenAPI: the components of register interest and the Application resource (their operations are in
// application-routes.ts).
import type { JsonSchema } from '../core/openapi/schema-helpers.ts';
import { componentsOf } from '../core/openapi/from-yup.ts';
import { applicationPayload, decisionPayload, progressPayload } from './application-payload.ts';
import { registerInterestFieldsPayload } from '../listing-reads/listing-details-payload.ts';

export const applicationSchemas: Record<string, JsonSchema> = componentsOf(decisionPayload, progressPayload, applicationPayload, registerInterestFieldsPayload);
