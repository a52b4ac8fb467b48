// BLM feeds: a file (or a zip with its media) taken for import, the import's report, and the pictures the
// service keeps from the zips in their three sizes.
import { ForbiddenError, NotFoundError } from '../core/errors.ts';
import { defineRoutes, route } from '../core/route-table.ts';
import { errorResponse, json, pathParam, ref, validationResponse } from '../core/openapi/schema-helpers.ts';
import { apiKeyAuth, premiumOnly, type SyncState } from '../api-accounts/api-key-auth.ts';
import type { ApiAccountService } from '../api-accounts/api-account-service.ts';
import type { FeedImportService } from './feed-import-service.ts';
import type { FeedMedia } from './feed-media.ts';
import { presentImport, presentQueuedImport } from './feed-presenter.ts';
import { blmUploadQuery } from './feed-schemas.ts';
import { uploadedBytes } from './upload-body.ts';

export const BLM_UPLOAD_PATH = '/api/bulk/feeds/blm';
export const MEDIA_PREFIX = '/media';

export interface FeedDeps {
  accounts: ApiAccountService;
  imports: FeedImportService;
  media: FeedMedia;
  uploadLimitBytes: number;
  /** where pictures are served from; null: this service's /media at the request's origin */
  mediaBaseUrl: string | null;
}

const tags = ['Feeds'];
const doc = { security: [{ apiKey: [] }] };
const guard = ({ accounts }: FeedDeps) => [apiKeyAuth(accounts), premiumOnly];
const unauthorised = errorResponse('Missing, unknown or deprecated api_key');
const binary = { schema: { type: 'string', contentMediaType: 'application/octet-stream' } };

// `blm` is the upload's path, never an import's id: the table keeps `:id` off it
export const feedRoutes = defineRoutes<FeedDeps, SyncState>([
  route({
    method: 'post',
    path: BLM_UPLOAD_PATH,
    tags,
    operationId: 'importBlm',
    summary:
      'Takes a Rightmove BLM (v3) file, or a zip holding one and its media, for import as the whole stock of its branches (docs/feeds.md). A file that cannot be read is 422 before anything is written; otherwise the import is queued (202) and run by the feed import job',
    doc: {
      ...doc,
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
    },
    use: guard,
    query: blmUploadQuery,
    responses: {
      202: json(ref('FeedImportQueued'), 'Queued'),
      401: unauthorised,
      403: errorResponse('A basic account (bulk operations are premium only), or an account that cannot hold inventory'),
      413: errorResponse('The upload is larger than FEED_UPLOAD_LIMIT_MB'),
      422: validationResponse,
    },
    async handler(ctx, input, deps) {
      if (ctx.state.account.housingProviderId === null) throw new ForbiddenError('This account has no housing provider and cannot hold inventory');
      const query = input.query();
      const bytes = await uploadedBytes(ctx, deps.uploadLimitBytes);
      const queued = await deps.imports.submit(ctx.state.account, bytes, {
        partial: query.partial === '1' || query.partial === 'true',
        mediaBaseUrl: deps.mediaBaseUrl ?? `${ctx.state.url.origin}${MEDIA_PREFIX}`,
      });
      ctx.status = 202;
      ctx.body = presentQueuedImport(queued);
    },
  }),
  route({
    method: 'get',
    path: '/api/bulk/feeds/:id',
    tags,
    operationId: 'getFeedImport',
    summary: "An import's status, its counts and each row's fate",
    doc,
    use: guard,
    parameters: [pathParam('id', 'the import id', { type: 'string' })],
    responses: { 200: json(ref('FeedImport')), 401: unauthorised, 403: errorResponse('A basic account'), 404: errorResponse('No such import on this account') },
    async handler(ctx, _input, { imports }) {
      ctx.body = presentImport(await imports.report(ctx.state.account, ctx.params.id ?? ''));
    },
  }),
  route({
    method: 'get',
    path: `${MEDIA_PREFIX}/feeds/:digest/:file`,
    tags,
    operationId: 'getFeedPicture',
    summary: 'A picture from a feed zip, in one of its three sizes (`thumbnail.jpg`, `mediumSize.jpg`, `largeSize.jpg`; the largest until a smaller is made, just after its import)',
    parameters: [pathParam('digest', 'the SHA-256 of the picture as sent'), pathParam('file', 'the size: thumbnail.jpg, mediumSize.jpg or largeSize.jpg')],
    responses: { 200: { description: 'The picture', content: { 'image/jpeg': binary } }, 404: errorResponse('No such picture') },
    async handler(ctx, _input, { media }) {
      const [size, ext] = (ctx.params.file ?? '').split('.');
      const found = ext === 'jpg' ? await media.sized(ctx.params.digest ?? '', size ?? '') : null;
      if (!found) throw new NotFoundError('No such picture');
      ctx.type = 'image/jpeg';
      // content-addressed: a picture at a URL never changes; the largest standing in for a smaller size not
      // yet made is kept a minute, until the size itself is there
      ctx.set('Cache-Control', found.exact ? 'public, max-age=31536000, immutable' : 'public, max-age=60');
      ctx.body = found.picture;
    },
  }),
]);
