// OpenAPI: the components of BLM feed imports (their operations are in feed-routes.ts).
import type { JsonSchema } from '../core/openapi/schema-helpers.ts';
import { componentsOf } from '../core/openapi/from-yup.ts';
import { feedImportPayload, feedImportQueuedPayload } from './feed-payload.ts';

export const feedSchemas: Record<string, JsonSchema> = componentsOf(feedImportQueuedPayload, feedImportPayload);
