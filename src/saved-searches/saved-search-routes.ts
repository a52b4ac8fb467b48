// The signed-in customer's saved searches (bearer token), their matches as a search, and the one-click
// unsubscribe of alert e-mails (no sign-in: the token in the path is the authority).
import { collection } from '../core/envelope.ts';
import { pathId } from '../core/path-id.ts';
import { NotFoundError } from '../core/errors.ts';
import { defineRoutes, route } from '../core/route-table.ts';
import { dataEnvelope, engineUnavailable, errorResponse, json, pathParam, ref, validationResponse } from '../core/openapi/schema-helpers.ts';
import type { AccessTokenService } from '../auth/access-tokens.ts';
import { requireCustomer, sessionOf, type CustomerState } from '../auth/bearer.ts';
import { presentMessage } from '../auth/auth-presenter.ts';
import { looksLikeSecretToken } from '../auth/secret-tokens.ts';
import { bearer, unauthorised } from '../customers/customer-openapi.ts';
import type { PortalService } from '../portals/portal-settings.ts';
import { portalFromHeaders } from '../listing-search/request-headers.ts';
import type { SearchResponder } from '../listing-search/search-responder.ts';
import { portalHeaders } from '../listing-search/search-openapi.ts';
import type { SavedSearchService } from './saved-search-service.ts';
import { createSavedSearchSchema, savedQueryPage, updateSavedSearchSchema } from './saved-search-schemas.ts';
import { presentSavedSearch } from './saved-search-presenter.ts';

const SAVED_SEARCHES = '/api/rest/portal/profile/saved-searches';
const UNSUBSCRIBE = '/api/rest/portal/alerts/unsubscribe';

export interface SavedSearchDeps {
  savedSearches: SavedSearchService;
  accessTokens: AccessTokenService;
  portals: PortalService;
  searches: SearchResponder;
}

const tags = ['Saved searches'];
const doc = { security: bearer };
const signedIn = ({ accessTokens }: SavedSearchDeps) => [requireCustomer(accessTokens)];
const customer = (state: CustomerState) => sessionOf(state).customerId;
const id = pathParam('id', 'a saved search id', { type: 'integer' });
const notFound = errorResponse('No saved search of the customer has this id');

export const savedSearchRoutes = defineRoutes<SavedSearchDeps, CustomerState>([
  route({
    method: 'get',
    path: SAVED_SEARCHES,
    tags,
    operationId: 'listSavedSearches',
    summary: "The customer's saved searches, newest first",
    doc,
    use: signedIn,
    responses: { 200: json(dataEnvelope(ref('SavedSearch'))), 401: unauthorised },
    async handler(ctx, _input, { savedSearches }) {
      ctx.body = collection((await savedSearches.list(customer(ctx.state))).map(presentSavedSearch));
    },
  }),
  route({
    method: 'post',
    path: SAVED_SEARCHES,
    tags,
    operationId: 'createSavedSearch',
    summary: 'Save a search (at most 50 per customer); its alerts default to daily, new listings and price reductions',
    doc: {
      ...doc,
      description: "`query` is validated as the search validates its parameters; errors name them under `query.`. The portal (Portal-Id) is the one whose listings it matches.",
    },
    use: signedIn,
    parameters: portalHeaders,
    body: createSavedSearchSchema,
    withoutBody: 'empty',
    responses: { 201: json(ref('SavedSearch'), 'Saved'), 401: unauthorised, 422: validationResponse },
    async handler(ctx, input, { savedSearches, portals }) {
      const body = input.body();
      const portal = await portalFromHeaders(ctx.headers, portals);
      ctx.body = presentSavedSearch(await savedSearches.create(customer(ctx.state), portal.id, body));
      ctx.status = 201;
    },
  }),
  route({
    method: 'get',
    path: `${SAVED_SEARCHES}/:id`,
    tags,
    operationId: 'getSavedSearch',
    summary: 'A saved search',
    doc,
    use: signedIn,
    parameters: [id],
    responses: { 200: json(ref('SavedSearch')), 401: unauthorised, 404: notFound },
    async handler(ctx, _input, { savedSearches }) {
      ctx.body = presentSavedSearch(await savedSearches.get(customer(ctx.state), pathId(ctx.params.id)));
    },
  }),
  route({
    method: 'put',
    path: `${SAVED_SEARCHES}/:id`,
    tags,
    operationId: 'updateSavedSearch',
    summary: 'Change any of name, query and alerts (pending alerts of a changed query are dropped)',
    doc,
    use: signedIn,
    parameters: [id],
    body: updateSavedSearchSchema,
    withoutBody: 'empty',
    responses: { 200: json(ref('SavedSearch')), 401: unauthorised, 404: notFound, 422: validationResponse },
    async handler(ctx, input, { savedSearches }) {
      const body = input.body();
      ctx.body = presentSavedSearch(await savedSearches.update(customer(ctx.state), pathId(ctx.params.id), body));
    },
  }),
  route({
    method: 'delete',
    path: `${SAVED_SEARCHES}/:id`,
    tags,
    operationId: 'deleteSavedSearch',
    summary: 'Delete a saved search',
    doc,
    use: signedIn,
    parameters: [id],
    responses: { 200: json(ref('Message')), 401: unauthorised, 404: notFound },
    async handler(ctx, _input, { savedSearches }) {
      await savedSearches.remove(customer(ctx.state), pathId(ctx.params.id));
      ctx.body = presentMessage('The saved search has been deleted');
    },
  }),
  route({
    method: 'get',
    path: `${SAVED_SEARCHES}/:id/matches`,
    tags,
    operationId: 'savedSearchMatches',
    summary: 'The saved search run as a search (the search envelope); from now on newMatches counts from this moment',
    doc,
    use: signedIn,
    parameters: [
      id,
      { name: 'page', in: 'query', required: false, schema: { type: 'integer', minimum: 1, default: 1 } },
      { name: 'size', in: 'query', required: false, schema: { type: 'integer', minimum: 1, maximum: 100, default: 10 } },
    ],
    responses: { 200: json(ref('SearchEnvelope')), 401: unauthorised, 404: notFound, 422: validationResponse, 503: engineUnavailable },
    async handler(ctx, _input, { savedSearches, portals, searches }) {
      const saved = await savedSearches.get(customer(ctx.state), pathId(ctx.params.id));
      const params = savedQueryPage(saved.row.query, ctx.query);
      const portal = await portals.find(saved.row.portalId);
      if (!portal) throw new NotFoundError(`Saved search ${saved.row.id} was not found`);
      const body = await searches.respond(params, portal, customer(ctx.state), ctx.state.url);
      await savedSearches.markViewed(customer(ctx.state), saved.row.id);
      ctx.type = 'application/json';
      ctx.body = body.json();
    },
  }),
  route({
    method: 'post',
    path: `${UNSUBSCRIBE}/:token`,
    tags,
    operationId: 'unsubscribeAlerts',
    summary: "One-click unsubscribe (RFC 8058) from an alert e-mail's List-Unsubscribe: that saved search's alerts turn off. No sign-in",
    parameters: [pathParam('token', 'the token of the e-mail')],
    responses: { 200: json(ref('Message')), 404: errorResponse('No saved search has this token') },
    async handler(ctx, _input, { savedSearches }) {
      const token = ctx.params.token ?? '';
      if (!looksLikeSecretToken(token)) throw new NotFoundError('This unsubscribe link is not known');
      await savedSearches.unsubscribe(token);
      ctx.body = presentMessage('You will get no more alerts for this saved search');
    },
  }),
]);
