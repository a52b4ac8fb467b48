// The same four figures for every background job kind whose work waits, read at scrape time: how many
// wait (backlog), how long the oldest has waited, how many failed and wait for a retry, and how many will
// never run (dead letters: given up, refused for good, or claimed by a process that died before finishing
// it). The kinds on the job queue are counted by it (db/job-queue.ts); those that still keep a table of
// their own in one statement here, reading only unsent and undelivered rows (each table keeps its sent
// rows as a log), by their indexes. Kinds with no waiting work (the index changes listener, the
// statistics' flush) have no row.
import type { PrismaClient } from '../db/prisma.ts';
import type { QueueCounts } from '../db/job-queue.ts';
import { MAX_ATTEMPTS } from '../indexing/reindex-worker.ts';

export type KindBacklog = QueueCounts;

/** The kinds that keep a table of their own. */
export async function tableBacklog(prisma: Pick<PrismaClient, '$queryRawUnsafe'>): Promise<KindBacklog[]> {
  const age = (column: string, where: string) =>
    `coalesce(extract(epoch FROM clock_timestamp() - min("${column}") FILTER (WHERE ${where})), 0)::float8`;
  return prisma.$queryRawUnsafe<KindBacklog[]>(`
    SELECT 'reindex-worker' AS kind, count(*) FILTER (WHERE attempts < ${MAX_ATTEMPTS})::int AS backlog,
           ${age('createdAt', `attempts < ${MAX_ATTEMPTS}`)} AS "oldestSeconds",
           count(*) FILTER (WHERE attempts > 0 AND attempts < ${MAX_ATTEMPTS})::int AS failed,
           count(*) FILTER (WHERE attempts >= ${MAX_ATTEMPTS})::int AS dead FROM "ListingOutbox"`);
}
