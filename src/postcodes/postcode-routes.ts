// The local authority of a postcode, under the portal's and the open prefix.
import { defineRoutes, route } from '../core/route-table.ts';
import { errorResponse, json, pathParam, ref, validationResponse } from '../core/openapi/schema-helpers.ts';
import type { PostcodeService } from './postcode-service.ts';
import { presentLocalAuthority } from './local-authority-presenter.ts';
import { UK_POSTCODE_PATTERN } from './postcode-format.ts';

export const postcodeRoutes = defineRoutes<PostcodeService>(
  (
    [
      ['portal', '/api/rest/portal'],
      ['open', '/api/rest/open'],
    ] as const
  ).map(([family, prefix]) =>
    route<PostcodeService>({
      method: 'get',
      path: `${prefix}/postcode/:postcode`,
      tags: ['Postcodes'],
      summary: 'The local authority of a UK postcode',
      operationId: `${family}PostcodeLookup`,
      parameters: [pathParam('postcode', 'a UK postcode, with or without its space, any case (URL-encode the space)', { type: 'string', pattern: UK_POSTCODE_PATTERN })],
      responses: {
        200: json(ref('LocalAuthority')),
        404: errorResponse('A valid postcode that is not in the postcode data'),
        422: validationResponse,
      },
      async handler(ctx, _input, postcodes) {
        ctx.body = presentLocalAuthority(await postcodes.localAuthorityOf(ctx.params.postcode!));
      },
    }),
  ),
);
