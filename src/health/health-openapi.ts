import { json, object } from '../core/openapi/schema-helpers.ts';

const updown = { type: 'string', enum: ['up', 'down'] };
const readiness = object({ status: { type: 'string', enum: ['ready', 'unavailable'] }, database: updown, search: updown });

export function healthPaths(): Record<string, unknown> {
  return {
    '/health': {
      get: { tags: ['Operations'], summary: 'Liveness', operationId: 'health', responses: { 200: json(object({ status: { type: 'string', enum: ['ok'] } })) } },
    },
    '/ready': {
      get: {
        tags: ['Operations'],
        summary: 'Readiness: the database and the search engine answer',
        operationId: 'ready',
        responses: { 200: json(readiness), 503: json(readiness, 'A dependency is down') },
      },
    },
  };
}
