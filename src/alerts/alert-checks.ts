// The alert matcher's work, a job kind on the job queue: every write that changes a listing enqueues a
// check of it in its own transaction (the writers are handed `AlertChecks` as their follower of listing
// changes, sync/outbox.ts), and the `alert-check` role's worker matches the checks once the index holds
// the change (alert-matcher.ts). The queue's `short` policy keeps one waiting check a listing: a listing
// written again before its check ran adds nothing, and the checks of a transaction's listings are one
// statement however many listings it wrote.
import type { Prisma } from '../generated/prisma/client.ts';
import type { JobQueue } from '../db/job-queue.ts';
import type { ListingChangeFollower } from '../sync/outbox.ts';

/** The job kind that matches listing changes against saved searches (src/background.ts lists it). */
export const ALERT_CHECK_KIND = 'alert-check';

/** An alert-check job: the listing to look at. */
export interface AlertCheckData {
  listing: number;
}

/** the checks a worker takes at once, matched in one transaction */
export const ALERT_CHECK_BATCH = 200;

export class AlertChecks implements ListingChangeFollower {
  constructor(private readonly jobs: JobQueue) {}

  /** Enqueues a check of each listing in the write's transaction (one waiting a listing). */
  async listingsChanged(tx: Prisma.TransactionClient, listingIds: number[]): Promise<void> {
    const ids = [...new Set(listingIds)].sort((a, b) => a - b);
    await this.jobs.enqueueMany(
      tx,
      ALERT_CHECK_KIND,
      ids.map((id) => ({ data: { listing: id } satisfies AlertCheckData, singletonKey: String(id) })),
    );
  }
}
