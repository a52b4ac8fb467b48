// The alert-check role: this instance's worker of the `alert-check` job kind, which takes up to a batch of
// checks at once (alert-checks.ts) and matches them in one transaction (alert-matcher.ts). A batch that
// recorded matches enqueues a run of the alert delivery in that transaction (alert-delivery-jobs.ts), so
// that instant alerts go out at once.
import type { Logger } from '../core/logger.ts';
import type { JobQueue } from '../db/job-queue.ts';
import type { AlertMatcher } from './alert-matcher.ts';
import { ALERT_CHECK_BATCH, ALERT_CHECK_KIND, type AlertCheckData } from './alert-checks.ts';

export class AlertCheckJob {
  private working = false;

  constructor(
    private readonly matcher: AlertMatcher,
    private readonly jobs: JobQueue,
    private readonly logger: Logger,
  ) {}

  start(): void {
    this.working = true;
    void this.jobs
      .workBatches<AlertCheckData>(ALERT_CHECK_KIND, { concurrency: 1, batch: ALERT_CHECK_BATCH }, async (checks) => {
        const run = await this.matcher.check(checks);
        if (run.events) this.logger.info({ checked: run.checked, events: run.events, matches: run.matches }, 'alert events matched');
        return run.waiting;
      })
      .catch((err: unknown) => this.logger.error({ err: String(err) }, 'the alert-check worker could not start'));
  }

  async stop(): Promise<void> {
    if (!this.working) return;
    this.working = false;
    await this.jobs.offWork(ALERT_CHECK_KIND);
  }
}
