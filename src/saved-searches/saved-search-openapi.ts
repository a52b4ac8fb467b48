// OpenAPI: saved searches, their matches and the one-click unsubscribe of their alert e-mails.
import { componentsOf, jsonBodyOf } from '../core/openapi/from-yup.ts';
import { savedSearchPayload } from './saved-search-payload.ts';
import { dataEnvelope, engineUnavailable, errorResponse, json, pathParam, ref, validationResponse, type JsonSchema } from '../core/openapi/schema-helpers.ts';
import { bearer, unauthorised } from '../customers/customer-openapi.ts';
import { portalHeaders } from '../listing-search/search-openapi.ts';
import { createSavedSearchSchema, updateSavedSearchSchema } from './saved-search-schemas.ts';
import { SAVED_SEARCHES, UNSUBSCRIBE } from './saved-search-routes.ts';

const tags = ['Saved searches'];
const id = pathParam('id', 'a saved search id', { type: 'integer' });
const notFound = errorResponse('No saved search of the customer has this id');
export const savedSearchSchemas: Record<string, JsonSchema> = componentsOf(savedSearchPayload);

export function savedSearchPaths(): Record<string, unknown> {
  return {
    [SAVED_SEARCHES]: {
      get: {
        tags,
        operationId: 'listSavedSearches',
        summary: "The customer's saved searches, newest first",
        security: bearer,
        responses: { 200: json(dataEnvelope(ref('SavedSearch'))), 401: unauthorised },
      },
      post: {
        tags,
        operationId: 'createSavedSearch',
        summary: 'Save a search (at most 50 per customer); its alerts default to daily, new listings and price reductions',
        description: "`query` is validated as the search validates its parameters; errors name them under `query.`. The portal (Portal-Id) is the one whose listings it matches.",
        security: bearer,
        parameters: portalHeaders,
        requestBody: jsonBodyOf(createSavedSearchSchema),
        responses: { 201: json(ref('SavedSearch'), 'Saved'), 401: unauthorised, 422: validationResponse },
      },
    },
    [`${SAVED_SEARCHES}/{id}`]: {
      get: { tags, operationId: 'getSavedSearch', summary: 'A saved search', security: bearer, parameters: [id], responses: { 200: json(ref('SavedSearch')), 401: unauthorised, 404: notFound } },
      put: {
        tags,
        operationId: 'updateSavedSearch',
        summary: 'Change any of name, query and alerts (pending alerts of a changed query are dropped)',
        security: bearer,
        parameters: [id],
        requestBody: jsonBodyOf(updateSavedSearchSchema),
        responses: { 200: json(ref('SavedSearch')), 401: unauthorised, 404: notFound, 422: validationResponse },
      },
      delete: { tags, operationId: 'deleteSavedSearch', summary: 'Delete a saved search', security: bearer, parameters: [id], responses: { 200: json(ref('Message')), 401: unauthorised, 404: notFound } },
    },
    [`${SAVED_SEARCHES}/{id}/matches`]: {
      get: {
        tags,
        operationId: 'savedSearchMatches',
        summary: 'The saved search run as a search (the search envelope); from now on newMatches counts from this moment',
        security: bearer,
        parameters: [
          id,
          { name: 'page', in: 'query', required: false, schema: { type: 'integer', minimum: 1, default: 1 } },
          { name: 'size', in: 'query', required: false, schema: { type: 'integer', minimum: 1, maximum: 100, default: 10 } },
        ],
        responses: { 200: json(ref('SearchEnvelope')), 401: unauthorised, 404: notFound, 422: validationResponse, 503: engineUnavailable },
      },
    },
    [`${UNSUBSCRIBE}/{token}`]: {
      post: {
        tags,
        operationId: 'unsubscribeAlerts',
        summary: "One-click unsubscribe (RFC 8058) from an alert e-mail's List-Unsubscribe: that saved search's alerts turn off. No sign-in",
        parameters: [pathParam('token', 'the token of the e-mail')],
        responses: { 200: json(ref('Message')), 404: errorResponse('No saved search has this token') },
      },
    },
  };
}

