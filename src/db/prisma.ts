import pg from 'pg';
import { PrismaPg } from '@prisma/adapter-pg';
import { PrismaClient } from '../generated/prisma/client.ts';

export type { PrismaClient };

/** Rust-free Prisma client over node-postgres. */
export function createPrisma(databaseUrl: string, poolSize: number): PrismaClient {
  return createDatabase(databaseUrl, poolSize).prisma;
}

/**
 * The Prisma client and the node-postgres pool it runs on. The pool serves the few reads whose rows
 * Prisma's conversions would cost more than the query (alert candidates: thousands of rows an event,
 * twice as fast read straight) and the small reads on the path of every signed-in request (the access
 * token's check, a search's favourites: about 60 µs of CPU each read straight against 300 µs through
 * Prisma); the client ends it when it disconnects.
 */
export function createDatabase(databaseUrl: string, poolSize: number): { prisma: PrismaClient; pool: pg.Pool } {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: poolSize });
  const adapter = new PrismaPg(pool, { disposeExternalPool: true });
  return { prisma: new PrismaClient({ adapter }), pool };
}
