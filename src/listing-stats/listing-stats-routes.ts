// A listing's performance for its owner, authorised by api_key.
import Router from '@koa/router';
import { validateQuery } from '../core/validation.ts';
import { NotFoundError } from '../core/errors.ts';
import { apiKeyAuth, type SyncState } from '../api-accounts/api-key-auth.ts';
import type { ApiAccountService } from '../api-accounts/api-account-service.ts';
import { refPath } from '../sync-api/sync-query.ts';
import { presentListingStats } from './listing-stats-presenter.ts';
import { statsQuery } from './listing-stats-schemas.ts';
import { statsRange, type ListingStatsService } from './listing-stats-service.ts';

export function listingStatsRoutes(accounts: ApiAccountService, stats: ListingStatsService): Router<SyncState> {
  const router = new Router<SyncState>();
  router.get('/api/rest/listings/:ref/stats', apiKeyAuth(accounts), async (ctx) => {
    const ref = ctx.params.ref ?? '';
    if (!refPath.isValidSync({ ref })) throw new NotFoundError(`Listing ${ref} was not found`);
    const query = validateQuery(statsQuery, ctx.query);
    const range = statsRange(query.from, query.to);
    ctx.body = presentListingStats(await stats.daily(ctx.state.account, ref, range));
  });
  return router;
}
