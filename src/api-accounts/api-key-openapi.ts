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
