// A preview link to one of the account's listings (an editor's: any listing, by id), authorised by API key.
import { NotFoundError } from '../core/errors.ts';
import { defineRoutes, route } from '../core/route-table.ts';
import { errorResponse, json, ref } from '../core/openapi/schema-helpers.ts';
import { apiKeyAuth, type SyncState } from '../api-accounts/api-key-auth.ts';
import type { ApiAccountService } from '../api-accounts/api-account-service.ts';
import { API_KEY_ROUTES } from '../api-accounts/api-key-operations.ts';
import { refPath } from '../sync-api/sync-query.ts';
import type { PreviewLinks } from './preview-links.ts';
import { presentPreviewLink } from './preview-link-presenter.ts';

export interface PreviewLinkDeps {
  accounts: ApiAccountService;
  previews: PreviewLinks;
  /** where the portal's pages are (PUBLIC_BASE_URL, or the request's own origin) */
  portalOrigin: string | undefined;
}

export const previewLinkRoutes = defineRoutes<PreviewLinkDeps, SyncState>([
  route({
    method: 'post',
    path: '/api/rest/listings/:ref/preview-link',
    tags: ['Listings (sync)'],
    operationId: 'createPreviewLink',
    summary:
      "A link to the portal page of one of the account's listings, published or not: read-only, that listing only, valid one hour (an editor account names any listing by its id)",
    use: ({ accounts }) => [apiKeyAuth(accounts)],
    pathParams: refPath,
    responses: {
      201: json(ref('PreviewLink'), 'Created'),
     
      404: errorResponse('No such listing on this account'),
    },
    async handler(ctx, _input, { previews, portalOrigin }) {
      const ref = ctx.params.ref ?? '';
      if (!refPath.isValidSync({ ref })) throw new NotFoundError(`Listing ${ref} was not found`);
      ctx.status = 201;
      ctx.body = presentPreviewLink(await previews.issue(ctx.state.account, ref, portalOrigin ?? `${ctx.protocol}://${ctx.host}`));
    },
  }),
], API_KEY_ROUTES);
