// The series read when /metrics is scraped, not on the requests they describe: the outbox's backlog
// (one aggregate query), whether the database and the engine answer (short probes), what the search
// caches hold and how often they answered, and Node's default process metrics.
import { collectDefaultMetrics, Counter, Gauge } from 'prom-client';
import type { PrismaClient } from '../db/prisma.ts';
import type { SearchClient } from '../search/client.ts';
import type { MapListingCache, CacheStats } from '../listing-search/map-listing-cache.ts';
import type { SearchResponseMemo } from '../listing-search/search-response-memo.ts';
import type { KeptAnswers } from '../listing-search/kept-answers.ts';
import { checkDependencies } from '../health/dependency-checks.ts';
import { outboxBacklog } from '../sync/outbox.ts';
import { mailBacklog } from '../mail/mail-delivery.ts';
import { MAX_ATTEMPTS } from '../indexing/reindex-worker.ts';
import { tableBacklog, type KindBacklog } from './job-backlog.ts';
import type { JobQueue } from '../db/job-queue.ts';
import type { Metrics } from './metrics-registry.ts';
import type { FeedImportJob } from '../feeds/feed-import-job.ts';

export interface ScrapeSources {
  prisma: PrismaClient;
  search: SearchClient;
  mapListings: MapListingCache;
  searchResponses: SearchResponseMemo;
  searchAnswers: KeptAnswers;
  feedImports: FeedImportJob;
  jobs: JobQueue;
}

/** a scrape waits at most this long for each dependency (Prometheus' own scrape timeout is 10 s) */
const PROBE_TIMEOUT_MS = 1000;

type CacheName = 'map_arrays' | 'map_listings' | 'search_responses';

function cacheStats({ mapListings, searchResponses }: ScrapeSources): Record<CacheName, CacheStats> {
  const map = mapListings.stats();
  const { reused, built } = searchResponses.counts;
  return {
    map_arrays: map.arrays,
    map_listings: map.listings,
    search_responses: { hits: reused, misses: built, ...searchResponses.held() },
  };
}

export function registerAppMetrics({ registry }: Metrics, sources: ScrapeSources): void {
  const registers = [registry];
  collectDefaultMetrics({ register: registry });

  new Gauge<'dependency'>({
    name: 'portal_dependency_up',
    help: `1 when the dependency answered a probe within ${PROBE_TIMEOUT_MS} ms at this scrape, else 0`,
    labelNames: ['dependency'],
    registers,
    async collect() {
      const status = await checkDependencies(sources.prisma, sources.search, PROBE_TIMEOUT_MS);
      this.set({ dependency: 'database' }, status.database === 'up' ? 1 : 0);
      this.set({ dependency: 'search' }, status.search === 'up' ? 1 : 0);
    },
  });

  // the three outbox series come from one query: a scrape collects every series at once, so the first
  // to ask makes it and the others share it; the next scrape asks again
  let backlog: ReturnType<typeof outboxBacklog> | null = null;
  const readBacklog = () => {
    backlog ??= outboxBacklog(sources.prisma, MAX_ATTEMPTS)
      .catch(() => ({ pending: NaN, oldestSeconds: NaN, abandoned: NaN })) // unknown while the database is down
      .finally(() => setImmediate(() => (backlog = null)));
    return backlog;
  };
  const backlogGauge = (name: string, help: string, read: (b: Awaited<ReturnType<typeof outboxBacklog>>) => number) =>
    new Gauge({
      name,
      help,
      registers,
      async collect() {
        this.set(read(await readBacklog()));
      },
    });
  backlogGauge('portal_outbox_depth', 'Listing changes waiting for the reindex worker', (b) => b.pending);
  backlogGauge(
    'portal_outbox_oldest_age_seconds',
    'Age of the oldest listing change waiting for the reindex worker (0: none)',
    (b) => b.oldestSeconds,
  );
  backlogGauge(
    'portal_outbox_abandoned',
    `Listing changes the engine refused ${MAX_ATTEMPTS} times, no longer retried (npm run index:check lists them)`,
    (b) => b.abandoned,
  );

  // every job kind's backlog, oldest age, failures and dead letters, read once for the four series
  let jobs: Promise<KindBacklog[]> | null = null;
  const readJobs = () => {
    jobs ??= Promise.all([tableBacklog(sources.prisma).catch(() => []), sources.jobs.counts().catch(() => [])])
      .then(([tables, queued]) => [...tables, ...queued])
      .finally(() => setImmediate(() => (jobs = null)));
    return jobs;
  };
  const jobGauge = (name: string, help: string, read: (k: KindBacklog) => number) =>
    new Gauge<'kind'>({
      name,
      help,
      labelNames: ['kind'],
      registers,
      async collect() {
        this.reset();
        for (const row of await readJobs()) this.set({ kind: row.kind }, read(row));
      },
    });
  jobGauge('portal_job_backlog', 'Work of each background job kind waiting to be run', (k) => k.backlog);
  jobGauge('portal_job_oldest_age_seconds', 'Age of the oldest work waiting, by job kind (0: none)', (k) => k.oldestSeconds);
  jobGauge('portal_job_failures', 'Work of each job kind that failed and waits to be tried again (on the job queue: failed jobs still kept)', (k) => k.failed);
  jobGauge('portal_job_dead_letters', "Work of each job kind that will not run again: given up, refused for good, claimed over an hour ago by a process that never finished it, or in the job queue's dead letters", (k) => k.dead);

  new Gauge<'template'>({
    name: 'portal_mails_waiting',
    help: 'E-mails of the outbox waiting for the mail delivery, by template',
    labelNames: ['template'],
    registers,
    async collect() {
      this.reset();
      for (const { template, waiting } of await mailBacklog(sources.prisma).catch(() => [])) this.set({ template }, waiting);
    },
  });

  const cacheSeries = (name: string, help: string, read: (s: CacheStats) => number, Kind: typeof Counter | typeof Gauge) =>
    new Kind<'cache'>({
      name,
      help,
      labelNames: ['cache'],
      registers,
      collect(this: Counter<'cache'> | Gauge<'cache'>) {
        this.reset();
        for (const [cache, stats] of Object.entries(cacheStats(sources))) this.inc({ cache }, read(stats));
      },
    });
  const caches =
    'map_arrays (whole map arrays by fingerprint), map_listings (map listings by digest), search_responses (responses by engine answer)';
  cacheSeries('portal_cache_hits_total', `Lookups answered from memory: ${caches}`, (s) => s.hits, Counter);
  cacheSeries('portal_cache_misses_total', `Lookups not answered from memory: ${caches}`, (s) => s.misses, Counter);
  cacheSeries('portal_cache_entries', `Entries held: ${caches}`, (s) => s.entries, Gauge);
  cacheSeries('portal_cache_bytes', `Bytes held: ${caches}`, (s) => s.bytes, Gauge);

  new Counter<'how'>({
    name: 'portal_search_responses_kept_total',
    help: 'Searches answered from what the search keeps without asking the engine: a kept response (unasked), a kept engine answer for the same requests (answer); kept responses carried to a new index generation that could not touch them (carried)',
    labelNames: ['how'],
    registers,
    collect() {
      this.reset();
      this.inc({ how: 'unasked' }, sources.searchResponses.counts.unasked);
      this.inc({ how: 'carried' }, sources.searchResponses.counts.carried);
      this.inc({ how: 'answer' }, sources.searchAnswers.counts.unasked);
    },
  });

  new Counter<'outcome'>({
    name: 'portal_search_kept_answers_touched_total',
    help: 'Kept engine answers a settled write touched: brought up to date by the written listings\' contributions (delta), or discarded (discarded); parts of an updated answer asked of the engine again, its page or featured pool (parts_asked)',
    labelNames: ['outcome'],
    registers,
    collect() {
      this.reset();
      const { deltas, discarded, partsAsked } = sources.searchAnswers.counts;
      this.inc({ outcome: 'delta' }, deltas);
      this.inc({ outcome: 'discarded' }, discarded);
      this.inc({ outcome: 'parts_asked' }, partsAsked);
    },
  });

  new Gauge<'status'>({
    name: 'portal_feed_imports',
    help: 'Feed imports (BLM files) by status: queued (waiting for the feed import job), running',
    labelNames: ['status'],
    registers,
    async collect() {
      const rows = await sources.prisma.feedImport.groupBy({ by: ['status'], where: { status: { in: ['queued', 'running'] } }, _count: true }).catch(() => null);
      for (const status of ['queued', 'running']) this.set({ status }, rows ? (rows.find((r) => r.status === status)?._count ?? 0) : NaN);
    },
  });
  new Counter({
    name: 'portal_feed_import_rows_total',
    help: 'Feed rows the feed import job of this process has written (or refused), since it started',
    registers,
    collect() {
      this.reset();
      this.inc(sources.feedImports.rowsWritten);
    },
  });
}
