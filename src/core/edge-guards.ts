// Checks every request passes before any route sees it: bodies are JSON, and no path holds a NUL
// character (PostgreSQL text cannot hold one, and no reference or slug has one).
import type { Middleware } from 'koa';
import type { RequestState } from './http-context.ts';
import { AppError, NotFoundError } from './errors.ts';

export class UnsupportedMediaTypeError extends AppError {
  constructor() {
    super(415, 'Request bodies must be JSON (Content-Type: application/json)');
  }
}

const WITH_BODY = new Set(['POST', 'PUT', 'PATCH']);

/**
 * 415 for a body of any other type than JSON; a request with no body passes, and so does one to a path
 * `takesFiles` names (a file upload, which reads its own body).
 */
export function jsonBodiesOnly(takesFiles: (path: string) => boolean = () => false): Middleware<RequestState> {
  return (ctx, next) => {
    if (takesFiles(ctx.path)) return next();
    if (WITH_BODY.has(ctx.method) && hasBody(ctx.get('Content-Length'), ctx.get('Transfer-Encoding')) && !ctx.is('application/json', '+json')) {
      throw new UnsupportedMediaTypeError();
    }
    return next();
  };
}

function hasBody(length: string, transferEncoding: string): boolean {
  return transferEncoding !== '' || (length !== '' && length !== '0');
}

const NUL_IN_PATH = /%00/;

/** A NUL character in the path is an unknown resource (404). In parameters and bodies, validation refuses it. */
export function noNulInPath(): Middleware<RequestState> {
  return (ctx, next) => {
    if (NUL_IN_PATH.test(ctx.path) || ctx.path.includes('\u0000')) throw new NotFoundError();
    return next();
  };
}
