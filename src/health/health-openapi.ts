import { json, object } from '../core/openapi/schema-helpers.ts';

const updown = { type: 'string', enum: ['up', 'down'] };
const readiness = object({
  status: { type: 'string', enum: ['ready', 'unavailable'] },
  database: updown,
  search: updown,
  postcodes: {
    type: 'string',
    enum: ['national', 'districts'],
    description: '`national` once every UK postcode is loaded; `districts` while the national file is still loading (a full postcode outside the sample stands for its district). Absent when the database is down.',
  },
}, ['status', 'database', 'search']);

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
