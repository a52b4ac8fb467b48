// Every minute: match the listing changes the index now holds against saved searches, then send the alert
// e-mails that are due (instant ones within about a minute of the event, daily ones at 08:00 UK time,
// weekly ones on Mondays at 08:00). Safe with several instances: see alert-matcher.ts and alert-delivery.ts.
import { EVERY_MINUTE, schedule, type Scheduled } from '../core/cron-schedule.ts';
import type { Logger } from '../core/logger.ts';
import type { AlertMatcher } from './alert-matcher.ts';
import type { AlertDelivery } from './alert-delivery.ts';

export class AlertJob {
  private task: Scheduled | null = null;

  constructor(
    readonly matcher: AlertMatcher,
    readonly delivery: AlertDelivery,
    private readonly logger: Logger,
  ) {}

  async runOnce(now = new Date()): Promise<void> {
    try {
      const matched = await this.matcher.runOnce(now);
      if (matched.events) this.logger.info(matched, 'alert events matched');
    } catch (err) {
      // the engine or the database is away: the checks stay for the next run; what is due is still sent
      this.logger.warn({ err }, 'alert matching failed; it is tried again next minute');
    }
    const sent = await this.delivery.runOnce(now);
    if (sent.emails || sent.failed) this.logger.info(sent, 'alert e-mails');
  }

  start(expression = EVERY_MINUTE): void {
    this.task = schedule('alert job', expression, () => this.runOnce(), this.logger);
  }

  async stop(): Promise<void> {
    await this.task?.stop();
    this.task = null;
  }
}
