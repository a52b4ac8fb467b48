// Benchmark of saved-search alerts (not a test), on the database and index DATABASE_URL and
// ES_INDEX_PREFIX name, which scripts/bench-alerts.sh prepares (demo listings, N saved searches of one
// distribution, src/demo/saved-search-seed.ts):
//   1. listing events one after another, as the matcher takes them (up to 200 in a transaction): the
//      candidates from PostgreSQL and their judgement (alert-judge.ts), then the matches recorded (the
//      commit left out, once a batch); p50 / p99 of each, candidates and matches per event, how many
//      the engine judged; then the same events matched again, caches warm. The events: with the spread
//      distribution, the demo listings' documents moved to --events points drawn as people live
//      (population-places.ts), indexed under ids of their own and removed at the end; with the crowded
//      one, the demo listings themselves.
//   2. a daily run: those matches, all due, e-mailed by the delivery to a mail server in a process of its
//      own (scripts/bench/mail-sink.ts: a counting SMTP server, or MailDev), timed as a whole.
//   --distribution=spread|crowded (as seeded) --events=200 --daily=off --mailbox=counting|maildev
import { fork } from 'node:child_process';
import { loadavg } from 'node:os';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { loadConfig } from '../../src/config.ts';
import { openRuntime } from '../../src/runtime.ts';
import { buildApp } from '../../src/app.ts';
import { liveListingClauses } from '../../src/listing-index/live-listing.ts';
import { Rng } from '../../src/demo/random.ts';
import { britishTowns, PopulationSampler } from '../../src/demo/population-places.ts';
import type { LiveListing } from '../../src/alerts/alert-matcher.ts';

const args = new Map(process.argv.slice(2).map((a) => a.replace(/^--/, '').split('=') as [string, string]));
const DISTRIBUTION = args.get('distribution') ?? 'spread';
const EVENTS = Number(args.get('events') ?? 200);
const DAILY = args.get('daily') !== 'off';
const MAILBOX = args.get('mailbox') ?? 'counting';
/** ids of the moved copies: above any listing's */
const FIRST_EVENT_ID = 2_000_000_000;

const config = loadConfig({ ...process.env, LOG_LEVEL: 'silent', REINDEX_WORKER: 'false', PORT: '0' });
const runtime = openRuntime(config);
const built = buildApp(runtime);
const { matcher } = built.alerts;
const { prisma, search, listingIndex } = runtime;
const alias = listingIndex.alias;
const now = new Date();
const gb = (n: number) => Math.round(n).toLocaleString('en-GB');

async function removeMovedCopies(): Promise<void> {
  const copies = await search.search({ index: alias, size: 10_000, _source: false, query: { range: { id: { gte: FIRST_EVENT_ID } } } });
  if (copies.hits.hits.length) await search.bulk({ refresh: true, operations: copies.hits.hits.map((h) => ({ delete: { _index: alias, _id: h._id! } })) });
}

/** The listing ids to take as events. */
async function eventIds(): Promise<number[]> {
  await removeMovedCopies();
  const demo = await search.search<Record<string, unknown>>({ index: alias, size: 1000, query: { bool: { filter: liveListingClauses() } } });
  if (DISTRIBUTION === 'crowded') return demo.hits.hits.slice(0, EVENTS).map((h) => Number(h._id));
  const places = new PopulationSampler(britishTowns());
  const copies = Array.from({ length: EVENTS }, (_, i) => {
    const { point } = places.point(new Rng(`alert-event:${i}`));
    const base = demo.hits.hits[i % demo.hits.hits.length]!._source!;
    const id = FIRST_EVENT_ID + i;
    // the stored item names the listing too (listing-item-field.ts)
    const item = String(base.item).replace(/^\{"id":\d+/, `{"id":${id}`);
    return { ...base, id, item, location: { lat: point.lat, lon: point.lng }, latitude: point.lat, longitude: point.lng };
  });
  const bulk = await search.bulk({ refresh: true, operations: copies.flatMap((d) => [{ index: { _index: alias, _id: String(d.id) } }, d]) });
  if (bulk.errors) throw new Error('moved copies not indexed');
  return copies.map((d) => d.id);
}

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
const ms = (sorted: number[]) => `p50 ${quantile(sorted, 0.5).toFixed(1)} ms, p99 ${quantile(sorted, 0.99).toFixed(1)} ms, max ${quantile(sorted, 1).toFixed(1)} ms`;

const savedSearches = await prisma.savedSearch.count();
const events = await matcher.liveEvents(await eventIds());
// the machine's load, for the figures' conditions (other work may be running beside the benchmark)
const load = () => loadavg().map((n) => n.toFixed(1)).join(' ');
console.log(`${gb(savedSearches)} saved searches (${DISTRIBUTION}); ${events.size} listing events; load average ${load()}`);
await prisma.alertMatch.deleteMany({ where: { eventKey: 'bench' } });

const matchTimes: number[] = [];
const readTimes: number[] = [];
const recordTimes: number[] = [];
const perEvent: { candidates: number; matches: number; byEngine: number }[] = [];
// as the matcher takes them: up to 200 events in a transaction
const listings: LiveListing[] = [...events.values()];
for (let first = 0; first < listings.length; first += 200) {
  await prisma.$transaction(
    async (tx) => {
      for (const listing of listings.slice(first, first + 200)) {
        const started = performance.now();
        const result = await matcher.matchesOf(tx, listing, now);
        const matched = performance.now();
        await matcher.record(tx, { listing, kind: 'new-listing', key: 'bench' }, result.matched);
        recordTimes.push(performance.now() - matched);
        matchTimes.push(matched - started);
        readTimes.push(result.readMs);
        perEvent.push({ candidates: result.candidates, matches: result.matched.length, byEngine: result.byEngine });
      }
    },
    { timeout: 600_000, maxWait: 10_000 },
  );
}
matchTimes.sort((a, b) => a - b);
readTimes.sort((a, b) => a - b);
recordTimes.sort((a, b) => a - b);
const sum = (k: 'candidates' | 'matches' | 'byEngine') => perEvent.reduce((n, e) => n + e[k], 0);
const median = (k: 'candidates' | 'matches') => quantile(perEvent.map((e) => e[k]).sort((a, b) => a - b), 0.5);
console.log(`match one event: ${ms(matchTimes)} (reading the candidates: ${ms(readTimes)})`);
console.log(`record its matches: ${ms(recordTimes)}`);
console.log(
  `per event: ${gb(sum('candidates') / perEvent.length)} candidates (median ${gb(median('candidates'))}), ` +
    `${gb(sum('matches') / perEvent.length)} matches (median ${gb(median('matches'))}); ${gb(sum('byEngine'))} of ${gb(sum('candidates'))} candidates judged by the engine`,
);
// the same events again, matched only: the predicates compiled and the index pages in memory
const again: number[] = [];
for (const listing of listings) {
  const started = performance.now();
  await matcher.matchesOf(prisma, listing, now);
  again.push(performance.now() - started);
}
again.sort((a, b) => a - b);
console.log(`the same events matched again (caches warm): ${ms(again)}`);

if (DAILY) {
  // the daily run: every match recorded above is due a week from now, whatever its saved search's frequency
  const sink = fork(fileURLToPath(new URL('./mail-sink.ts', import.meta.url)), MAILBOX === 'maildev' ? ['maildev'] : [], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const [{ port }] = (await once(sink, 'message')) as [{ port: number }];
  built.customers.mailer.useSmtp({ host: '127.0.0.1', port, secure: false });
  const due = await prisma.alertMatch.count({ where: { eventKey: 'bench', sentAt: null } });
  const started = performance.now();
  // as the role's tick and workers do: the customers with matches due enqueued, their jobs taken a batch at once
  const run = await built.alerts.deliverOnce(new Date(now.getTime() + 7 * 86_400_000));
  const enqueuedSeconds = (performance.now() - started) / 1000;
  // then the e-mail outbox sends them, as the mail-delivery role does
  const sent = await built.mails.delivery.runOnce();
  const seconds = (performance.now() - started) / 1000;
  sink.send({ type: 'count' });
  const [{ received }] = (await once(sink, 'message')) as [{ received: number }];
  console.log(
    `daily run (${MAILBOX}): ${gb(run.emails)} e-mails (${gb(due)} matches) enqueued in ${enqueuedSeconds.toFixed(1)} s and sent by ${seconds.toFixed(1)} s, ${((seconds * 1000) / Math.max(1, run.emails)).toFixed(2)} ms per e-mail; ` +
      `${sent.failed} failed${MAILBOX === 'counting' ? `; the server received ${gb(received)}` : ''}`,
  );
  sink.send({ type: 'stop' });
  await once(sink, 'exit');
}
console.log(`load average at the end: ${load()}`);
await prisma.alertMatch.deleteMany({ where: { eventKey: 'bench' } });
if (DISTRIBUTION === 'spread') await removeMovedCopies();
await runtime.close();
process.exit(0);
