// OpenAPI: a listing's performance statistics.
import { apiKeyPaths } from '../api-accounts/api-key-operations.ts';
import { dataEnvelope, errorResponse, json, type JsonSchema } from '../core/openapi/schema-helpers.ts';
import { componentsOf, parametersOf, responseSchemaOf } from '../core/openapi/from-yup.ts';
import { listingDayStatsPayload } from './listing-stats-payload.ts';
import { refPath } from '../sync-api/sync-query.ts';
import { MAX_STATS_DAYS, statsQuery } from './listing-stats-schemas.ts';

export const listingStatsSchemas: Record<string, JsonSchema> = componentsOf(listingDayStatsPayload);

export function listingStatsPaths(): Record<string, unknown> {
  return apiKeyPaths({
    '/api/rest/listings/{ref}/stats': {
      get: {
        tags: ['Listings (sync)'],
        operationId: 'getListingStats',
        summary: `One of the account's listings, its performance per UK day: a row per day, zeros included (default the last 30 days, at most ${MAX_STATS_DAYS})`,
        parameters: [...parametersOf(refPath, 'path'), ...parametersOf(statsQuery, 'query')],
        responses: {
          200: json(dataEnvelope(responseSchemaOf(listingDayStatsPayload))),
          404: errorResponse('No such listing on this account'),
        },
      },
    },
  });
}
