// Sends the e-mails of progress changes: woken by each change (wake()), and every minute as the safety
// net. Never two runs at once in a process; several processes are safe (progress-mail-delivery.ts).
import { CoalescedRun } from '../core/coalesced-run.ts';
import { EVERY_MINUTE, schedule, type Scheduled } from '../core/cron-schedule.ts';
import type { Logger } from '../core/logger.ts';
import type { ProgressMailDelivery } from './progress-mail-delivery.ts';

/** a wake-up waits this long, so that a burst of changes goes out in one run */
const WAKE_DELAY_MS = 200;

export class ProgressMailJob {
  private task: Scheduled | null = null;
  private wakeTimer: NodeJS.Timeout | null = null;

  constructor(
    readonly delivery: ProgressMailDelivery,
    private readonly logger: Logger,
  ) {}

  /** Runs soon, once the job is started (a process that does not run it leaves the changes to another). */
  wake(): void {
    if (!this.task || this.wakeTimer) return;
    this.wakeTimer = setTimeout(() => {
      this.wakeTimer = null;
      void this.runExclusive();
    }, WAKE_DELAY_MS);
  }

  start(expression = EVERY_MINUTE): void {
    this.task = schedule('progress e-mails', expression, () => this.runExclusive(), this.logger);
  }

  async stop(): Promise<void> {
    const task = this.task;
    this.task = null;
    if (this.wakeTimer) clearTimeout(this.wakeTimer);
    this.wakeTimer = null;
    await task?.stop();
    await this.runs.current;
  }

  private readonly runs = new CoalescedRun(
    async () => {
      try {
        const run = await this.delivery.runOnce();
        if (run.emails || run.failed) this.logger.info(run, 'progress e-mails');
      } catch (err) {
        this.logger.warn({ err: String(err) }, 'progress e-mails failed; they are tried again next minute');
      }
    },
    () => this.task !== null,
  );

  private runExclusive(): Promise<void> {
    return this.runs.run();
  }
}
