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
//   - the answers kept for writes sent with an Idempotency-Key: removed after their day;
//   - the e-mails sent more than their keeping time ago (mail/mail-delivery.ts).
// It is the `state-job` kind of the job queue: the queue's cron enqueues one job a minute whatever the
// number of instances, and its `singleton` policy runs one at a time (src/background.ts).
import type { PrismaClient } from '../db/prisma.ts';
import type { Logger } from '../core/logger.ts';
import { londonToday } from '../core/london-time.ts';
import { listingsChanged, type ListingChangeFollower } from '../sync/outbox.ts';
import type { SearchClient } from '../search/client.ts';
import { dueToGoLiveRequest } from '../listing-index/live-listing.ts';
import { removeExpiredRequests } from '../api-accounts/idempotent-requests.ts';
import { forgetOldMails } from '../mail/mail-delivery.ts';

/** The job kind (src/background.ts) and its schedule: every minute. */
export const STATE_KIND = 'state-job';
export const STATE_SCHEDULE = '* * * * *';

export interface StateRun {
  firstDibsCleared: number;
  listingsReleased: number;
  mailsForgotten: number;
}

/** The ids of listings the index holds as not live although their publication time has passed by `now`. */
export type DueListings = (now: Date) => Promise<number[]>;

/** The index's own answer: documents written as not live whose publication time has passed (up to `size` a run). */
export function indexedDueListings(search: SearchClient, alias: string, size = 1000): DueListings {
  return async (now) => (await search.search({ index: alias, ...dueToGoLiveRequest(now, size) })).hits.hits.map((h) => Number(h._id));
}

export class StateJob {
  constructor(
    private readonly prisma: PrismaClient,
    private readonly logger: Logger,
    /** the index's listings due to go live (none when the engine cannot say: the database's window still runs) */
    private readonly due: DueListings = () => Promise.resolve([]),
    /** how far back a publication time counts as "since the last run" (a run every minute looks 2 minutes back, so a missed minute is caught) */
    private readonly releaseWindowMs = 2 * 60_000,
    /** what else a change of listings causes in its transaction (the alert checks: a listing released is a new listing) */
    private readonly follower?: ListingChangeFollower,
  ) {}

  async runOnce(now = new Date()): Promise<StateRun> {
    const today = londonToday(now);
    const due = await this.due(now).catch((err: unknown) => {
      this.logger.warn({ err: String(err) }, 'state job: the index could not say which listings are due to go live');
      return [];
    });
    return this.prisma.$transaction(async (tx) => {
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
      await listingsChanged(tx, [...new Set([...ofExpired.map((l) => l.listingId), ...released.map((l) => l.id)])], this.follower);
      await removeExpiredRequests(tx, now);
      const mailsForgotten = await forgetOldMails(tx, now);
      return { firstDibsCleared: expired.length, listingsReleased: released.length, mailsForgotten };
    }, { timeout: 60_000, maxWait: 10_000 });
  }
}
