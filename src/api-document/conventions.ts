// The answers every operation can give because of the edge (src/core/edge-guards.ts, the body parser,
// the error middleware), added to each operation once here instead of in every fragment.
import { databaseUnavailable, errorResponse, validationResponse } from '../core/openapi/schema-helpers.ts';

type Operation = { parameters?: { in: string }[]; requestBody?: unknown; responses: Record<string, unknown> };

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'] as const;

export function withEdgeResponses(paths: Record<string, Record<string, unknown>>): Record<string, Record<string, unknown>> {
  for (const [path, item] of Object.entries(paths)) {
    for (const method of METHODS) {
      const operation = item[method] as Operation | undefined;
      if (operation) addEdgeResponses(operation, method);
      // every operation but liveness may need the database (an API key, a token, a row, the portal settings once)
      if (operation && path !== '/health') operation.responses['503'] ??= databaseUnavailable;
    }
  }
  return paths;
}

function addEdgeResponses(operation: Operation, method: string): void {
  const responses = operation.responses;
  const add = (status: string, response: unknown) => {
    responses[status] ??= response;
  };
  const parameters = operation.parameters ?? [];
  // a JSON body (a file upload reads its own body: its answers are its own)
  if ((operation.requestBody as { content?: Record<string, unknown> } | undefined)?.content?.['application/json']) {
    add('400', errorResponse('The body is not well-formed JSON, or holds a `__proto__` key at any depth'));
    add('413', errorResponse('The body is larger than the service accepts'));
    add('415', errorResponse('The body is not JSON (Content-Type: application/json)'));
  }
  // a malformed or unknown path parameter is an unknown resource
  if (parameters.some((p) => p.in === 'path')) add('404', errorResponse('No such resource'));
  // Node's HTTP parser answers a request line or headers over 16 KB before the service sees them
  if (parameters.length > 0) add('431', { description: 'The request line or headers are too large' });
  const takesInput = operation.requestBody !== undefined || parameters.some((p) => p.in === 'query' || p.in === 'header');
  if (takesInput && method !== 'head') add('422', validationResponse);
}
