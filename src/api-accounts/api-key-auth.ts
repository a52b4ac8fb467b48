// API key authentication for the synchronisation interfaces: the X-Api-Key header or the api_key query
// parameter; 401 missing/unknown/deprecated, 403 basic accounts on premium-only operations.
import type { Middleware } from 'koa';
import type { ApiAccount } from '../generated/prisma/client.ts';
import { ForbiddenError, UnauthorizedError } from '../core/errors.ts';
import type { RequestState } from '../core/http-context.ts';
import type { ApiAccountService } from './api-account-service.ts';

export interface SyncState extends RequestState {
  account: ApiAccount;
}

/** The key a request carries: the X-Api-Key header wins over the api_key parameter; null when neither. */
export function apiKeyOf(headers: Record<string, string | string[] | undefined>, query: Record<string, unknown>): string | null {
  const header = headers['x-api-key'];
  if (typeof header === 'string' && header !== '') return header;
  const param = query.api_key;
  return typeof param === 'string' && param !== '' ? param : null;
}

export function apiKeyAuth(accounts: ApiAccountService): Middleware<SyncState> {
  return async (ctx, next) => {
    const key = apiKeyOf(ctx.headers, ctx.query);
    if (key === null) throw new UnauthorizedError('An API key is required: the X-Api-Key header or the api_key query parameter');
    const account = await accounts.authenticate(key);
    if (!account) throw new UnauthorizedError('The API key is unknown or deprecated');
    ctx.state.account = account;
    await next();
  };
}

export const premiumOnly: Middleware<SyncState> = async (ctx, next) => {
  if (ctx.state.account.tier !== 'premium') throw new ForbiddenError('This operation is available to premium accounts only');
  await next();
};
