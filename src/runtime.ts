// Opens the process-wide resources (database pool, search client, logger) and closes them in order.
import type { Config } from './config.ts';
import { createLogger, type Logger } from './core/logger.ts';
import type pg from 'pg';
import { createDatabase, type PrismaClient } from './db/prisma.ts';
import type { DatabaseGuard } from './db/database-guard.ts';
import { createSearchClient, type SearchClient } from './search/client.ts';
import type { IndexManager } from './search/index-manager.ts';
import { listingIndexManager } from './search/listing-index.ts';
import { ListingIndexer } from './indexing/listing-indexer.ts';
import type { ReindexWorker } from './indexing/reindex-worker.ts';
import { IndexChanges } from './search/index-changes.ts';
import { lazyGazetteer } from './places/gazetteer.ts';
import { createMetrics, type Metrics } from './metrics/metrics-registry.ts';
import type { ListingStats } from './listing-stats/listing-stats-recorder.ts';
import type { JobQueue } from './db/job-queue.ts';
import { jobQueue, listingStatsCounters, reindexWorker } from './background.ts';

export interface Runtime {
  config: Config;
  logger: Logger;
  prisma: PrismaClient;
  /** the node-postgres pool under `prisma`, for reads of many rows (db/prisma.ts) */
  pool: pg.Pool;
  /** the circuit around the database (db/database-guard.ts): open while the server is out of reach */
  database: DatabaseGuard;
  search: SearchClient;
  listingIndex: IndexManager;
  /** every instance's knowledge of when the index changed (announced by every write of this process; started by what serves searches) */
  indexChanges: IndexChanges;
  indexer: ListingIndexer;
  worker: ReindexWorker;
  /** listing performance counters: impressions and views buffered, flushed every LISTING_STATS_FLUSH_MS */
  listingStats: ListingStats;
  /** the job queue (db/job-queue.ts): started before the app serves, as its changes enqueue jobs */
  jobs: JobQueue;
  gazetteer: ReturnType<typeof lazyGazetteer>;
  /** null with METRICS_ENABLED=false */
  metrics: Metrics | null;
  close(): Promise<void>;
}

/** `logger` defaults to JSON lines on stdout at LOG_LEVEL. */
export function openRuntime(config: Config, logger: Logger = createLogger(config.LOG_LEVEL)): Runtime {
  const { prisma, pool, guard: database } = createDatabase(config.DATABASE_URL, config.DATABASE_POOL_SIZE);
  const search = createSearchClient({ url: config.ELASTICSEARCH_URL, apiKey: config.ELASTICSEARCH_API_KEY });
  const listingIndex = listingIndexManager(search, config.ES_INDEX_PREFIX, config.ES_REPLICAS);
  const indexChanges = new IndexChanges(pool, config.DATABASE_URL, logger, { boundMs: config.SEARCH_MEMO_BOUND_MS, refreshIntervalMs: parseDuration(listingIndex.refreshInterval) });
  search.watchWrites(indexChanges);
  const indexer = new ListingIndexer(prisma, search, { checkSearchable: config.ES_REPLICAS === 0 });
  const metrics = config.METRICS_ENABLED ? createMetrics() : null;
  // the background roles the runtime holds are built with src/background.ts, where every role is
  const worker = reindexWorker(config, { prisma, indexer, alias: listingIndex.alias, logger, metrics });
  const listingStats = listingStatsCounters(config, prisma, logger);
  const jobs = jobQueue(config, logger);
  search.onEngineLost(() => logger.warn('search engine out of reach: requests that need it answer 503 until it is back'));
  search.onEngineBack(() => {
    logger.info('search engine back');
    worker.nudge();
  });
  database.onOpen(() => logger.warn('database out of reach: requests that need it answer 503 until it is back'));
  database.onClose(() => {
    logger.info('database back');
    worker.nudge();
  });
  return {
    config,
    logger,
    prisma,
    pool,
    database,
    search,
    listingIndex,
    indexChanges,
    indexer,
    worker,
    listingStats,
    jobs,
    gazetteer: lazyGazetteer(prisma),
    metrics,
    async close() {
      await Promise.all([worker.stop(), listingStats.stop(), jobs.stop()]);
      await indexChanges.stop();
      database.stop();
      await Promise.allSettled([prisma.$disconnect(), search.close()]);
    },
  };
}

/** An index setting's duration (`1s`, `500ms`) in ms; -1 (no refresh) and anything unknown as a second. */
function parseDuration(text: string): number {
  const match = /^(\d+)(ms|s|m)$/.exec(text);
  if (!match) return 1000;
  return Number(match[1]) * ({ ms: 1, s: 1000, m: 60_000 } as const)[match[2] as 'ms' | 's' | 'm'];
}
