import type { Prisma } from '../generated/prisma/client.ts';

/** Where listing documents go right now: the alias, plus the new index of a full reindex in progress. */
export async function indexTargets(db: Pick<Prisma.TransactionClient, 'searchReindex'>, alias: string): Promise<string[]> {
  const running = await db.searchReindex.findMany({ where: { alias, finishedAt: null }, select: { targetIndex: true } });
  return [alias, ...running.map((r) => r.targetIndex)];
}
