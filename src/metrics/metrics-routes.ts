// GET /metrics for the monitoring system, not the public: with METRICS_TOKEN set, only with that bearer
// token (401 otherwise); in `live` without one, not served at all (404, as an unknown path).
import { timingSafeEqual, createHash } from 'node:crypto';
import { NotFoundError, UnauthorizedError } from '../core/errors.ts';
import { defineRoutes, route } from '../core/route-table.ts';
import { errorResponse } from '../core/openapi/schema-helpers.ts';
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

export interface MetricsDeps {
  metrics: Metrics;
  access: MetricsAccess;
}

export const metricsRoutes = defineRoutes<MetricsDeps>([
  route<MetricsDeps>({
    method: 'get',
    path: '/metrics',
    tags: ['Operations'],
    summary:
      'Prometheus metrics (text exposition format), for the monitoring system rather than the public: with METRICS_TOKEN set, only with that bearer token; in live, not served without one; not at all with METRICS_ENABLED=false',
    operationId: 'metrics',
    responses: {
      200: { description: 'The metrics', content: { 'text/plain': { schema: { type: 'string' } } } },
      401: errorResponse('METRICS_TOKEN is set and the request does not carry it as a bearer token'),
      404: errorResponse('Not served (live without METRICS_TOKEN)'),
    },
    async handler(ctx, _input, { metrics: { registry }, access }) {
      if (access.token === undefined && access.live) throw new NotFoundError();
      if (access.token !== undefined) {
        const given = bearerOf(ctx.get('Authorization'));
        if (given === null || !timingSafeEqual(digest(given), digest(access.token))) {
          ctx.set('WWW-Authenticate', 'Bearer realm="metrics"');
          throw new UnauthorizedError('The metrics need the METRICS_TOKEN bearer token');
        }
      }
      ctx.type = registry.contentType;
      ctx.body = await registry.metrics();
    },
  }),
]);
