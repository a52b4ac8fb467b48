import Router from '@koa/router';
import type { RequestState } from '../core/http-context.ts';
import type { DependencyStatus } from './dependency-checks.ts';

const READY_TIMEOUT_MS = 3000;

/** `check` asks the database and the search engine, each within the time limit (dependency-checks.ts). */
export function healthRoutes(check: (timeoutMs: number) => Promise<DependencyStatus>): Router<RequestState> {
  const router = new Router<RequestState>();
  router.get('/health', (ctx) => {
    ctx.body = { status: 'ok' };
  });
  router.get('/ready', async (ctx) => {
    const status = await check(READY_TIMEOUT_MS);
    const ready = status.database === 'up' && status.search === 'up';
    ctx.status = ready ? 200 : 503;
    ctx.body = { status: ready ? 'ready' : 'unavailable', ...status };
  });
  return router;
}
