// OpenAPI: preview links to unpublished listings.
import { apiKeyPaths } from '../api-accounts/api-key-operations.ts';
import { errorResponse, json, ref, type JsonSchema } from '../core/openapi/schema-helpers.ts';
import { componentsOf, parametersOf } from '../core/openapi/from-yup.ts';
import { refPath } from '../sync-api/sync-query.ts';
import { previewLinkPayload } from './preview-link-payload.ts';

export const previewLinkSchemas: Record<string, JsonSchema> = componentsOf(previewLinkPayload);

export function previewLinkPaths(): Record<string, unknown> {
  return apiKeyPaths({
    '/api/rest/listings/{ref}/preview-link': {
      post: {
        tags: ['Listings (sync)'],
        operationId: 'createPreviewLink',
        summary:
          "A link to the portal page of one of the account's listings, published or not: read-only, that listing only, valid one hour (an editor account names any listing by its id)",
        parameters: parametersOf(refPath, 'path'),
        responses: {
          201: json(ref('PreviewLink'), 'Created'),
          404: errorResponse('No such listing on this account'),
        },
      },
    },
  });
}
