// The `webhook-delivery` job kind: a job per delivery row, enqueued in the transaction of the lead change
// that records the row (lead-events.ts). Its queue is key_strict_fifo with the lead as key: a lead's
// events are posted one after the other in the order of their changes, and one being retried holds back
// the later events of its lead only. Its jobs are grouped by account: a process posts at most
// WEBHOOK_PER_ACCOUNT of one account's at once, WEBHOOK_CONCURRENCY in all, so a slow endpoint holds up
// its own account's deliveries only.
//
// The handler posts the row's body exactly as recorded, signed anew, and records the attempt on the row
// (the deliveries log providers read). A failed attempt throws: the job queue retries it with backoff
// and, after its last retry (24 hours), keeps it as a dead letter, the row shown `failed`, and lets the
// lead's later events go. At least once: an instance killed after posting and before its job completed
// leaves the job to another instance once its heartbeat stops, and the event is posted again (with the
// same event id, which receivers use to drop repeats); the lead's later events still wait for it. An
// instance killed during a delivery's very last attempt leaves its job failed for good by the queue's
// supervisor but not taken out, holding its lead's key, and the row `pending`: a sweep at start-up and
// every minute (`releaseGivenUp`) shows such a row `failed`, keeps the job as a dead letter and takes it
// out of the queue, so that the lead's later events go.
import type { PrismaClient } from '../db/prisma.ts';
import type { Prisma } from '../generated/prisma/client.ts';
import type { Logger } from '../core/logger.ts';
import type { Attempt, JobQueue, JobRetries } from '../db/job-queue.ts';
import type { WebhookSender } from './webhook-sender.ts';
import { EVERY_MINUTE, schedule, type Scheduled } from '../core/cron-schedule.ts';

/** The job kind that posts lead webhooks (src/background.ts lists it). */
export const WEBHOOK_KIND = 'webhook-delivery';

/** A webhook-delivery job: the delivery row to post (its id, as text). */
export interface WebhookJobData {
  delivery: string;
}

/** a delivery is retried for this long (PORTAL-EXTRAS §5) */
export const RETRY_WINDOW_SECONDS = 24 * 3600;

/**
 * The retries of a delivery: the first after `baseMs`, then (pg-boss's backoff) each between the one
 * before and twice it, up to `maxMs`; as many as keep a delivery tried for RETRY_WINDOW_SECONDS at least
 * (counted with the shortest waits the backoff may draw).
 */
export function webhookRetries(baseMs: number, maxMs: number): Required<JobRetries> {
  const retryDelay = Math.max(1, Math.ceil(baseMs / 1000));
  const retryDelayMax = Math.max(retryDelay, Math.ceil(maxMs / 1000));
  let retryLimit = 0;
  for (let waited = 0; waited < RETRY_WINDOW_SECONDS; retryLimit++) waited += Math.min(retryDelayMax, retryDelay * 2 ** Math.min(retryLimit, 30));
  return { retryLimit, retryDelay, retryBackoff: true, retryDelayMax };
}

export class WebhookFailed extends Error {}

/** a pending row this old with no job gets one at start-up */
const STRAY_AFTER_MS = 2 * 60_000;

/** Enqueues the job of a delivery row: keyed by its lead (order per lead), grouped by its account (the limit per account). */
export async function enqueueDelivery(
  jobs: JobQueue,
  tx: Prisma.TransactionClient | null,
  row: { id: number; accountId: number; leadId: number },
  retries: JobRetries,
): Promise<void> {
  await jobs.enqueue(tx, WEBHOOK_KIND, { delivery: String(row.id) } satisfies WebhookJobData, { singletonKey: String(row.leadId), group: String(row.accountId), retries });
}

interface Claimed {
  id: number;
  accountId: number;
  leadId: number;
  body: string;
  attempts: number;
  url: string | null;
  secret: string | null;
}

export interface WebhookJobOptions {
  /** posts under way at once in this process */
  concurrency: number;
  /** of them, at most this many for one account */
  perAccount: number;
  /** how often an idle worker looks for retries whose delay has passed */
  pollMs: number;
}

export class WebhookJob {
  private working = false;
  private sweep: Scheduled | null = null;

  constructor(
    private readonly prisma: PrismaClient,
    private readonly sender: WebhookSender,
    private readonly jobs: JobQueue,
    private readonly logger: Logger,
    private readonly options: WebhookJobOptions,
    private readonly retries: JobRetries,
  ) {}

  start(): void {
    if (this.working) return;
    this.working = true;
    void this.jobs
      .work<WebhookJobData>(
        WEBHOOK_KIND,
        { concurrency: this.options.concurrency, perGroup: this.options.perAccount, pollSeconds: this.options.pollMs / 1000 },
        (data, attempt) => this.deliver(data, attempt).then(() => undefined),
      )
      .then(() => this.releaseGivenUp())
      .then(() => this.enqueueStrays())
      .catch((err: unknown) => this.logger.error({ err: String(err) }, 'the webhook-delivery worker could not start'));
    this.sweep = schedule('webhook given-up sweep', EVERY_MINUTE, () => this.releaseGivenUp().then(() => undefined), this.logger);
  }

  /**
   * The deliveries whose job failed for good without its handler's end (its instance died during the last
   * attempt): each row shown `failed`, its job kept as a dead letter and taken out of the queue, freeing
   * its lead's later events. Returns how many.
   */
  async releaseGivenUp(): Promise<number> {
    return this.jobs.releaseGivenUp<WebhookJobData>(WEBHOOK_KIND, async (given) => {
      const ids = given.map((d) => Number(d.delivery)).filter((id) => Number.isSafeInteger(id));
      await this.prisma.$executeRaw`
        UPDATE "WebhookDelivery" SET status = 'failed', "lastError" = coalesce("lastError", 'its last attempt ended with its instance')
        WHERE id = ANY(${ids}::int[]) AND status = 'pending'`;
    });
  }

  /**
   * Gives a job to each pending row that has waited STRAY_AFTER_MS with none (one recorded before the
   * job queue carried them). A second job for a row is harmless: it runs after the first (same key) and
   * finds the row no longer pending.
   */
  async enqueueStrays(now = new Date()): Promise<number> {
    const rows = await this.prisma.webhookDelivery.findMany({
      where: { status: 'pending', createdAt: { lt: new Date(now.getTime() - STRAY_AFTER_MS) } },
      select: { id: true, accountId: true, leadId: true },
      orderBy: { id: 'asc' },
      take: 1000,
    });
    const queued = await this.jobs.pending(WEBHOOK_KIND, 'delivery', rows.map((r) => String(r.id)));
    const strays = rows.filter((r) => !queued.has(String(r.id)));
    for (const row of strays) await enqueueDelivery(this.jobs, null, row, this.retries);
    return strays.length;
  }

  async stop(): Promise<void> {
    if (!this.working) return;
    this.working = false;
    await this.sweep?.stop();
    this.sweep = null;
    await this.jobs.offWork(WEBHOOK_KIND);
    await this.sender.close();
  }

  /**
   * The job's handler: posts the row if it is still pending (a job for a row delivered, failed, or whose
   * endpoint was removed does nothing); throws when the attempt failed and another follows.
   */
  async deliver({ delivery }: WebhookJobData, attempt: Attempt): Promise<'delivered' | 'not pending' | 'failed'> {
    const [row] = await this.prisma.$queryRaw<Claimed[]>`
      WITH counted AS (
        UPDATE "WebhookDelivery" SET attempts = attempts + 1 WHERE id = ${Number(delivery)} AND status = 'pending'
        RETURNING id, "accountId", "leadId", body, attempts
      )
      SELECT c.*, w.url, w.secret FROM counted c LEFT JOIN "WebhookEndpoint" w ON w."accountId" = c."accountId"`;
    if (!row) return 'not pending';
    const result =
      row.url === null || row.secret === null
        ? { delivered: false, statusCode: null, error: 'the account has no webhook endpoint' }
        : await this.sender.post(row.url, row.secret, row.body);
    const log = { deliveryId: row.id, accountId: row.accountId, leadId: row.leadId, attempt: row.attempts, statusCode: result.statusCode };
    if (result.delivered) {
      this.logger.info(log, 'webhook delivered');
      await this.prisma.$executeRaw`
        UPDATE "WebhookDelivery" SET status = 'delivered', "deliveredAt" = now(), "lastStatusCode" = ${result.statusCode}, "lastError" = NULL
        WHERE id = ${row.id}`;
      return 'delivered';
    }
    // nowhere to send it: given up at once (the job completes; a redelivery once an endpoint is set queues it again)
    const givesUp = attempt.last || row.url === null;
    this.logger.warn({ ...log, error: result.error }, givesUp ? 'webhook delivery failed for good' : 'webhook delivery failed; the job queue retries it');
    await this.prisma.$executeRaw`
      UPDATE "WebhookDelivery" SET status = ${givesUp ? 'failed' : 'pending'}, "lastStatusCode" = ${result.statusCode}, "lastError" = ${result.error}
      WHERE id = ${row.id}`;
    if (row.url === null) return 'failed';
    throw new WebhookFailed(`delivery ${row.id}: ${result.error ?? 'not delivered'}`);
  }
}
