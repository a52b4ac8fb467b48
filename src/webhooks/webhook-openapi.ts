// OpenAPI: the components of the account's lead webhook (its operations are in webhook-routes.ts).
import type { JsonSchema } from '../core/openapi/schema-helpers.ts';
import { componentsOf } from '../core/openapi/from-yup.ts';
import { webhookDeliveryPayload, webhookEndpointPayload } from './webhook-payload.ts';

export const webhookSchemas: Record<string, JsonSchema> = componentsOf(webhookEndpointPayload, webhookDeliveryPayload);
