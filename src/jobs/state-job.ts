// A node-cron job that keeps stored state honest as time passes. Most time-dependent state is worked out
// when it is read (an appointment is upcoming while it starts in the future; a listing is live once its
// publishAt has passed; a listing's eligibility first-dibs window ends on its date, `decide()` compares
// with today), so nothing goes stale there. What is stored and does go stale:
//   - a property's `firstDibs` flag once its firstDibsExpirationDate has passed: cleared, and the
//     listings that advertise it are queued for reindexing (their items show firstDibs);
//   - listings whose publication time came since the last run: queued for reindexing, so their
//     documents are rebuilt from current data as they go live.
// Several instances may run it: each run takes a transaction-scoped PostgreSQL advisory lock with
// pg_try_advisory_xact_lock and a run that does not get it does nothing.
import { EVERY_MINUTE, schedule, type Scheduled } from '../core/cron-schedule.ts';
import type { PrismaClient } from '../db/prisma.ts';
import type { Logger } from '../core/logger.ts';
import { londonToday } from '../core/london-time.ts';
import { markListingsChanged } from '../sync/outbox.ts';

/** Arbitrary, fixed: the advisory lock key of this job. */
const LOCK_KEY = 6_000_001;

export interface StateRun {
  ran: boolean;
  firstDibsCleared: number;
  listingsReleased: number;
}

export class StateJob {
  private task: Scheduled | null = null;

  constructor(
    private readonly prisma: PrismaClient,
    private readonly logger: Logger,
    /** how far back a publication time counts as "since the last run" (a run every minute looks 2 minutes back, so a missed minute is caught) */
    private readonly releaseWindowMs = 2 * 60_000,
  ) {}

  async runOnce(now = new Date()): Promise<StateRun> {
    const today = londonToday(now);
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
        where: { publishAt: { gt: new Date(now.getTime() - this.releaseWindowMs), lte: now }, withdrawnAt: null, published: true },
        select: { id: true },
      });
      await markListingsChanged(tx, [...ofExpired.map((l) => l.listingId), ...released.map((l) => l.id)]);
      return { ran: true, firstDibsCleared: expired.length, listingsReleased: released.length };
    }, { timeout: 60_000, maxWait: 10_000 });
  }

  /** Every minute; a run still going when the next is due is not overlapped. */
  start(expression = EVERY_MINUTE): void {
    this.task = schedule(
      'state job',
      expression,
      async () => {
        const run = await this.runOnce();
        if (run.firstDibsCleared || run.listingsReleased) this.logger.info(run, 'state job');
      },
      this.logger,
    );
  }

  async stop(): Promise<void> {
    await this.task?.stop();
    this.task = null;
  }
}
