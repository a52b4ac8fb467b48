// The place autocomplete, under the portal's and the open prefix.
import { collection } from '../core/envelope.ts';
import { defineRoutes, route } from '../core/route-table.ts';
import { dataEnvelope, json, validationResponse } from '../core/openapi/schema-helpers.ts';
import { responseSchemaOf } from '../core/openapi/from-yup.ts';
import { placeQuerySchema } from './place-params.ts';
import { placeSuggestionPayload } from './place-payload.ts';
import { presentPlace } from './place-presenter.ts';
import type { PlaceSuggestionService } from './place-suggestion-service.ts';

export const placeRoutes = defineRoutes<PlaceSuggestionService>(
  (
    [
      ['portal', '/api/rest/portal'],
      ['open', '/api/rest/open'],
    ] as const
  ).map(([family, prefix]) =>
    route<PlaceSuggestionService>({
      method: 'get',
      path: `${prefix}/places`,
      tags: ['Places'],
      summary: 'UK place autocomplete: postcodes, districts, towns, local authorities, counties and regions',
      doc: {
        description:
          'Case- and accent-insensitive prefix match on any word of a name, one wrong, missing or extra letter forgiven from 4 letters, postcodes in any case and spacing. ' +
          'An exact name first, then broader areas before narrower ones, larger towns first, then alphabetically. Each `location`, sent as the search\'s `location`, resolves to that place (its `latitude` and `longitude` are the search\'s `center`). ' +
          '`q` shorter than 2 characters once trimmed gives no suggestions.',
      },
      operationId: `${family}PlaceSuggestions`,
      query: placeQuerySchema,
      queryOptions: { descriptions: { q: 'what was typed so far', size: 'at most this many suggestions' } },
      responses: {
        200: json(dataEnvelope(responseSchemaOf(placeSuggestionPayload))),
        422: validationResponse,
      },
      async handler(ctx, input, places) {
        ctx.body = collection((await places.suggest(input.query())).map(presentPlace));
      },
    }),
  ),
);
