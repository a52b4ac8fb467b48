// Benchmark of saved-search alerts (not a test), on the database and index DATABASE_URL and
// ES_INDEX_PREFIX name, which scripts/bench-alerts.sh prepares (demo listings, N saved searches):
//   1. matching one listing event: candidates from PostgreSQL, then the engine's judgement, for every live
//      listing of the index (up to --events), one after another; p50 / p99 and the candidates per event;
//   2. a daily run: the matches of those events, found yesterday, e-mailed to their customers by the
//      delivery (to a local mailbox over SMTP), timed as a whole.
//   --events=200 --daily=off   (off: measure matching alone)
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../../src/config.ts';
import { openRuntime } from '../../src/runtime.ts';
import { buildApp } from '../../src/app.ts';
import { startMailbox } from '../../src/mail/mailbox.ts';
import { liveListingFilters } from '../../src/listings/visibility-filters.ts';

const args = new Map(process.argv.slice(2).map((a) => a.replace(/^--/, '').split('=') as [string, string]));
const EVENTS = Number(args.get('events') ?? 200);
const DAILY = args.get('daily') !== 'off';

const config = loadConfig({ ...process.env, LOG_LEVEL: 'silent', REINDEX_WORKER: 'false', PORT: '0' });
const runtime = openRuntime(config);
const built = buildApp(runtime);
const { matcher, delivery } = built.alerts;
const { prisma, search, listingIndex } = runtime;
const now = new Date();

const savedSearches = await prisma.savedSearch.count();
const answer = await search.search({ index: listingIndex.alias, size: EVENTS, _source: false, query: { bool: { filter: liveListingFilters(now) } } });
const ids = answer.hits.hits.map((h) => Number(h._id));
const facts = await matcher.liveEvents(ids, now);
console.log(`${savedSearches.toLocaleString('en-GB')} saved searches; ${facts.size} live listings as events`);

const times: number[] = [];
let candidates = 0;
const matches: { savedSearchId: number; customerId: number; listingId: number }[] = [];
for (const [id, f] of facts) {
  const started = performance.now();
  const result = await matcher.matchesOf(prisma, f, now);
  times.push(performance.now() - started);
  candidates += result.candidates;
  for (const m of result.matched) matches.push({ savedSearchId: m.id, customerId: m.customerId, listingId: id });
}
times.sort((a, b) => a - b);
const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!.toFixed(1);
console.log(`match one event: p50 ${at(0.5)} ms, p99 ${at(0.99)} ms, max ${at(1)} ms; ${(candidates / facts.size).toFixed(0)} candidates and ${(matches.length / facts.size).toFixed(0)} matches per event`);

// the daily run: these matches as found yesterday, sent today at 08:00 (every frequency but off is due)
if (!DAILY) {
  await runtime.close();
  process.exit(0);
}
const yesterday = new Date(now.getTime() - 86_400_000);
await prisma.alertMatch.deleteMany({ where: { eventKey: 'bench' } });
for (let i = 0; i < matches.length; i += 10_000)
  await prisma.alertMatch.createMany({ data: matches.slice(i, i + 10_000).map((m) => ({ ...m, kind: 'new-listing', eventKey: 'bench', createdAt: yesterday })), skipDuplicates: true });
const directory = mkdtempSync(join(tmpdir(), 'alerts-bench-'));
const mailbox = await startMailbox({ smtpPort: 0, webPort: 0, webHost: '127.0.0.1', directory });
built.customers.mailer.useSmtp(mailbox.smtp);
const weekAhead = new Date(now.getTime() + 7 * 86_400_000);
const started = performance.now();
const run = await delivery.runOnce(weekAhead);
const seconds = (performance.now() - started) / 1000;
console.log(`daily run: ${run.emails.toLocaleString('en-GB')} e-mails (${matches.length.toLocaleString('en-GB')} matches) in ${seconds.toFixed(1)} s, ${((seconds * 1000) / Math.max(1, run.emails)).toFixed(1)} ms per e-mail; ${run.failed} failed`);
await prisma.alertMatch.deleteMany({ where: { eventKey: 'bench' } });
await mailbox.stop();
rmSync(directory, { recursive: true, force: true });
await runtime.close();
process.exit(0);
