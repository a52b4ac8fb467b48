// Opens the process-wide resources (database pool, search client, logger) and closes them in order.
import type { Config } from './config.ts';
import { createLogger, type Logger } from './core/logger.ts';
import { createPrisma, type PrismaClient } from './db/prisma.ts';
import { createSearchClient, type SearchClient } from './search/client.ts';
import type { IndexManager } from './search/index-manager.ts';
import { listingIndexManager } from './search/listing-index.ts';
import { ListingIndexer } from './indexing/listing-indexer.ts';
import { ReindexWorker } from './indexing/reindex-worker.ts';
import { lazyGazetteer } from './places/gazetteer.ts';
import { createMetrics, type Metrics } from './metrics/metrics-registry.ts';

export interface Runtime {
  config: Config;
  logger: Logger;
  prisma: PrismaClient;
  search: SearchClient;
  listingIndex: IndexManager;
  indexer: ListingIndexer;
  worker: ReindexWorker;
  gazetteer: ReturnType<typeof lazyGazetteer>;
  /** null with METRICS_ENABLED=false */
  metrics: Metrics | null;
  close(): Promise<void>;
}

export function openRuntime(config: Config): Runtime {
  const logger = createLogger(config.LOG_LEVEL);
  const prisma = createPrisma(config.DATABASE_URL, config.DATABASE_POOL_SIZE);
  const search = createSearchClient({ url: config.ELASTICSEARCH_URL, apiKey: config.ELASTICSEARCH_API_KEY });
  const listingIndex = listingIndexManager(search, config.ES_INDEX_PREFIX);
  const indexer = new ListingIndexer(prisma, search);
  const metrics = config.METRICS_ENABLED ? createMetrics() : null;
  const worker = new ReindexWorker(prisma, indexer, logger, { alias: listingIndex.alias, pollMs: config.REINDEX_POLL_MS, observer: metrics?.reindex });
  search.onEngineLost(() => logger.warn('search engine out of reach: requests that need it answer 503 until it is back'));
  search.onEngineBack(() => {
    logger.info('search engine back');
    worker.nudge();
  });
  return {
    config,
    logger,
    prisma,
    search,
    listingIndex,
    indexer,
    worker,
    gazetteer: lazyGazetteer(prisma),
    metrics,
    async close() {
      await worker.stop();
      await Promise.allSettled([prisma.$disconnect(), search.close()]);
    },
  };
}
