import { UK_POSTCODE_PATTERN } from './postcode-format.ts';
import { errorResponse, json, pathParam, ref, validationResponse } from '../core/openapi/schema-helpers.ts';

export function postcodePaths(): Record<string, unknown> {
  const paths: Record<string, unknown> = {};
  for (const [family, prefix] of [
    ['portal', '/api/rest/portal'],
    ['open', '/api/rest/open'],
  ] as const) {
    paths[`${prefix}/postcode/{postcode}`] = {
      get: {
        tags: ['Postcodes'],
        summary: 'The local authority of a UK postcode',
        operationId: `${family}PostcodeLookup`,
        parameters: [pathParam('postcode', 'a UK postcode, with or without its space, any case (URL-encode the space)', { type: 'string', pattern: UK_POSTCODE_PATTERN })],
        responses: {
          200: json(ref('LocalAuthority')),
          404: errorResponse('A valid postcode that is not in the postcode data'),
          422: validationResponse,
        },
      },
    };
  }
  return paths;
}
