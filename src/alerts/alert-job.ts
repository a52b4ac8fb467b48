// The alert-delivery role: this instance's worker of the `alert-delivery` job kind (alert-delivery-jobs.ts),
// which sends the alert e-mails that are due (instant ones at once, daily ones at 08:00 UK time, weekly
// ones on Mondays at 08:00). A run is enqueued by each batch of checks that recorded matches, in its
// transaction (alert-matcher.ts), and by the role's node-cron tick every minute, for the alerts that fall
// due with time; the queue runs one at a time across instances. The matching itself is the alert-check
// job kind's (alert-checks.ts).
import { EVERY_MINUTE, schedule, type Scheduled } from '../core/cron-schedule.ts';
import type { Logger } from '../core/logger.ts';
import type { JobQueue } from '../db/job-queue.ts';
import type { AlertMatcher } from './alert-matcher.ts';
import type { AlertDelivery, DeliveryRun } from './alert-delivery.ts';
import { ALERT_DELIVERY_KIND, enqueueAlertDelivery } from './alert-delivery-jobs.ts';
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
   * A run of the delivery enqueued and the kind's waiting runs taken here and now, with a chosen clock
   * (a test's or a script's run, beside or instead of the workers).
   */
  async deliverOnce(now = new Date()): Promise<DeliveryRun> {
    const total: DeliveryRun = { emails: 0, failed: 0 };
    await enqueueAlertDelivery(this.jobs, null);
    await this.jobs.drain(
      ALERT_DELIVERY_KIND,
      async () => {
        const run = await this.deliver(now);
        total.emails += run.emails;
        total.failed += run.failed;
      },
      { retriesToo: true },
    );
    return total;
  }

  /** The job's handler: sends what is due (a page that fails stays due; a failure to read what is due fails the job). */
  private async deliver(now = new Date()): Promise<DeliveryRun> {
    try {
      const sent = await this.delivery.runOnce(now);
      if (sent.emails || sent.failed) this.logger.info(sent, 'alert e-mails');
      return sent;
    } catch (err) {
      // a store that is away is said in one line (its circuit logs the outage), not a trace a minute
      if (storeAway(err)) this.logger.warn({ err: String(err) }, 'alert delivery failed; it is tried again');
      else this.logger.error({ err }, 'alert delivery failed');
      throw err;
    }
  }

  start(expression = EVERY_MINUTE): void {
    this.working = true;
    void this.jobs
      .work(ALERT_DELIVERY_KIND, { concurrency: 1 }, () => this.deliver().then(() => undefined))
      .catch((err: unknown) => this.logger.error({ err: String(err) }, 'the alert-delivery worker could not start'));
    // the minute's run: node-cron on each instance, one run across them (the queue keeps one waiting)
    this.task = schedule('alert delivery tick', expression, () => this.tick(), this.logger);
  }

  private async tick(): Promise<void> {
    try {
      await enqueueAlertDelivery(this.jobs, null);
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
