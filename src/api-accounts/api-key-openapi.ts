// How an API account proves itself, described once for every operation that takes an API key: the
// specification's `api_key` query parameter, or the `X-Api-Key` header (which keeps the key out of URLs).
import { errorResponse } from '../core/openapi/schema-helpers.ts';

export const apiKeySecuritySchemes = {
  apiKey: { type: 'apiKey', in: 'query', name: 'api_key', description: "the account's API key in the query string (the specification's form)" },
  apiKeyHeader: { type: 'apiKey', in: 'header', name: 'X-Api-Key', description: "the account's API key in a header: kept out of URLs and access logs" },
};

/** Either scheme (one of them is enough); the specification's parameter first. */
export const apiKeySecurity = [{ apiKey: [] }, { apiKeyHeader: [] }];

export const apiKeyUnauthorised = errorResponse('Missing, unknown or deprecated API key (X-Api-Key header or api_key parameter)');

/** An operation an API key authorises: the key's security and its 401 answer, written here once. */
export function apiKeyOperation<O extends { responses: Record<string, unknown> }>(operation: O): O & { security: typeof apiKeySecurity } {
  return { ...operation, security: apiKeySecurity, responses: { 401: apiKeyUnauthorised, ...operation.responses } };
}

/** An operation of the document, as a domain's fragment writes it. */
type Operation = { responses: Record<string, unknown> } & Record<string, unknown>;

/** Paths whose every operation an API key authorises (apiKeyOperation on each). */
export function apiKeyPaths(paths: Record<string, Record<string, Operation>>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(paths).map(([path, operations]) => [path, Object.fromEntries(Object.entries(operations).map(([verb, op]) => [verb, apiKeyOperation(op)]))]));
}
