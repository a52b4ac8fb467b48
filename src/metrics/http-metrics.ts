// Request metrics, the outermost middleware. Its whole cost per request is a gauge inc and dec and one
// histogram observe: the search path is measured in tenths of a millisecond.
import type { Middleware } from 'koa';
import type { Metrics } from './metrics-registry.ts';

/** the route label of requests no route matched (their paths are not labels: any client could make new ones) */
export const UNMATCHED_ROUTE = 'unmatched';

interface RoutedContext {
  /** the path template of the route @koa/router matched */
  _matchedRoute?: string | RegExp;
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
      const route = (ctx as unknown as RoutedContext)._matchedRoute;
      requestDuration.observe(
        { method: ctx.method, route: route === undefined ? UNMATCHED_ROUTE : String(route), status: status ?? ctx.status },
        (performance.now() - started) / 1000,
      );
    }
  };
}
