import { errorResponse } from '../core/openapi/schema-helpers.ts';

export function metricsPaths(): Record<string, unknown> {
  return {
    '/metrics': {
      get: {
        tags: ['Operations'],
        summary:
          'Prometheus metrics (text exposition format), for the monitoring system rather than the public: with METRICS_TOKEN set, only with that bearer token; in live, not served without one; not at all with METRICS_ENABLED=false',
        operationId: 'metrics',
        responses: {
          200: { description: 'The metrics', content: { 'text/plain': { schema: { type: 'string' } } } },
          401: errorResponse('METRICS_TOKEN is set and the request does not carry it as a bearer token'),
          404: errorResponse('Not served (live without METRICS_TOKEN)'),
        },
      },
    },
  };
}
