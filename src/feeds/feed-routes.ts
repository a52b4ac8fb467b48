// BLM feeds: a file (or a zip with its media) taken for import, the import's report, and the pictures the
// service keeps from the zips in their three sizes.
import Router from '@koa/router';
import { ForbiddenError, NotFoundError } from '../core/errors.ts';
import { keepOff } from '../core/fixed-paths.ts';
import { validateQuery } from '../core/validation.ts';
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
  /** wakes the import job once an import is queued */
  queued: () => void;
  uploadLimitBytes: number;
  /** where pictures are served from; null: this service's /media at the request's origin */
  mediaBaseUrl: string | null;
}

export function feedRoutes(deps: FeedDeps): Router<SyncState> {
  const router = new Router<SyncState>();
  const guard = [apiKeyAuth(deps.accounts), premiumOnly] as const;

  router.post(BLM_UPLOAD_PATH, ...guard, async (ctx) => {
    if (ctx.state.account.housingProviderId === null) throw new ForbiddenError('This account has no housing provider and cannot hold inventory');
    const query = validateQuery(blmUploadQuery, ctx.query);
    const bytes = await uploadedBytes(ctx, deps.uploadLimitBytes);
    const queued = await deps.imports.submit(ctx.state.account, bytes, {
      partial: query.partial === '1' || query.partial === 'true',
      mediaBaseUrl: deps.mediaBaseUrl ?? `${ctx.state.url.origin}${MEDIA_PREFIX}`,
    });
    deps.queued();
    ctx.status = 202;
    ctx.body = presentQueuedImport(queued);
  });

  router.get('/api/bulk/feeds/:id', ...guard, async (ctx) => {
    ctx.body = presentImport(await deps.imports.report(ctx.state.account, ctx.params.id ?? ''));
  });

  router.get(`${MEDIA_PREFIX}/feeds/:digest/:file`, async (ctx) => {
    const [size, ext] = (ctx.params.file ?? '').split('.');
    const bytes = ext === 'jpg' ? await deps.media.sized(ctx.params.digest ?? '', size ?? '') : null;
    if (!bytes) throw new NotFoundError('No such picture');
    ctx.type = 'image/jpeg';
    // content-addressed: a picture at a URL never changes
    ctx.set('Cache-Control', 'public, max-age=31536000, immutable');
    ctx.body = bytes;
  });
  // `blm` is the upload's path, never an import's id
  keepOff(router, '/api/bulk/feeds/:id', BLM_UPLOAD_PATH, (methods) => methods.includes('GET'));
  return router;
}
