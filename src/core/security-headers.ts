// Security headers on every response (helmet), and `Cache-Control: no-store` on every response that may
// carry a token or personal data: answers to writes, to signed-in or API-key requests (X-Api-Key or
// api_key), to preview links (an unpublished listing), and token exchanges.
import type { Middleware } from 'koa';
import helmet from 'koa-helmet';
import type { RequestState } from './http-context.ts';

// An API answers JSON; the HTML pages (the API reference) set a CSP of their own that allows their scripts.
const API_CSP = { directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] } };

export function securityHeaders(): Middleware<RequestState>[] {
  return [
    helmet({ contentSecurityPolicy: API_CSP, referrerPolicy: { policy: 'strict-origin-when-cross-origin' }, crossOriginResourcePolicy: { policy: 'cross-origin' } }) as unknown as Middleware<RequestState>,
    noStoreForPrivate(),
  ];
}

const TOKEN_EXCHANGE = /^\/api\/rest\/portal\/auth-token\//;

function noStoreForPrivate(): Middleware<RequestState> {
  return async (ctx, next) => {
    await next();
    const read = ctx.method === 'GET' || ctx.method === 'HEAD';
    const exchange = TOKEN_EXCHANGE.test(ctx.path);
    const credentialed = ctx.get('Authorization') !== '' || ctx.get('X-Api-Key') !== '' || ctx.query.api_key !== undefined || ctx.query.preview !== undefined;
    if (!read || credentialed || exchange) ctx.set('Cache-Control', 'no-store');
    // A magic link is opened where it is clicked, the frame of a web mail inbox included. Framing this
    // JSON gives nothing to whoever frames it: the link is the secret, and it works once.
    if (exchange) {
      ctx.remove('X-Frame-Options');
      ctx.set('Content-Security-Policy', "default-src 'none'");
    }
  };
}
