// The path an access-log line names, with the secrets some paths carry taken out: magic-link, reset,
// e-mail-change and unsubscribe tokens (a path parameter named like a token), and, for paths no route
// named (the portal's own pages, 404s), any segment that looks like a token or a signed JWT. The query
// string is never logged.
import type { Context } from 'koa';

export const REDACTED = ':redacted';

/** a path parameter whose value is a secret */
const SECRET_PARAM = /token|secret|key|code|signature/i;

// a random token: 32+ URL-safe characters, in mixed case (base64url) or letters and digits without the
// hyphens of a slug (hex); slugs are lower case words between hyphens, and stay
const URL_SAFE_32 = /^[A-Za-z0-9_-]{32,}$/;
const MIXED_CASE = /(?=.*[a-z])(?=.*[A-Z])/;
const HEX_LIKE = /^(?=.*\d)[A-Za-z0-9_]+$/;
const JWT_LIKE = /^eyJ[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*$/;

export function looksLikeSecret(segment: string): boolean {
  return (URL_SAFE_32.test(segment) && (MIXED_CASE.test(segment) || HEX_LIKE.test(segment))) || JWT_LIKE.test(segment);
}

function decoded(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

export function loggedPath(ctx: Pick<Context, 'path'> & { params?: Record<string, string | undefined> }): string {
  const secrets = new Set(
    Object.entries(ctx.params ?? {})
      .filter(([name, value]) => SECRET_PARAM.test(name) && value)
      .map(([, value]) => value!),
  );
  return ctx.path
    .split('/')
    .map((segment) => {
      const text = decoded(segment);
      return secrets.has(text) || looksLikeSecret(text) ? REDACTED : segment;
    })
    .join('/');
}
