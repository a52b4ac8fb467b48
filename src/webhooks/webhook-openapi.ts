// OpenAPI: the account's lead webhook (endpoint, deliveries log, redelivery).
import { apiKeyPaths } from '../api-accounts/api-key-operations.ts';
import { errorResponse, json, pagedEnvelope, pathParam, ref, validationResponse, type JsonSchema } from '../core/openapi/schema-helpers.ts';
import { componentsOf, jsonBodyOf, parametersOf } from '../core/openapi/from-yup.ts';
import { webhookDeliveryPayload, webhookEndpointPayload } from './webhook-payload.ts';
import { MAX_ID } from '../core/validation.ts';

import { deliveriesQuery, webhookEndpointSchema } from './webhook-schemas.ts';
import { WEBHOOK_PATH } from './webhook-routes.ts';

export const webhookSchemas: Record<string, JsonSchema> = componentsOf(webhookEndpointPayload, webhookDeliveryPayload);

const noEndpoint = errorResponse('The account has no webhook endpoint');

export function webhookPaths(): Record<string, unknown> {
  const tags = ['Webhooks'];
  return apiKeyPaths({
    [WEBHOOK_PATH]: {
      put: {
        tags,
        operationId: 'setWebhook',
        summary:
          "Sets the account's endpoint for lead events. The signing secret is in the answer when it is made: the first time, or with `rotateSecret: true`",
        requestBody: jsonBodyOf(webhookEndpointSchema),
        responses: { 200: json(ref('WebhookEndpoint')), 422: validationResponse },
      },
      get: {
        tags,
        operationId: 'getWebhook',
        summary: "The account's endpoint for lead events (without its secret)",
        responses: { 200: json(ref('WebhookEndpoint')), 404: noEndpoint },
      },
      delete: {
        tags,
        operationId: 'deleteWebhook',
        summary: 'Removes the endpoint; deliveries still pending fail',
        responses: { 204: { description: 'Removed' }, 404: noEndpoint },
      },
    },
    [`${WEBHOOK_PATH}/deliveries`]: {
      get: {
        tags,
        operationId: 'listWebhookDeliveries',
        summary: "The account's lead event deliveries, newest first",
        parameters: parametersOf(deliveriesQuery, 'query'),
        responses: { 200: json(pagedEnvelope(ref('WebhookDelivery'))), 422: validationResponse },
      },
    },
    [`${WEBHOOK_PATH}/deliveries/{id}/redeliver`]: {
      post: {
        tags,
        operationId: 'redeliverWebhook',
        summary: 'Queues the delivery again (the same event), retried for another 24 hours',
        parameters: [pathParam('id', 'delivery id', { type: 'integer', minimum: 1, maximum: MAX_ID })],
        responses: {
          202: json(ref('WebhookDelivery'), 'Queued'),
          404: errorResponse('No such delivery on this account'),
          409: errorResponse('The account has no webhook endpoint to deliver to'),
        },
      },
    },
  });
}
