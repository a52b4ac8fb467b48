// OpenAPI: the components of generic content (the portal's reads are in content-routes.ts, the editors'
// content management interface in content-editor-routes.ts).
import type { JsonSchema } from '../core/openapi/schema-helpers.ts';
import { componentsOf } from '../core/openapi/from-yup.ts';
import {
  contentListItemPayload,
  contentPagePayload,
  contentTagPayload,
  editorContentPagePayload,
  editorFamilyPayload,
  topicPayload,
} from './content-payload.ts';

export const contentSchemas: Record<string, JsonSchema> = componentsOf(
  contentListItemPayload,
  contentPagePayload,
  editorContentPagePayload,
  topicPayload,
  contentTagPayload,
  editorFamilyPayload,
);
