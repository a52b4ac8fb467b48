// The mail-delivery role: this instance's worker of the `mail-delivery` job kind on the job queue, which
// wakes it at the commit of each change that enqueued an e-mail (LISTEN/NOTIFY) and shares the jobs among
// the instances that run the role. An instance takes up to ten at a time and sends them one after the
// other, in the order they were enqueued.
import type { Logger } from '../core/logger.ts';
import type { JobQueue } from '../db/job-queue.ts';
import type { MailDelivery } from './mail-delivery.ts';
import { MAIL_KIND, mailOrder, type MailJobData } from './mail-outbox.ts';

export class MailJob {
  private working = false;

  constructor(
    readonly delivery: MailDelivery,
    private readonly jobs: JobQueue,
    private readonly logger: Logger,
  ) {}

  start(): void {
    this.working = true;
    void this.jobs
      .work<MailJobData>(MAIL_KIND, { concurrency: 1, batch: 10, order: mailOrder }, async (data) => {
        await this.delivery.deliver(data);
      })
      .then(() => this.delivery.enqueueStrays())
      .catch((err: unknown) => this.logger.error({ err: String(err) }, 'the mail-delivery worker could not start'));
  }

  async stop(): Promise<void> {
    if (!this.working) return;
    this.working = false;
    await this.jobs.offWork(MAIL_KIND);
  }
}
