import pg from 'pg';
import { PrismaPg } from '@prisma/adapter-pg';
import { PrismaClient } from '../generated/prisma/client.ts';
import { DatabaseGuard } from './database-guard.ts';
import { guardPool } from './guarded-pool.ts';

export type { PrismaClient };

/** How long opening a connection may take before the server counts as out of reach (node-postgres waits for ever by default). */
const CONNECT_TIMEOUT_MS = 5000;

/** Rust-free Prisma client over node-postgres. */
export function createPrisma(databaseUrl: string, poolSize: number): PrismaClient {
  return createDatabase(databaseUrl, poolSize).prisma;
}

/**
 * The Prisma client and the node-postgres pool it runs on, behind the database's circuit (`guard`,
 * database-guard.ts). The pool serves the few reads whose rows Prisma's conversions would cost more
 * than the query (alert candidates: thousands of rows an event, twice as fast read straight) and the
 * small reads on the path of every signed-in request (the access token's check, a search's favourites:
 * about 60 µs of CPU each read straight against 300 µs through Prisma); the client ends it when it
 * disconnects.
 */
export function createDatabase(databaseUrl: string, poolSize: number): { prisma: PrismaClient; pool: pg.Pool; guard: DatabaseGuard } {
  const raw = new pg.Pool({ connectionString: databaseUrl, max: poolSize, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
  const guard = new DatabaseGuard(() => probeOnce(databaseUrl));
  const pool = guardPool(raw, guard);
  const adapter = new PrismaPg(pool, { disposeExternalPool: true });
  return { prisma: new PrismaClient({ adapter, errorFormat: 'minimal' }), pool, guard };
}

/** `SELECT 1` on a connection of its own, so that a probe never waits behind a full pool. */
async function probeOnce(databaseUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 1000, application_name: 'database-probe' });
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.query('SELECT 1');
  } finally {
    await client.end().catch(() => undefined);
  }
}
