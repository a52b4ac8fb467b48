// The request body parser (koa-body): JSON only (edge-guards.ts refuses other types first), any JSON
// value (a body that is not an object is then the route's 422), malformed JSON 400, beyond the limit 413.
// A body holding a `__proto__` key at any depth is refused with 400: koa-body hands co-body no
// `onProtoPoisoning` option, co-body then refuses such a body as if it were malformed, and the refusal
// is told apart here by parsing the text again, so that the client learns which key is at fault.
import { koaBody, HttpMethodEnum } from 'koa-body';
import type { Middleware } from 'koa';
import { BadRequestError } from './errors.ts';

export const PROTO_KEY_MESSAGE = 'The body holds a "__proto__" key, which the service refuses';

export function jsonBody(limit: string): Middleware {
  return koaBody({
    json: true,
    jsonStrict: false,
    jsonLimit: limit,
    jsonTypes: ['application/json', '+json'],
    text: false,
    urlencoded: false,
    multipart: false,
    patchNode: false,
    patchKoa: true,
    parsedMethods: [HttpMethodEnum.POST, HttpMethodEnum.PUT, HttpMethodEnum.PATCH],
    onError: (err) => {
      if (holdsProtoKey((err as { body?: unknown }).body)) throw new BadRequestError(PROTO_KEY_MESSAGE);
      // the parser's own errors (400 malformed, 413 too large) are meant for the client
      throw Object.assign(err, { expose: true });
    },
  });
}

/** Whether a body's text is well-formed JSON holding a `__proto__` key (escaped or not) at any depth. */
export function holdsProtoKey(text: unknown): boolean {
  if (typeof text !== 'string') return false;
  let found = false;
  try {
    JSON.parse(text, (key, value: unknown) => {
      if (key === '__proto__') found = true;
      return value;
    });
  } catch {
    return false;
  }
  return found;
}
