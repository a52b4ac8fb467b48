// The request body parser (koa-body): JSON only (edge-guards.ts refuses other types first), any JSON
// value (a body that is not an object is then the route's 422), malformed JSON 400, beyond the limit 413.
// A body holding a `__proto__` key at any depth is refused with 400: koa-body hands co-body no
// `onProtoPoisoning` option, co-body then refuses such a body as if it were malformed, and the refusal
// is told apart here by parsing the text again, so that the client learns which key is at fault.
// A body nested deeper than MAX_JSON_DEPTH objects and arrays is 422: no payload of the interface needs
// more, and walking such a value (validation, copies, the engine) is work no client should get for free.
import { koaBody, HttpMethodEnum } from 'koa-body';
import type { Middleware } from 'koa';
import { BadRequestError, ValidationError } from './errors.ts';

export const MAX_JSON_DEPTH = 32;
export const DEPTH_MESSAGE = `The body is nested deeper than ${MAX_JSON_DEPTH} levels of objects and arrays`;

export const PROTO_KEY_MESSAGE = 'The body holds a "__proto__" key, which the service refuses';

export function jsonBody(limit: string): Middleware {
  const parse = koaBody({
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
  return (ctx, next) =>
    parse(ctx, () => {
      if (depthOf(ctx.request.body) > MAX_JSON_DEPTH) throw new ValidationError({ _: [DEPTH_MESSAGE] }, DEPTH_MESSAGE);
      return next();
    });
}

/** How deep objects and arrays nest in a parsed JSON value (a scalar: 0), without recursion. */
export function depthOf(value: unknown): number {
  let deepest = 0;
  const stack: [unknown, number][] = [[value, 1]];
  while (stack.length > 0) {
    const [node, depth] = stack.pop()!;
    if (node === null || typeof node !== 'object') continue;
    if (depth > deepest) deepest = depth;
    if (deepest > MAX_JSON_DEPTH) return deepest;
    for (const child of Array.isArray(node) ? node : Object.values(node)) if (child !== null && typeof child === 'object') stack.push([child, depth + 1]);
  }
  return deepest;
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
