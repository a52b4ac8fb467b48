// Send the alert e-mails that are due (instant ones at once, daily ones at 08:00 UK time, weekly ones on
// Mondays at 08:00): woken as soon as a batch of checks recorded matches (wake(), from the alert-check
// role, alert-check-job.ts), and every minute as the safety net. Safe with several instances: see
// alert-delivery.ts. The matching itself is the alert-check job kind's (alert-checks.ts).
import { CoalescedRun } from '../core/coalesced-run.ts';
import { EVERY_MINUTE, schedule, type Scheduled } from '../core/cron-schedule.ts';
import type { Logger } from '../core/logger.ts';
import type { AlertMatcher } from './alert-matcher.ts';
import type { AlertDelivery } from './alert-delivery.ts';
import { isDatabaseUnreachable } from '../db/database-unavailable.ts';
import { SearchUnavailableError } from '../search/search-unavailable.ts';

/** a wake-up waits this long, so that the batches of a burst of writes are matched together */
const WAKE_DELAY_MS = 250;

export class AlertJob {
  private task: Scheduled | null = null;
  /** the run under way (woken or scheduled: never two at once) */
  /** woken while a run was under way: one more follows it */
  private wakeTimer: NodeJS.Timeout | null = null;
  private stopped = false;

  constructor(
    readonly matcher: AlertMatcher,
    readonly delivery: AlertDelivery,
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

  /** Sends the alert e-mails due now (the role's run). */
  async deliverOnce(now = new Date()): Promise<void> {
    const sent = await this.delivery.runOnce(now);
    if (sent.emails || sent.failed) this.logger.info(sent, 'alert e-mails');
  }

  /** Runs soon (a batch of checks recorded matches): after the run under way, if one is. */
  wake(): void {
    if (this.stopped || this.wakeTimer) return;
    this.wakeTimer = setTimeout(() => {
      this.wakeTimer = null;
      void this.runExclusive();
    }, WAKE_DELAY_MS);
  }

  start(expression = EVERY_MINUTE): void {
    this.task = schedule('alert job', expression, () => this.runExclusive(), this.logger);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.wakeTimer) clearTimeout(this.wakeTimer);
    this.wakeTimer = null;
    await this.task?.stop();
    this.task = null;
    await this.runs.current;
  }

  private readonly runs = new CoalescedRun(
    async () => {
      try {
        await this.deliverOnce();
      } catch (err) {
        // a store that is away is said in one line (its circuit logs the outage), not a trace a minute
        if (storeAway(err)) this.logger.warn({ err: String(err) }, 'alert job failed; it is tried again next minute');
        else this.logger.error({ err }, 'alert job failed');
      }
    },
    () => !this.stopped,
  );

  private runExclusive(): Promise<void> {
    return this.runs.run();
  }
}

const storeAway = (err: unknown) => err instanceof SearchUnavailableError || isDatabaseUnreachable(err);
