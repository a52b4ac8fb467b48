// The one place where errors become responses: 422 {message, errors}; anything else {message}. No answer
// quotes more than a few hundred characters of what was sent (clip()).
import type { Middleware } from 'koa';
import { AppError, ValidationError } from './errors.ts';
import type { RequestState } from './http-context.ts';
import { clip, clipErrors, type ErrorPayload, type ValidationErrorPayload } from './error-payload.ts';

interface HttpLikeError {
  status?: number;
  statusCode?: number;
  expose?: boolean;
  message?: string;
  headers?: Record<string, string>;
}

/** Turns an error a store's driver threw into the service's own (null: not one it knows). */
export type ErrorTranslation = (err: unknown) => AppError | null;

/** `translations`: the stores' own (the database out of reach as one 503, db/database-unavailable.ts), given by the app. */
export function errorMiddleware(translations: readonly ErrorTranslation[] = []): Middleware<RequestState> {
  return async (ctx, next) => {
    try {
      await next();
      // A verb the router does not know at all (TRACE, CONNECT) is as much not allowed as one it knows.
      if (ctx.status === 501) ctx.status = 405;
      // Statuses set without a body: unknown paths (404) and the router's wrong-verb answer (405 + Allow).
      if (ctx.status >= 400 && (ctx.body === undefined || ctx.body === null)) {
        const status = ctx.status;
        ctx.body = { message: status === 404 ? 'Not found' : status === 405 ? 'Method not allowed' : 'Error' } satisfies ErrorPayload;
        ctx.status = status;
      }
    } catch (caught) {
      let err = caught;
      // the error's JSON replaces whatever body the route had made, and an encoding set for that body
      ctx.remove('Content-Encoding');
      if (err instanceof ValidationError) {
        ctx.status = 422;
        ctx.body = { message: clip(err.message), errors: clipErrors(err.errors) } satisfies ValidationErrorPayload;
        return;
      }
      // a store's error in the service's words (the database out of reach: one 503, no trace in the log;
      // the circuit logs once when it opens and once when it closes)
      if (!(err instanceof AppError)) {
        for (const translate of translations) {
          const translated = translate(caught);
          if (translated) {
            err = translated;
            break;
          }
        }
      }
      if (err instanceof AppError) {
        ctx.status = err.status;
        ctx.set(err.headers);
        ctx.body = { message: clip(err.message) } satisfies ErrorPayload;
        return;
      }
      // Errors thrown by Koa, the body parser and the router (http-errors): 405, 413, 415, 400 for bad JSON. Only
      // those meant for the client (`expose`): a library's own error with a status, such as the engine
      // refusing a request, is a server error, and its message stays in the log.
      const httpErr = err as HttpLikeError;
      const status = httpErr.status ?? httpErr.statusCode;
      if (status && status >= 400 && status < 500 && httpErr.expose === true) {
        ctx.status = status;
        if (httpErr.headers) ctx.set(httpErr.headers);
        ctx.body = { message: clip(httpErr.message ?? 'Bad request') } satisfies ErrorPayload;
        return;
      }
      ctx.state.log?.error({ err }, 'unhandled error');
      ctx.status = 500;
      ctx.body = { message: 'Server error; please retry later' } satisfies ErrorPayload;
    }
  };
}
