// The account's lead webhook: its endpoint, the deliveries log and redelivery. Authorised by api_key.
import Router from '@koa/router';
import { paginated } from '../core/envelope.ts';
import { validateBody, validateQuery } from '../core/validation.ts';
import { NotFoundError } from '../core/errors.ts';
import { pathId } from '../core/path-id.ts';
import { apiKeyAuth, type SyncState } from '../api-accounts/api-key-auth.ts';
import type { ApiAccountService } from '../api-accounts/api-account-service.ts';
import { bodyOf } from '../sync-api/sync-routes.ts';
import { presentDelivery, presentEndpoint } from './webhook-presenter.ts';
import { deliveriesQuery, webhookEndpointSchema } from './webhook-schemas.ts';
import type { WebhookService } from './webhook-service.ts';

export const WEBHOOK_PATH = '/api/rest/account/webhook';

export function webhookRoutes(accounts: ApiAccountService, webhooks: WebhookService): Router<SyncState> {
  const router = new Router<SyncState>();
  const auth = apiKeyAuth(accounts);

  router.put(WEBHOOK_PATH, auth, async (ctx) => {
    const input = validateBody(webhookEndpointSchema, bodyOf(ctx));
    const { endpoint, secretShown } = await webhooks.set(ctx.state.account, input);
    ctx.body = presentEndpoint(endpoint, secretShown);
  });
  router.get(WEBHOOK_PATH, auth, async (ctx) => {
    ctx.body = presentEndpoint(await webhooks.get(ctx.state.account), false);
  });
  router.delete(WEBHOOK_PATH, auth, async (ctx) => {
    await webhooks.remove(ctx.state.account);
    ctx.status = 204;
  });
  router.get(`${WEBHOOK_PATH}/deliveries`, auth, async (ctx) => {
    const query = validateQuery(deliveriesQuery, ctx.query);
    const { items, total } = await webhooks.deliveries(ctx.state.account, query, query.status as 'pending' | 'delivered' | 'failed' | null);
    ctx.body = paginated(items.map(presentDelivery), query, total, ctx.state.url);
  });
  router.post(`${WEBHOOK_PATH}/deliveries/:id/redeliver`, auth, async (ctx) => {
    const id = pathId(ctx.params.id);
    if (!id) throw new NotFoundError(`Delivery ${ctx.params.id} was not found`);
    ctx.status = 202;
    ctx.body = presentDelivery(await webhooks.redeliver(ctx.state.account, id));
  });
  return router;
}
