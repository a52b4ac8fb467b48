// OpenAPI: the components of area pages (the portal's reads are in area-routes.ts, the editors' writes in
// area-editor-routes.ts).
import type { JsonSchema } from '../core/openapi/schema-helpers.ts';
import { componentsOf } from '../core/openapi/from-yup.ts';
import { areaPagePayload, editorAreaPagePayload, schemeAreasPayload } from './area-payload.ts';

export const areaSchemas: Record<string, JsonSchema> = componentsOf(schemeAreasPayload, areaPagePayload, editorAreaPagePayload);
