// The alert delivery's work, a job kind on the job queue: a job is a run of the delivery
// (alert-delivery.ts), which sends every alert e-mail due. The queue's `stately` policy keeps one run
// under way and one waiting at most across instances, so a customer's e-mail is never split between two
// runs nor do two runs wait on each other's customers. A batch of checks that recorded matches enqueues
// a run in its own transaction (alert-matcher.ts), and the alert-delivery role's node-cron tick one a
// minute (alert-job.ts: daily and weekly alerts fall due with time, not with a write); a run asked for
// while one waits adds nothing.
import type { Prisma } from '../generated/prisma/client.ts';
import type { JobQueue } from '../db/job-queue.ts';

/** The job kind that sends the alert e-mails due (src/background.ts lists it). */
export const ALERT_DELIVERY_KIND = 'alert-delivery';

/** Asks for a run of the alert delivery, in the transaction `tx` (null: at once); none is added while one waits. */
export async function enqueueAlertDelivery(jobs: JobQueue, tx: Prisma.TransactionClient | null): Promise<void> {
  await jobs.enqueue(tx, ALERT_DELIVERY_KIND, {});
}
