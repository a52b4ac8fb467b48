// Request metrics, the outermost middleware. Its whole cost per request is a gauge inc and dec, one
// histogram observe and a look at the few router layers that matched: the search path is measured in
// tenths of a millisecond.
import type { Context, Middleware } from 'koa';
import type { Metrics } from './metrics-registry.ts';

/** the route label of requests no route served, 405s included (their paths are not labels: any client could make new ones) */
export const UNMATCHED_ROUTE = 'unmatched';

interface RoutedContext {
  /** the layers of @koa/router whose path matched the request: routes (with methods) and router middleware */
  matched?: { path: string; methods: string[] }[];
}

/**
 * The path template of the route that served the request. Not the router's `_matchedRoute`: a router
 * middleware that answers before the route (a 401 from an authentication check) leaves its own
 * pattern there.
 */
function routeOf(ctx: Context): string {
  const layers = (ctx as unknown as RoutedContext).matched;
  for (let i = (layers?.length ?? 0) - 1; i >= 0; i--) {
    const layer = layers![i]!;
    if (layer.methods.length > 0 && layer.methods.includes(ctx.method)) return layer.path;
  }
  return UNMATCHED_ROUTE;
}

export function httpMetrics({ requestDuration, requestsInFlight }: Pick<Metrics, 'requestDuration' | 'requestsInFlight'>): Middleware {
  return async (ctx, next) => {
    const started = performance.now();
    requestsInFlight.inc();
    let status: number | undefined;
    try {
      await next();
    } catch (err) {
      status = 500; // the error middleware answers every error; this is only for one that escapes it
      throw err;
    } finally {
      requestsInFlight.dec();
      requestDuration.observe(
        { method: ctx.method, route: routeOf(ctx), status: status ?? ctx.status },
        (performance.now() - started) / 1000,
      );
    }
  };
}
