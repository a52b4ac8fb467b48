// The alert delivery's work, a job kind on the job queue: a job is one customer's alert e-mail, holding
// every match of theirs that is due when it runs (alert-delivery.ts). The customer is the job's key, and
// the queue's `stately` policy keeps at most one job of a customer running and one waiting across
// instances: a customer's due matches are never shared out between two e-mails sent side by side, and a
// customer's job held up (its instance died, a store away) holds up no other customer's. A batch of
// checks that recorded instant matches enqueues their customers' jobs in its own transaction
// (alert-matcher.ts), and the alert-delivery role's node-cron tick each minute those of every customer
// with matches due (daily and weekly alerts fall due with time, not with a write); a job asked for while
// the customer's waits adds nothing.
import type { Prisma } from '../generated/prisma/client.ts';
import type { JobQueue } from '../db/job-queue.ts';

/** The job kind that sends a customer's alert e-mail (src/background.ts lists it). */
export const ALERT_DELIVERY_KIND = 'alert-delivery';

/** customers' jobs taken at once by a worker: one transaction and one read of their listings */
export const ALERT_DELIVERY_BATCH = 50;

export interface AlertDeliveryData {
  customer: number;
}

/** Asks for these customers' alert e-mails, in the transaction `tx` (null: at once); none is added for a customer whose job waits. */
export async function enqueueAlertDeliveries(jobs: JobQueue, tx: Prisma.TransactionClient | null, customers: Iterable<number>): Promise<void> {
  const unique = [...new Set(customers)];
  await jobs.enqueueMany(
    tx,
    ALERT_DELIVERY_KIND,
    unique.map((customer) => ({ data: { customer } satisfies AlertDeliveryData, singletonKey: String(customer) })),
  );
}
