import Router from '@koa/router';
import type { RequestState } from '../core/http-context.ts';
import type { PrismaClient } from '../db/prisma.ts';
import type { SearchClient } from '../search/client.ts';
import { checkDependencies } from './dependency-checks.ts';

const READY_TIMEOUT_MS = 3000;

export function healthRoutes(prisma: PrismaClient, search: SearchClient): Router<RequestState> {
  const router = new Router<RequestState>();
  router.get('/health', (ctx) => {
    ctx.body = { status: 'ok' };
  });
  router.get('/ready', async (ctx) => {
    const status = await checkDependencies(prisma, search, READY_TIMEOUT_MS);
    const ready = status.database === 'up' && status.search === 'up';
    ctx.status = ready ? 200 : 503;
    ctx.body = { status: ready ? 'ready' : 'unavailable', ...status };
  });
  return router;
}
