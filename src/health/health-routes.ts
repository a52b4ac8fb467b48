// Liveness and readiness.
import { defineRoutes, route } from '../core/route-table.ts';
import { json, object } from '../core/openapi/schema-helpers.ts';
import type { DependencyStatus } from './dependency-checks.ts';

const READY_TIMEOUT_MS = 3000;

/** asks the database and the search engine, each within the time limit (dependency-checks.ts) */
export type DependencyCheck = (timeoutMs: number) => Promise<DependencyStatus>;

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

export const healthRoutes = defineRoutes<DependencyCheck>([
  route<DependencyCheck>({
    method: 'get',
    path: '/health',
    tags: ['Operations'],
    summary: 'Liveness',
    operationId: 'health',
    responses: { 200: json(object({ status: { type: 'string', enum: ['ok'] } })) },
    handler(ctx) {
      ctx.body = { status: 'ok' };
    },
  }),
  route<DependencyCheck>({
    method: 'get',
    path: '/ready',
    tags: ['Operations'],
    summary: 'Readiness: the database and the search engine answer',
    operationId: 'ready',
    responses: { 200: json(readiness), 503: json(readiness, 'A dependency is down') },
    async handler(ctx, _input, check) {
      const status = await check(READY_TIMEOUT_MS);
      const ready = status.database === 'up' && status.search === 'up';
      ctx.status = ready ? 200 : 503;
      ctx.body = { status: ready ? 'ready' : 'unavailable', ...status };
    },
  }),
]);
