// The request body parser: JSON only (edge-guards.ts refuses other types first), any JSON value (a body
// that is not an object is then the route's 422), malformed JSON 400, beyond the limit 413.
// A `__proto__` key is dropped like any unknown field rather than refused: a body that the OpenAPI
// document allows (it names the fields it knows) is never a 400 for a key it does not know.
import coBody from 'co-body';
import type { Middleware } from 'koa';

type Options = coBody.Options & { onProtoPoisoning: 'remove' };

export function jsonBody(limit: string): Middleware {
  const options: Options = { limit, strict: false, onProtoPoisoning: 'remove' };
  return async (ctx, next) => {
    if (ctx.is('application/json', '+json')) {
      try {
        ctx.request.body = await coBody.json(ctx, options);
      } catch (err) {
        throw Object.assign(err as Error, { expose: true });
      }
    }
    return next();
  };
}

declare module 'koa' {
  interface Request {
    /** the parsed JSON body; undefined when the request had none */
    body?: unknown;
  }
}
