// The alert-delivery role: this instance's worker of the `alert-delivery` job kind (alert-delivery-jobs.ts),
// which sends each customer's alert e-mail when it is due (instant ones at once, daily ones at 08:00 UK
// time, weekly ones on Mondays at 08:00), up to a batch of customers at once. A customer's job is enqueued
// by each batch of checks that recorded instant matches of theirs, in its transaction (alert-matcher.ts),
// and by the role's node-cron tick every minute for every customer with matches due (the alerts that fall
// due with time, and those whose job failed for good); one at a time a customer across instances. The
// matching itself is the alert-check job kind's (alert-checks.ts).
import { EVERY_MINUTE, schedule, type Scheduled } from '../core/cron-schedule.ts';
import type { Logger } from '../core/logger.ts';
import type { JobQueue } from '../db/job-queue.ts';
import type { AlertMatcher } from './alert-matcher.ts';
import type { AlertDelivery, DeliveryRun } from './alert-delivery.ts';
import { ALERT_DELIVERY_BATCH, ALERT_DELIVERY_KIND, enqueueAlertDeliveries, type AlertDeliveryData } from './alert-delivery-jobs.ts';
import { isDatabaseUnreachable } from '../db/database-unavailable.ts';
import { SearchUnavailableError } from '../search/search-unavailable.ts';

export class AlertJob {
  private task: Scheduled | null = null;
  private working = false;

  constructor(
    readonly matcher: AlertMatcher,
    readonly delivery: AlertDelivery,
    private readonly jobs: JobQueue,
    private readonly logger: Logger,
  ) {}

  /** The checks waiting now matched, then what is due sent, with a chosen clock (a test's or a script's run). */
  async runOnce(now = new Date()): Promise<void> {
    try {
      const matched = await this.matcher.runOnce(now);
      if (matched.events) this.logger.info(matched, 'alert events matched');
    } catch (err) {
      // the engine or the database is away: the checks stay for their retry; what is due is still sent
      this.logger.warn({ err: storeAway(err) ? String(err) : err }, 'alert matching failed; the checks are tried again');
    }
    await this.deliverOnce(now);
  }

  /**
   * The jobs of every customer with matches due at `now` enqueued, and the kind's waiting jobs taken here
   * and now with that clock (a test's or a script's run, beside or instead of the workers).
   */
  async deliverOnce(now = new Date()): Promise<DeliveryRun> {
    const total: DeliveryRun = { emails: 0 };
    await this.enqueueDue(now);
    await this.jobs.drainBatches<AlertDeliveryData>(
      ALERT_DELIVERY_KIND,
      ALERT_DELIVERY_BATCH,
      async (batch) => {
        total.emails += (await this.deliver(batch, now)).emails;
        return [];
      },
      { retriesToo: true },
    );
    return total;
  }

  /** The handler of a batch of the kind's jobs: their customers' e-mails (a failure fails the batch into its retries, the matches still due). */
  private async deliver(batch: AlertDeliveryData[], now = new Date()): Promise<DeliveryRun> {
    try {
      const sent = await this.delivery.deliverTo(batch.map((d) => d.customer), now);
      if (sent.emails) this.logger.info({ customers: batch.length, ...sent }, 'alert e-mails');
      return sent;
    } catch (err) {
      // a store that is away is said in one line (its circuit logs the outage), not a trace a batch
      if (storeAway(err)) this.logger.warn({ err: String(err), customers: batch.length }, 'alert e-mails not sent; their jobs are tried again');
      else this.logger.error({ err, customers: batch.length }, 'alert e-mails not sent');
      throw err;
    }
  }

  private async enqueueDue(now: Date): Promise<void> {
    for await (const page of this.delivery.customersWithDue(now)) await enqueueAlertDeliveries(this.jobs, null, page);
  }

  start(expression = EVERY_MINUTE): void {
    this.working = true;
    void this.jobs
      .workBatches<AlertDeliveryData>(ALERT_DELIVERY_KIND, { concurrency: 1, batch: ALERT_DELIVERY_BATCH }, async (batch) => {
        await this.deliver(batch);
        return [];
      })
      .catch((err: unknown) => this.logger.error({ err: String(err) }, 'the alert-delivery worker could not start'));
    // the minute's tick on each instance: a customer's job waiting already is not added again
    this.task = schedule('alert delivery tick', expression, () => this.tick(), this.logger);
  }

  private async tick(): Promise<void> {
    try {
      await this.enqueueDue(new Date());
    } catch (err) {
      if (!storeAway(err)) throw err;
      this.logger.warn({ err: String(err) }, 'alert delivery tick: the database is out of reach; the next minute tries again');
    }
  }

  async stop(): Promise<void> {
    await this.task?.stop();
    this.task = null;
    if (!this.working) return;
    this.working = false;
    await this.jobs.offWork(ALERT_DELIVERY_KIND);
  }
}

const storeAway = (err: unknown) => err instanceof SearchUnavailableError || isDatabaseUnreachable(err);
