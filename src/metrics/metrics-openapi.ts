export function metricsPaths(): Record<string, unknown> {
  return {
    '/metrics': {
      get: {
        tags: ['Operations'],
        summary:
          'Prometheus metrics (text exposition format); served unless METRICS_ENABLED=false, for the monitoring system rather than the public',
        operationId: 'metrics',
        responses: { 200: { description: 'The metrics', content: { 'text/plain': { schema: { type: 'string' } } } } },
      },
    },
  };
}
