// OpenAPI: the components of preview links (the operation is in preview-link-routes.ts).
import type { JsonSchema } from '../core/openapi/schema-helpers.ts';
import { componentsOf } from '../core/openapi/from-yup.ts';
import { previewLinkPayload } from './preview-link-payload.ts';

export const previewLinkSchemas: Record<string, JsonSchema> = componentsOf(previewLinkPayload);
