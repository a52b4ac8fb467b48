// Customer authentication for routes: `Authorization: Bearer <access token>`.
// - requireCustomer: 401 unless a valid token is sent (every /profile path).
// - optionalCustomer: no Authorization header (or another scheme) means an anonymous request
//   (customerId null); a Bearer token that is invalid, expired or revoked is 401, so a client learns
//   at once that it must refresh or sign in again instead of silently getting anonymous answers.
// - optionalCustomerAlongside: the same answers, but the database's check of a well-signed token runs
//   beside the route rather than before it (search: its engine request and the customer's reads do not
//   wait for it); the route's response is sent only once the check has passed.
import type { Middleware } from 'koa';
import type { RequestState } from '../core/http-context.ts';
import { UnauthorizedError } from '../core/errors.ts';
import type { AccessTokenService, CustomerSession } from './access-tokens.ts';

export interface CustomerState extends RequestState {
  /** the signed-in customer, or null */
  customerId: number | null;
  session: CustomerSession | null;
}

/** The token of a `Bearer` Authorization header; null without one; '' for a Bearer header with no token. */
export function bearerTokenOf(header: string | undefined): string | null {
  if (!header) return null;
  const match = /^Bearer(?:\s+(.*))?$/i.exec(header.trim());
  return match ? (match[1] ?? '').trim() : null;
}

/** The session a header's token names, its signature and expiry checked (not yet the database's part); null without a token. */
function decoded(tokens: AccessTokenService, header: string | undefined, required: boolean): CustomerSession | null {
  const token = bearerTokenOf(header);
  if (token === null) {
    if (required) throw new UnauthorizedError('A bearer access token is required');
    return null;
  }
  if (token === '') throw new UnauthorizedError('The access token is invalid');
  return tokens.decode(token);
}

async function authenticate(tokens: AccessTokenService, header: string | undefined, required: boolean): Promise<CustomerSession | null> {
  const session = decoded(tokens, header, required);
  return session && tokens.check(session);
}

export function optionalCustomer(tokens: AccessTokenService): Middleware<CustomerState> {
  return async (ctx, next) => {
    const session = await authenticate(tokens, ctx.get('Authorization') || undefined, false);
    ctx.state.session = session;
    ctx.state.customerId = session?.customerId ?? null;
    await next();
  };
}

export function optionalCustomerAlongside(tokens: AccessTokenService): Middleware<CustomerState> {
  return async (ctx, next) => {
    const session = decoded(tokens, ctx.get('Authorization') || undefined, false);
    ctx.state.session = session;
    ctx.state.customerId = session?.customerId ?? null;
    if (!session) return next();
    const checked = tokens.check(session);
    checked.catch(() => undefined); // awaited below, whatever the route does meanwhile
    try {
      await next();
    } finally {
      // a token that fails the check is 401, whatever the route answered (as if checked first)
      await checked;
    }
  };
}

export function requireCustomer(tokens: AccessTokenService): Middleware<CustomerState> {
  return async (ctx, next) => {
    const session = (await authenticate(tokens, ctx.get('Authorization') || undefined, true))!;
    ctx.state.session = session;
    ctx.state.customerId = session.customerId;
    await next();
  };
}

/** The session of a route behind requireCustomer. */
export function sessionOf(state: CustomerState): CustomerSession {
  if (!state.session) throw new UnauthorizedError('A bearer access token is required');
  return state.session;
}
