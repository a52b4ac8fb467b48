// Request id (taken from X-Request-Id when sane, else new) and one access-log line per request (its
// path without the tokens some paths carry, and never the query string).
import { randomUUID } from 'node:crypto';
import type { Middleware } from 'koa';
import type { Logger } from './logger.ts';
import type { RequestState } from './http-context.ts';
import { loggedPath } from './logged-path.ts';

const SAFE_ID = /^[A-Za-z0-9._-]{1,128}$/;

/** `publicBaseUrl`: the base of the request's URL as links give it (never the request's Host header) */
export function requestContext(logger: Logger, publicBaseUrl: string): Middleware<RequestState> {
  return async (ctx, next) => {
    const incoming = ctx.get('X-Request-Id');
    const requestId = SAFE_ID.test(incoming) ? incoming : randomUUID();
    ctx.state.requestId = requestId;
    ctx.state.url = requestUrl(ctx.originalUrl, publicBaseUrl);
    // the request's child logger is made when something logs through it, not for every request
    let log: Logger | undefined;
    Object.defineProperty(ctx.state, 'log', { get: () => (log ??= logger.child({ requestId })), enumerable: true });
    ctx.set('X-Request-Id', requestId);
    const started = process.hrtime.bigint();
    try {
      await next();
    } finally {
      if (logger.isLevelEnabled('info')) {
        const ms = Number(process.hrtime.bigint() - started) / 1e6;
        ctx.state.log.info({ method: ctx.method, path: loggedPath(ctx as unknown as Parameters<typeof loggedPath>[0]), status: ctx.status, ms: Math.round(ms * 10) / 10 }, 'request');
      }
    }
  };
}

function requestUrl(path: string, base: string): URL {
  try {
    // joined, not resolved: a target such as //evil.example/x must not name the host
    return new URL(`${new URL(base).origin}/${path.replace(/^\/+/, '')}`);
  } catch {
    return new URL('/', base); // a request target no URL can hold
  }
}
