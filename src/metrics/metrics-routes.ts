// GET /metrics for the monitoring system, not the public: with METRICS_TOKEN set, only with that bearer
// token (401 otherwise); in `live` without one, not served at all (404, as an unknown path).
import { timingSafeEqual, createHash } from 'node:crypto';
import Router from '@koa/router';
import type { RequestState } from '../core/http-context.ts';
import { NotFoundError, UnauthorizedError } from '../core/errors.ts';
import type { Metrics } from './metrics-registry.ts';

export interface MetricsAccess {
  /** the bearer token a scrape must carry; undefined: none */
  token: string | undefined;
  live: boolean;
}

const digest = (text: string) => createHash('sha256').update(text).digest();

function bearerOf(header: string | undefined): string | null {
  const m = /^Bearer ([^\s]+)$/i.exec(header ?? '');
  return m ? m[1]! : null;
}

export function metricsRoutes({ registry }: Metrics, access: MetricsAccess): Router<RequestState> {
  const router = new Router<RequestState>();
  const expected = access.token === undefined ? null : digest(access.token);
  router.get('/metrics', async (ctx) => {
    if (expected === null && access.live) throw new NotFoundError();
    if (expected !== null) {
      const given = bearerOf(ctx.get('Authorization'));
      if (given === null || !timingSafeEqual(digest(given), expected)) {
        ctx.set('WWW-Authenticate', 'Bearer realm="metrics"');
        throw new UnauthorizedError('The metrics need the METRICS_TOKEN bearer token');
      }
    }
    ctx.type = registry.contentType;
    ctx.body = await registry.metrics();
  });
  return router;
}
