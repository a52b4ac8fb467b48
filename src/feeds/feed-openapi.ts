// OpenAPI: BLM feed imports and the pictures kept from their zips.
import { errorResponse, json, pathParam, ref, validationResponse, type JsonSchema } from '../core/openapi/schema-helpers.ts';
import { componentsOf, parametersOf } from '../core/openapi/from-yup.ts';
import { feedImportPayload, feedImportQueuedPayload } from './feed-payload.ts';
import { blmUploadQuery } from './feed-schemas.ts';
import { BLM_UPLOAD_PATH, MEDIA_PREFIX } from './feed-routes.ts';

export const feedSchemas: Record<string, JsonSchema> = componentsOf(feedImportQueuedPayload, feedImportPayload);

const security = [{ apiKey: [] }];
const unauthorised = errorResponse('Missing, unknown or deprecated api_key');
const binary = { schema: { type: 'string', contentMediaType: 'application/octet-stream' } };

export function feedPaths(): Record<string, unknown> {
  const tags = ['Feeds'];
  return {
    [BLM_UPLOAD_PATH]: {
      post: {
        tags,
        operationId: 'importBlm',
        summary:
          'Takes a Rightmove BLM (v3) file, or a zip holding one and its media, for import as the whole stock of its branches (docs/feeds.md). A file that cannot be read is 422 before anything is written; otherwise the import is queued (202) and run by the feed import job',
        security,
        parameters: parametersOf(blmUploadQuery, 'query'),
        requestBody: {
          required: true,
          description: 'the file as the raw body, or as the field `file` of a multipart form',
          content: {
            'multipart/form-data': { schema: { type: 'object', required: ['file'], properties: { file: { type: 'string', contentMediaType: 'application/octet-stream' } } } },
            'application/zip': binary,
            'application/octet-stream': binary,
            'text/plain': { schema: { type: 'string' } },
          },
        },
        responses: {
          202: json(ref('FeedImportQueued'), 'Queued'),
          401: unauthorised,
          403: errorResponse('A basic account (bulk operations are premium only), or an account that cannot hold inventory'),
          413: errorResponse('The upload is larger than FEED_UPLOAD_LIMIT_MB'),
          422: validationResponse,
        },
      },
    },
    '/api/bulk/feeds/{id}': {
      get: {
        tags,
        operationId: 'getFeedImport',
        summary: "An import's status, its counts and each row's fate",
        security,
        parameters: [pathParam('id', 'the import id', { type: 'string' })],
        responses: { 200: json(ref('FeedImport')), 401: unauthorised, 403: errorResponse('A basic account'), 404: errorResponse('No such import on this account') },
      },
    },
    [`${MEDIA_PREFIX}/feeds/{digest}/{file}`]: {
      get: {
        tags,
        operationId: 'getFeedPicture',
        summary: 'A picture from a feed zip, in one of its three sizes (`thumbnail.jpg`, `mediumSize.jpg`, `largeSize.jpg`)',
        parameters: [pathParam('digest', 'the SHA-256 of the picture as sent'), pathParam('file', 'the size: thumbnail.jpg, mediumSize.jpg or largeSize.jpg')],
        responses: { 200: { description: 'The picture', content: { 'image/jpeg': binary } }, 404: errorResponse('No such picture') },
      },
    },
  };
}
