import Router from '@koa/router';
import type { RequestState } from '../core/http-context.ts';
import type { PrismaClient } from '../db/prisma.ts';
import type { SearchClient } from '../search/client.ts';

async function probe(check: () => Promise<unknown>): Promise<'up' | 'down'> {
  try {
    await check();
    return 'up';
  } catch {
    return 'down';
  }
}

export function healthRoutes(prisma: PrismaClient, search: SearchClient): Router<RequestState> {
  const router = new Router<RequestState>();
  router.get('/health', (ctx) => {
    ctx.body = { status: 'ok' };
  });
  router.get('/ready', async (ctx) => {
    const [database, searchEngine] = await Promise.all([
      probe(() => prisma.$queryRaw`SELECT 1`),
      probe(() => search.cluster.health({ timeout: '2s' }, { requestTimeout: 3000, maxRetries: 0 })),
    ]);
    const ready = database === 'up' && searchEngine === 'up';
    ctx.status = ready ? 200 : 503;
    ctx.body = { status: ready ? 'ready' : 'unavailable', database, search: searchEngine };
  });
  return router;
}
