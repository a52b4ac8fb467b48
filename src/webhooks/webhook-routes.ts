// The account's lead webhook: its endpoint, the deliveries log and redelivery. Authorised by api_key.
import { paginated } from '../core/envelope.ts';
import { NotFoundError } from '../core/errors.ts';
import { pathId } from '../core/path-id.ts';
import { MAX_ID } from '../core/validation.ts';
import { defineRoutes, route } from '../core/route-table.ts';
import { errorResponse, json, pagedEnvelope, pathParam, ref, validationResponse } from '../core/openapi/schema-helpers.ts';
import { apiKeyAuth, type SyncState } from '../api-accounts/api-key-auth.ts';
import type { ApiAccountService } from '../api-accounts/api-account-service.ts';
import { API_KEY_ROUTES } from '../api-accounts/api-key-operations.ts';
import { presentDelivery, presentEndpoint } from './webhook-presenter.ts';
import { deliveriesQuery, webhookEndpointSchema } from './webhook-schemas.ts';
import type { WebhookService } from './webhook-service.ts';

export const WEBHOOK_PATH = '/api/rest/account/webhook';

export interface WebhookDeps {
  accounts: ApiAccountService;
  webhooks: WebhookService;
}

const tags = ['Webhooks'];
const use = ({ accounts }: WebhookDeps) => [apiKeyAuth(accounts)];
const noEndpoint = errorResponse('The account has no webhook endpoint');

export const webhookRoutes = defineRoutes<WebhookDeps, SyncState>([
  route({
    method: 'put',
    path: WEBHOOK_PATH,
    tags,
    operationId: 'setWebhook',
    summary: "Sets the account's endpoint for lead events. The signing secret is in the answer when it is made: the first time, or with `rotateSecret: true`",
    use,
    body: webhookEndpointSchema,
    withoutBody: 'none',
    responses: { 200: json(ref('WebhookEndpoint')), 422: validationResponse },
    async handler(ctx, input, { webhooks }) {
      const { endpoint, secretShown } = await webhooks.set(ctx.state.account, input.body());
      ctx.body = presentEndpoint(endpoint, secretShown);
    },
  }),
  route({
    method: 'get',
    path: WEBHOOK_PATH,
    tags,
    operationId: 'getWebhook',
    summary: "The account's endpoint for lead events (without its secret)",
    use,
    responses: { 200: json(ref('WebhookEndpoint')), 404: noEndpoint },
    async handler(ctx, _input, { webhooks }) {
      ctx.body = presentEndpoint(await webhooks.get(ctx.state.account), false);
    },
  }),
  route({
    method: 'delete',
    path: WEBHOOK_PATH,
    tags,
    operationId: 'deleteWebhook',
    summary: 'Removes the endpoint; deliveries still pending fail',
    use,
    responses: { 204: { description: 'Removed' }, 404: noEndpoint },
    async handler(ctx, _input, { webhooks }) {
      await webhooks.remove(ctx.state.account);
      ctx.status = 204;
    },
  }),
  route({
    method: 'get',
    path: `${WEBHOOK_PATH}/deliveries`,
    tags,
    operationId: 'listWebhookDeliveries',
    summary: "The account's lead event deliveries, newest first",
    use,
    query: deliveriesQuery,
    responses: { 200: json(pagedEnvelope(ref('WebhookDelivery'))), 422: validationResponse },
    async handler(ctx, input, { webhooks }) {
      const query = input.query();
      const { items, total } = await webhooks.deliveries(ctx.state.account, query, query.status as 'pending' | 'delivered' | 'failed' | null);
      ctx.body = paginated(items.map(presentDelivery), query, total, ctx.state.url);
    },
  }),
  route({
    method: 'post',
    path: `${WEBHOOK_PATH}/deliveries/:id/redeliver`,
    tags,
    operationId: 'redeliverWebhook',
    summary: 'Queues the delivery again (the same event), retried for another 24 hours',
    use,
    parameters: [pathParam('id', 'delivery id', { type: 'integer', minimum: 1, maximum: MAX_ID })],
    responses: {
      202: json(ref('WebhookDelivery'), 'Queued'),
     
      404: errorResponse('No such delivery on this account'),
      409: errorResponse('The account has no webhook endpoint to deliver to'),
    },
    async handler(ctx, _input, { webhooks }) {
      const id = pathId(ctx.params.id);
      if (!id) throw new NotFoundError(`Delivery ${ctx.params.id} was not found`);
      ctx.status = 202;
      ctx.body = presentDelivery(await webhooks.redeliver(ctx.state.account, id));
    },
  }),
], API_KEY_ROUTES);
