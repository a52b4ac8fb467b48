// The mail delivery's role: woken at the commit of each change that enqueued an e-mail (NOTIFY on the
// outbox's channel, through a listener the assembly gives it), and every minute as the safety net. Never
// two runs at once in a process; several processes are safe (mail-delivery.ts).
import { CoalescedRun } from '../core/coalesced-run.ts';
import { EVERY_MINUTE, schedule, type Scheduled } from '../core/cron-schedule.ts';
import type { Logger } from '../core/logger.ts';
import type { MailDelivery } from './mail-delivery.ts';

/** what wakes the job at each commit that enqueued an e-mail */
export interface MailWakeUps {
  start(onChange: () => void): void;
  stop(): Promise<void>;
}

/** a wake-up waits this long, so that a burst of e-mails goes out in one run */
const WAKE_DELAY_MS = 100;

export class MailJob {
  private task: Scheduled | null = null;
  private wakeTimer: NodeJS.Timeout | null = null;

  constructor(
    readonly delivery: MailDelivery,
    private readonly logger: Logger,
    private readonly wakeUps?: MailWakeUps,
  ) {}

  /** Runs soon, once the job is started (a process that does not run it leaves the e-mails to another). */
  wake(): void {
    if (!this.task || this.wakeTimer) return;
    this.wakeTimer = setTimeout(() => {
      this.wakeTimer = null;
      void this.runs.run();
    }, WAKE_DELAY_MS);
  }

  start(expression = EVERY_MINUTE): void {
    this.task = schedule('e-mails', expression, () => this.runs.run(), this.logger);
    this.wakeUps?.start(() => this.wake());
  }

  async stop(): Promise<void> {
    const task = this.task;
    this.task = null;
    await this.wakeUps?.stop();
    if (this.wakeTimer) clearTimeout(this.wakeTimer);
    this.wakeTimer = null;
    await task?.stop();
    await this.runs.current;
  }

  private readonly runs = new CoalescedRun(
    async () => {
      try {
        const run = await this.delivery.runOnce();
        if (run.emails || run.failed) this.logger.info(run, 'e-mails');
      } catch (err) {
        this.logger.warn({ err: String(err) }, 'e-mails failed; they are tried again next minute');
      }
    },
    () => this.task !== null,
  );
}
