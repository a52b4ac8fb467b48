// What the request metrics cost a request (not a test): the middleware of src/metrics/http-metrics.ts
// around a handler that does nothing, against the handler alone, over 1,000,000 calls each, in
// alternating rounds. Labels as a search has them.
//   npx tsx scripts/bench/metrics-overhead.ts
import type { Context } from 'koa';
import { createMetrics } from '../../src/metrics/metrics-registry.ts';
import { httpMetrics } from '../../src/metrics/http-metrics.ts';

const CALLS = 1_000_000;
const metrics = httpMetrics(createMetrics());
const ctx = { method: 'GET', status: 200, matched: [{ path: '/api/rest/portal/search', methods: ['HEAD', 'GET'] }] } as unknown as Context;
const handler = () => Promise.resolve();

async function nsPerCall(withMetrics: boolean): Promise<number> {
  const started = process.hrtime.bigint();
  for (let i = 0; i < CALLS; i++) await (withMetrics ? metrics(ctx, handler) : handler());
  return Number(process.hrtime.bigint() - started) / CALLS;
}

const rounds: { with: number; without: number }[] = [];
for (let round = 0; round < 5; round++) rounds.push({ without: await nsPerCall(false), with: await nsPerCall(true) });
const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const added = median(rounds.map((r) => r.with - r.without));
console.log(
  `per request: ${median(rounds.map((r) => r.without)).toFixed(0)} ns without the metrics, ${median(rounds.map((r) => r.with)).toFixed(0)} ns with them: ${added.toFixed(0)} ns (${(added / 1000).toFixed(2)} µs) added`,
);
