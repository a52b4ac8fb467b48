import Router from '@koa/router';
import type { RequestState } from '../core/http-context.ts';
import type { Metrics } from './metrics-registry.ts';

export function metricsRoutes({ registry }: Metrics): Router<RequestState> {
  const router = new Router<RequestState>();
  router.get('/metrics', async (ctx) => {
    ctx.type = registry.contentType;
    ctx.body = await registry.metrics();
  });
  return router;
}
