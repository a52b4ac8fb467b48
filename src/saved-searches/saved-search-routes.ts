// The signed-in customer's saved searches (bearer token), their matches as a search, and the one-click
// unsubscribe of alert e-mails (no sign-in: the token in the path is the authority).
import Router from '@koa/router';
import { bodyOrEmpty, validateBody } from '../core/validation.ts';
import { collection } from '../core/envelope.ts';
import { pathId } from '../core/path-id.ts';
import { NotFoundError } from '../core/errors.ts';
import type { AccessTokenService } from '../auth/access-tokens.ts';
import { requireCustomer, sessionOf, type CustomerState } from '../auth/bearer.ts';
import { presentMessage } from '../auth/auth-presenter.ts';
import type { PortalService } from '../portals/portal-settings.ts';
import { portalFromHeaders } from '../listing-search/request-headers.ts';
import type { SearchResponder } from '../listing-search/search-responder.ts';
import { looksLikeSecretToken } from '../auth/secret-tokens.ts';
import type { SavedSearchService } from './saved-search-service.ts';
import { createSavedSearchSchema, savedQueryPage, updateSavedSearchSchema } from './saved-search-schemas.ts';
import { presentSavedSearch } from './saved-search-presenter.ts';

export const SAVED_SEARCHES = '/api/rest/portal/profile/saved-searches';
export const UNSUBSCRIBE = '/api/rest/portal/alerts/unsubscribe';

export function savedSearchRoutes(deps: { savedSearches: SavedSearchService; accessTokens: AccessTokenService; portals: PortalService; searches: SearchResponder }): Router<CustomerState> {
  const { savedSearches, accessTokens, portals, searches } = deps;
  const router = new Router<CustomerState>();
  const signedIn = requireCustomer(accessTokens);
  const customer = (state: CustomerState) => sessionOf(state).customerId;

  router.get(SAVED_SEARCHES, signedIn, async (ctx) => {
    ctx.body = collection((await savedSearches.list(customer(ctx.state))).map(presentSavedSearch));
  });

  router.post(SAVED_SEARCHES, signedIn, async (ctx) => {
    const input = validateBody(createSavedSearchSchema, bodyOrEmpty(ctx.request.body));
    const portal = await portalFromHeaders(ctx.headers, portals);
    ctx.body = presentSavedSearch(await savedSearches.create(customer(ctx.state), portal.id, input));
    ctx.status = 201;
  });

  router.get(`${SAVED_SEARCHES}/:id`, signedIn, async (ctx) => {
    ctx.body = presentSavedSearch(await savedSearches.get(customer(ctx.state), pathId(ctx.params.id)));
  });

  router.put(`${SAVED_SEARCHES}/:id`, signedIn, async (ctx) => {
    const input = validateBody(updateSavedSearchSchema, bodyOrEmpty(ctx.request.body));
    ctx.body = presentSavedSearch(await savedSearches.update(customer(ctx.state), pathId(ctx.params.id), input));
  });

  router.delete(`${SAVED_SEARCHES}/:id`, signedIn, async (ctx) => {
    await savedSearches.remove(customer(ctx.state), pathId(ctx.params.id));
    ctx.body = presentMessage('The saved search has been deleted');
  });

  router.get(`${SAVED_SEARCHES}/:id/matches`, signedIn, async (ctx) => {
    const saved = await savedSearches.get(customer(ctx.state), pathId(ctx.params.id));
    const params = savedQueryPage(saved.row.query, ctx.query);
    const portal = await portals.find(saved.row.portalId);
    if (!portal) throw new NotFoundError(`Saved search ${saved.row.id} was not found`);
    const body = await searches.respond(params, portal, customer(ctx.state), ctx.state.url);
    await savedSearches.markViewed(customer(ctx.state), saved.row.id);
    ctx.type = 'application/json';
    ctx.body = body.json();
  });

  router.post(`${UNSUBSCRIBE}/:token`, async (ctx) => {
    const token = ctx.params.token ?? '';
    if (!looksLikeSecretToken(token)) throw new NotFoundError('This unsubscribe link is not known');
    await savedSearches.unsubscribe(token);
    ctx.body = presentMessage('You will get no more alerts for this saved search');
  });

  return router;
}
