// The api_key security block of the document, written once: a route table an API key authorises gets the
// key's security schemes and its 401 answer here, not in each domain's fragment.
import { apiKeySecurity, apiKeyUnauthorised } from './api-key-openapi.ts';

/** What every route of a table an API key authorises shows in the document (defineRoutes' `every`). */
export const API_KEY_ROUTES = { doc: { security: apiKeySecurity }, responses: { 401: apiKeyUnauthorised } };
