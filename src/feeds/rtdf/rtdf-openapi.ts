// OpenAPI: the components and the security scheme of the RTDF calls (their operations are in rtdf-routes.ts).
import type { JsonSchema } from '../../core/openapi/schema-helpers.ts';
import { componentsOf } from '../../core/openapi/from-yup.ts';
import { rtdfBranchListPayload, rtdfResponsePayload } from './rtdf-payload.ts';

export const rtdfSchemas: Record<string, JsonSchema> = componentsOf(rtdfResponsePayload, rtdfBranchListPayload);

export const rtdfSecuritySchemes = { apiKeyHeader: { type: 'apiKey', in: 'header', name: 'X-Api-Key' } };
