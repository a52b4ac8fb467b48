// npm run index:check — compares the listing index with PostgreSQL and prints what is missing, stale
// or extra. Exits 1 when they differ (pending outbox rows are reported: they explain a fresh difference).
import { loadConfig } from '../src/config.ts';
import { openRuntime } from '../src/runtime.ts';
import { diffIndex } from '../src/indexing/index-diff.ts';

const runtime = openRuntime(loadConfig({ ...process.env, LOG_LEVEL: 'warn' }));
try {
  await runtime.search.indices.refresh({ index: runtime.listingIndex.alias });
  const diff = await diffIndex(runtime.prisma, runtime.search, runtime.listingIndex.alias);
  const pending = await runtime.prisma.listingOutbox.count();
  const stuck = await runtime.prisma.listingOutbox.findMany({ where: { attempts: { gt: 0 } }, take: 10 });
  console.log(JSON.stringify({ missing: diff.missing.length, stale: diff.stale.length, extra: diff.extra.length, pendingOutboxRows: pending, examples: { ...diff, missing: diff.missing.slice(0, 10), stale: diff.stale.slice(0, 10), extra: diff.extra.slice(0, 10) }, failing: stuck.map((s) => ({ listingId: s.listingId, attempts: s.attempts, lastError: s.lastError })) }, null, 2));
  process.exitCode = diff.missing.length + diff.stale.length + diff.extra.length === 0 ? 0 : 1;
} finally {
  await runtime.close();
}
