// The api_key security block of the document, written once: an operation an API key authorises gets the
// key's security schemes and its 401 answer here, not in each domain's fragment.
import { apiKeySecurity, apiKeyUnauthorised } from './api-key-openapi.ts';

/** An operation an API key authorises: the key's security and its 401 answer, written here once. */
export function apiKeyOperation<O extends { responses: Record<string, unknown> }>(operation: O): O & { security: typeof apiKeySecurity } {
  return { ...operation, security: apiKeySecurity, responses: { 401: apiKeyUnauthorised, ...operation.responses } };
}

/** What every route of a table an API key authorises shows in the document (defineRoutes' `every`). */
export const API_KEY_ROUTES = { doc: { security: apiKeySecurity }, responses: { 401: apiKeyUnauthorised } };
