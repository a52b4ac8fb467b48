// Checks every request passes before any route sees it: bodies are JSON, and no NUL character reaches
// a route (PostgreSQL text cannot hold one, and no name, reference or slug has one).
import type { Middleware } from 'koa';
import type { RequestState } from './http-context.ts';
import { AppError, NotFoundError, ValidationError, type FieldErrors } from './errors.ts';

export class UnsupportedMediaTypeError extends AppError {
  constructor() {
    super(415, 'Request bodies must be JSON (Content-Type: application/json)');
  }
}

const WITH_BODY = new Set(['POST', 'PUT', 'PATCH']);

/** 415 for a body of any other type than JSON; a request with no body passes. */
export function jsonBodiesOnly(): Middleware<RequestState> {
  return (ctx, next) => {
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
const NUL = '\u0000';

/** A NUL in the path is an unknown resource (404); in the query or a JSON body, 422 on that parameter. */
export function noNulCharacters(): Middleware<RequestState> {
  return (ctx, next) => {
    if (NUL_IN_PATH.test(ctx.path) || ctx.path.includes(NUL)) throw new NotFoundError();
    const errors: FieldErrors = {};
    if (ctx.querystring.includes('%00') || ctx.querystring.includes(NUL)) collect(queryValues(ctx.query), '', errors);
    if (WITH_BODY.has(ctx.method)) collect(ctx.request.body, '', errors);
    const fields = Object.keys(errors);
    if (fields.length) throw new ValidationError(errors, errors[fields[0]!]![0]);
    return next();
  };
}

// A parameter whose name has a NUL is one no route reads; a NUL in an api_key is an unknown key (401).
function queryValues(query: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(query).filter(([name]) => !name.includes(NUL) && name !== 'api_key'));
}

function collect(value: unknown, path: string, errors: FieldErrors): void {
  if (typeof value === 'string') {
    if (value.includes(NUL)) (errors[path || '_'] ??= []).push(`${path || 'the body'} must not contain a NUL character`);
  } else if (Array.isArray(value)) {
    value.forEach((item, i) => collect(item, path ? `${path}[${i}]` : `[${i}]`, errors));
  } else if (value !== null && typeof value === 'object') {
    // a field whose name has a NUL is one no schema knows: validation drops it as any unknown field
    for (const [key, item] of Object.entries(value)) if (!key.includes(NUL)) collect(item, path ? `${path}.${key}` : key, errors);
  }
}
