// Opens the process-wide resources (database pool, search client, logger) and closes them in order.
import type { Config } from './config.ts';
import { createLogger, type Logger } from './core/logger.ts';
import { createPrisma, type PrismaClient } from './db/prisma.ts';
import { createSearchClient, type SearchClient } from './search/client.ts';

export interface Runtime {
  config: Config;
  logger: Logger;
  prisma: PrismaClient;
  search: SearchClient;
  close(): Promise<void>;
}

export function openRuntime(config: Config): Runtime {
  const logger = createLogger(config.LOG_LEVEL);
  const prisma = createPrisma(config.DATABASE_URL, config.DATABASE_POOL_SIZE);
  const search = createSearchClient(config.ELASTICSEARCH_URL);
  return {
    config,
    logger,
    prisma,
    search,
    async close() {
      await Promise.allSettled([prisma.$disconnect(), search.close()]);
    },
  };
}
