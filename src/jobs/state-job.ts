// A node-cron job that keeps stored state honest as time passes. Most time-dependent state is worked out
// when it is read (an appointment is upcoming while it starts in the future; a listing's eligibility
// first-dibs window ends on its date, `decide()` compares with today), so nothing goes stale there.
// What is stored and does go stale:
//   - a property's `firstDibs` flag once its firstDibsExpirationDate has passed: cleared, and the
//     listings that advertise it are queued for reindexing (their items show firstDibs);
//   - a listing's `live` flag in its index document (listing-index/live-listing.ts): written false while
//     its publication time is ahead, so the listing is queued for reindexing once the time has come. Two
//     ways, so that no run's miss leaves a listing hidden: the listings whose publication time came since
//     the run before (from the database, two minutes back), and the documents the index itself holds as
//     not live although their time has passed (from the engine: any run missed, an outage, a document
//     written during a full reindex). Never early: the flag is worked out when a document is built, so a
//     listing is shown only once its time has passed, and at most one run (a minute) plus the reindex
//     worker's delay after it (docs/search.md, "Live listings");
//   - the answers kept for writes sent with an Idempotency-Key: removed after their day.
// Several instances may run it: each run takes a transaction-scoped PostgreSQL advisory lock with
// pg_try_advisory_xact_lock and a run that does not get it does nothing; and a scheduled tick runs only
// when no instance ran the job in the last 50 seconds (`ScheduledRun`), so it runs once a minute
// whatever the number of instances.
import { EVERY_MINUTE, schedule, type Scheduled } from '../core/cron-schedule.ts';
import type { PrismaClient } from '../db/prisma.ts';
import type { Logger } from '../core/logger.ts';
import { londonToday } from '../core/london-time.ts';
import { markListingsChanged } from '../sync/outbox.ts';
import type { SearchClient } from '../search/client.ts';
import { dueToGoLiveRequest } from '../listing-index/live-listing.ts';
import { removeExpiredRequests } from '../api-accounts/idempotent-requests.ts';

/** Arbitrary, fixed: the advisory lock key of this job. */
const LOCK_KEY = 6_000_001;
/** A scheduled tick this soon after any instance's run does nothing (a minute's period, less the ticks' spread). */
const MIN_GAP_MS = 50_000;

export interface StateRun {
  ran: boolean;
  firstDibsCleared: number;
  listingsReleased: number;
}

/** The ids of listings the index holds as not live although their publication time has passed by `now`. */
export type DueListings = (now: Date) => Promise<number[]>;

/** The index's own answer: documents written as not live whose publication time has passed (up to `size` a run). */
export function indexedDueListings(search: SearchClient, alias: string, size = 1000): DueListings {
  return async (now) => (await search.search({ index: alias, ...dueToGoLiveRequest(now, size) })).hits.hits.map((h) => Number(h._id));
}

export class StateJob {
  private task: Scheduled | null = null;

  constructor(
    private readonly prisma: PrismaClient,
    private readonly logger: Logger,
    /** the index's listings due to go live (none when the engine cannot say: the database's window still runs) */
    private readonly due: DueListings = () => Promise.resolve([]),
    /** how far back a publication time counts as "since the last run" (a run every minute looks 2 minutes back, so a missed minute is caught) */
    private readonly releaseWindowMs = 2 * 60_000,
  ) {}

  async runOnce(now = new Date()): Promise<StateRun> {
    const today = londonToday(now);
    const due = await this.due(now).catch((err: unknown) => {
      this.logger.warn({ err: String(err) }, 'state job: the index could not say which listings are due to go live');
      return [];
    });
    return this.prisma.$transaction(async (tx) => {
      const [lock] = await tx.$queryRaw<{ locked: boolean }[]>`SELECT pg_try_advisory_xact_lock(${LOCK_KEY}) AS locked`;
      if (!lock?.locked) return { ran: false, firstDibsCleared: 0, listingsReleased: 0 };

      const expired = await tx.$queryRaw<{ id: number }[]>`
        UPDATE "Property" SET "firstDibs" = false, "updatedAt" = ${now}
        WHERE "firstDibs" = true AND "firstDibsExpirationDate" < ${today}::date RETURNING id`;
      const ofExpired = expired.length
        ? await tx.listingProperty.findMany({ where: { propertyId: { in: expired.map((p) => p.id) } }, select: { listingId: true } })
        : [];
      const released = await tx.listing.findMany({
        where: { OR: [{ publishAt: { gt: new Date(now.getTime() - this.releaseWindowMs), lte: now } }, { id: { in: due }, publishAt: { lte: now } }], withdrawnAt: null, published: true },
        select: { id: true },
      });
      await markListingsChanged(tx, [...new Set([...ofExpired.map((l) => l.listingId), ...released.map((l) => l.id)])]);
      await removeExpiredRequests(tx, now);
      return { ran: true, firstDibsCleared: expired.length, listingsReleased: released.length };
    }, { timeout: 60_000, maxWait: 10_000 });
  }

  /** Every minute; a run still going when the next is due is not overlapped. */
  start(expression = EVERY_MINUTE): void {
    this.task = schedule(
      'state job',
      expression,
      async () => {
        if (!(await this.claimTick(new Date()))) return;
        const run = await this.runOnce();
        if (run.firstDibsCleared || run.listingsReleased) this.logger.info(run, 'state job');
      },
      this.logger,
    );
  }

  /** Whether no instance ran the job in the last MIN_GAP_MS: then this one claims the run. */
  async claimTick(now: Date): Promise<boolean> {
    const claimed = await this.prisma.$queryRaw<{ name: string }[]>`
      INSERT INTO "ScheduledRun" (name, "lastRunAt") VALUES ('state-job', ${now})
      ON CONFLICT (name) DO UPDATE SET "lastRunAt" = EXCLUDED."lastRunAt" WHERE "ScheduledRun"."lastRunAt" <= ${new Date(now.getTime() - MIN_GAP_MS)}
      RETURNING name`;
    return claimed.length > 0;
  }

  async stop(): Promise<void> {
    await this.task?.stop();
    this.task = null;
  }
}
