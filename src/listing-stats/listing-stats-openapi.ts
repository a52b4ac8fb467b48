// OpenAPI: a listing's performance statistics.
import { arrayOf, errorResponse, int, json, object, type JsonSchema } from '../core/openapi/schema-helpers.ts';
import { parametersOf } from '../core/openapi/from-yup.ts';
import { refPath } from '../sync/sync-query.ts';
import { MAX_STATS_DAYS, statsQuery } from './listing-stats-schemas.ts';

const count = (description: string): JsonSchema => ({ ...int, minimum: 0, description });

export const listingStatsSchemas: Record<string, JsonSchema> = {
  ListingDayStats: object({
    date: { type: 'string', format: 'date', description: 'the UK day' },
    searchImpressions: count('times the listing was in the data of a search results page (not the map, not featured)'),
    detailViews: count('reads of the listing page, by id or slug'),
    favourites: count('times it was added to a favourites list'),
    registrations: count('interest registered'),
    appointments: count('open-day appointments booked'),
  }),
};

export function listingStatsPaths(): Record<string, unknown> {
  return {
    '/api/rest/listings/{ref}/stats': {
      get: {
        tags: ['Listings (sync)'],
        operationId: 'getListingStats',
        summary: `One of the account's listings, its performance per UK day: a row per day, zeros included (default the last 30 days, at most ${MAX_STATS_DAYS})`,
        security: [{ apiKey: [] }],
        parameters: [...parametersOf(refPath, 'path'), ...parametersOf(statsQuery, 'query')],
        responses: {
          200: json(object({ data: arrayOf({ $ref: '#/components/schemas/ListingDayStats' }) })),
          401: errorResponse('Missing, unknown or deprecated api_key'),
          404: errorResponse('No such listing on this account'),
        },
      },
    },
  };
}
