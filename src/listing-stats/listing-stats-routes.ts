// A listing's performance for its owner, authorised by api_key.
import { NotFoundError } from '../core/errors.ts';
import { defineRoutes, route } from '../core/route-table.ts';
import { dataEnvelope, errorResponse, json } from '../core/openapi/schema-helpers.ts';
import { responseSchemaOf } from '../core/openapi/from-yup.ts';
import { apiKeyAuth, type SyncState } from '../api-accounts/api-key-auth.ts';
import type { ApiAccountService } from '../api-accounts/api-account-service.ts';
import { API_KEY_ROUTES } from '../api-accounts/api-key-operations.ts';
import { refPath } from '../sync-api/sync-query.ts';
import { presentListingStats } from './listing-stats-presenter.ts';
import { listingDayStatsPayload } from './listing-stats-payload.ts';
import { MAX_STATS_DAYS, statsQuery } from './listing-stats-schemas.ts';
import { statsRange, type ListingStatsService } from './listing-stats-service.ts';

export interface ListingStatsDeps {
  accounts: ApiAccountService;
  stats: ListingStatsService;
}

export const listingStatsRoutes = defineRoutes<ListingStatsDeps, SyncState>([
  route({
    method: 'get',
    path: '/api/rest/listings/:ref/stats',
    tags: ['Listings (sync)'],
    operationId: 'getListingStats',
    summary: `One of the account's listings, its performance per UK day: a row per day, zeros included (default the last 30 days, at most ${MAX_STATS_DAYS})`,
    use: ({ accounts }) => [apiKeyAuth(accounts)],
    pathParams: refPath,
    query: statsQuery,
    responses: {
      200: json(dataEnvelope(responseSchemaOf(listingDayStatsPayload))),
     
      404: errorResponse('No such listing on this account'),
    },
    async handler(ctx, input, { stats }) {
      const ref = ctx.params.ref ?? '';
      if (!refPath.isValidSync({ ref })) throw new NotFoundError(`Listing ${ref} was not found`);
      const query = input.query();
      ctx.body = presentListingStats(await stats.daily(ctx.state.account, ref, statsRange(query.from, query.to)));
    },
  }),
], API_KEY_ROUTES);
