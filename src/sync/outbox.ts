// Every write that changes what a listing's search document holds calls markListingsChanged in the
// same transaction: the listing's indexVersion goes up (the document's external version) and an
// outbox row tells the reindex worker to rebuild it. Nothing is lost if the engine is down.
import type { Prisma } from '../generated/prisma/client.ts';

/** The channel each write notifies at commit, which the reindex worker listens on (indexing/outbox-listener.ts). */
export const OUTBOX_CHANNEL = 'listing_outbox';

type Tx = Prisma.TransactionClient;

/**
 * What else a listing write causes, enqueued in its transaction by the domain it belongs to (the alert
 * matcher's checks, alerts/alert-checks.ts), handed to the writers by the assembly.
 */
export interface ListingChangeFollower {
  listingsChanged(tx: Tx, listingIds: number[]): Promise<void>;
}

/** markListingsChanged, then the follower's own work for the same listings, in the same transaction. */
export async function listingsChanged(tx: Tx, listingIds: number[], follower: ListingChangeFollower | undefined): Promise<void> {
  await markListingsChanged(tx, listingIds);
  if (follower && listingIds.length) await follower.listingsChanged(tx, listingIds);
}

export async function markListingsChanged(tx: Tx, listingIds: number[]): Promise<void> {
  const ids = [...new Set(listingIds)].sort((a, b) => a - b);
  if (ids.length === 0) return;
  // One statement (one round trip on every write): the listings locked in id order, so that concurrent
  // writers touching several listings cannot deadlock, and their versions raised; the outbox rows; and
  // the notice, delivered at commit and once per transaction however many writes it holds
  // (outbox-listener.ts).
  await tx.$executeRaw`
    WITH locked AS MATERIALIZED (SELECT id FROM "Listing" WHERE id = ANY(${ids}::int[]) ORDER BY id FOR UPDATE),
    raised AS (UPDATE "Listing" SET "indexVersion" = "indexVersion" + 1 WHERE id = ANY(${ids}::int[]) AND id IN (SELECT id FROM locked)),
    queued AS (INSERT INTO "ListingOutbox" ("listingId") SELECT unnest(${ids}::int[]))
    SELECT pg_notify(${OUTBOX_CHANNEL}, '')`;
}

export async function listingIdsOfDevelopment(tx: Tx, developmentId: number): Promise<number[]> {
  const rows = await tx.listing.findMany({ where: { developmentId }, select: { id: true } });
  return rows.map((r) => r.id);
}

export async function listingIdsOfProperty(tx: Tx, propertyId: number): Promise<number[]> {
  const rows = await tx.listingProperty.findMany({ where: { propertyId }, select: { listingId: true } });
  return rows.map((r) => r.listingId);
}

export interface OutboxBacklog {
  /** rows the worker will still try */
  pending: number;
  /** seconds since the oldest of them was written (0: none) */
  oldestSeconds: number;
  /** rows refused as often as the worker tries, left for `npm run index:check` */
  abandoned: number;
}

/** One aggregate over the outbox, which the worker keeps short; ages by the database's clock, which wrote them. */
export async function outboxBacklog(db: Pick<Tx, '$queryRaw'>, maxAttempts: number): Promise<OutboxBacklog> {
  const [row] = await db.$queryRaw<{ pending: number; oldest: number | null; abandoned: number }[]>`
    SELECT count(*) FILTER (WHERE attempts < ${maxAttempts})::int AS pending,
           extract(epoch FROM clock_timestamp() - min("createdAt") FILTER (WHERE attempts < ${maxAttempts}))::float8 AS oldest,
           count(*) FILTER (WHERE attempts >= ${maxAttempts})::int AS abandoned
    FROM "ListingOutbox"`;
  return { pending: row?.pending ?? 0, oldestSeconds: row?.oldest ?? 0, abandoned: row?.abandoned ?? 0 };
}
