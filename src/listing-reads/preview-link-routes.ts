// A preview link to one of the account's listings (an editor's: any listing, by id), authorised by API key.
import Router from '@koa/router';
import { NotFoundError } from '../core/errors.ts';
import { apiKeyAuth, type SyncState } from '../api-accounts/api-key-auth.ts';
import type { ApiAccountService } from '../api-accounts/api-account-service.ts';
import { refPath } from '../sync-api/sync-query.ts';
import type { PreviewLinks } from './preview-links.ts';
import { presentPreviewLink } from './preview-link-presenter.ts';

/** `portalOrigin`: where the portal's pages are (PUBLIC_BASE_URL, or the request's own origin). */
export function previewLinkRoutes(accounts: ApiAccountService, previews: PreviewLinks, portalOrigin: string | undefined): Router<SyncState> {
  const router = new Router<SyncState>();
  router.post('/api/rest/listings/:ref/preview-link', apiKeyAuth(accounts), async (ctx) => {
    const ref = ctx.params.ref ?? '';
    if (!refPath.isValidSync({ ref })) throw new NotFoundError(`Listing ${ref} was not found`);
    ctx.status = 201;
    ctx.body = presentPreviewLink(await previews.issue(ctx.state.account, ref, portalOrigin ?? `${ctx.protocol}://${ctx.host}`));
  });
  return router;
}
