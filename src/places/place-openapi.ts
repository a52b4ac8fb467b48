// OpenAPI fragment of the place autocomplete.
import { dataEnvelope, json, validationResponse, type JsonSchema } from '../core/openapi/schema-helpers.ts';
import { componentsOf, parametersOf, responseSchemaOf } from '../core/openapi/from-yup.ts';
import { placeSuggestionPayload } from './place-payload.ts';
import { placeQuerySchema } from './place-params.ts';

export const placeSchemas: Record<string, JsonSchema> = componentsOf(placeSuggestionPayload);

export function placePaths(): Record<string, unknown> {
  const paths: Record<string, unknown> = {};
  for (const [family, prefix] of [
    ['portal', '/api/rest/portal'],
    ['open', '/api/rest/open'],
  ] as const) {
    paths[`${prefix}/places`] = {
      get: {
        tags: ['Places'],
        summary: 'UK place autocomplete: postcodes, districts, towns, local authorities, counties and regions',
        description:
          'Case- and accent-insensitive prefix match on any word of a name, one wrong, missing or extra letter forgiven from 4 letters, postcodes in any case and spacing. ' +
          'An exact name first, then broader areas before narrower ones, larger towns first, then alphabetically. Each `location`, sent as the search\'s `location`, resolves to that place (its `latitude` and `longitude` are the search\'s `center`). ' +
          '`q` shorter than 2 characters once trimmed gives no suggestions.',
        operationId: `${family}PlaceSuggestions`,
        parameters: parametersOf(placeQuerySchema, 'query', {
          descriptions: { q: 'what was typed so far', size: 'at most this many suggestions' },
        }),
        responses: {
          200: json(dataEnvelope(responseSchemaOf(placeSuggestionPayload))),
          422: validationResponse,
        },
      },
    };
  }
  return paths;
}
