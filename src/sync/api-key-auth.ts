// api_key authentication for the synchronisation interfaces: 401 missing/unknown/deprecated, 403 basic
// accounts on premium-only operations.
import type { Middleware } from 'koa';
import type { ApiAccount } from '../generated/prisma/client.ts';
import { ForbiddenError, UnauthorizedError } from '../core/errors.ts';
import type { RequestState } from '../core/http-context.ts';
import type { ApiAccountService } from './api-account-service.ts';

export interface SyncState extends RequestState {
  account: ApiAccount;
}

export function apiKeyAuth(accounts: ApiAccountService): Middleware<SyncState> {
  return async (ctx, next) => {
    const key = ctx.query.api_key;
    if (typeof key !== 'string' || key === '') throw new UnauthorizedError('An api_key query parameter is required');
    const account = await accounts.authenticate(key);
    if (!account) throw new UnauthorizedError('The api_key is unknown or deprecated');
    ctx.state.account = account;
    await next();
  };
}

export const premiumOnly: Middleware<SyncState> = async (ctx, next) => {
  if (ctx.state.account.tier !== 'premium') throw new ForbiddenError('This operation is available to premium accounts only');
  await next();
};
