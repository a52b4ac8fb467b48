// The feed import job's role: this instance's worker of the `feed-import-job` kind on the job queue,
// up to `atOnce` imports at a time. The kind's key_strict_fifo policy runs an account's imports one after
// another, in the order they came, on whichever instance takes them, and never holds another account's
// back. An import whose instance died is run again elsewhere once the job's heartbeat stops.
import type { Logger } from '../core/logger.ts';
import type { JobQueue } from '../db/job-queue.ts';
import type { FeedImport } from '../generated/prisma/client.ts';
import { FEED_IMPORT_KIND, type FeedImportJobData, type FeedImportService } from './feed-import-service.ts';

export class FeedImportJob {
  private working = false;
  /** rows written by this process since it started (the job's progress in /metrics) */
  rowsWritten = 0;
  importsRun = 0;

  constructor(
    private readonly imports: FeedImportService,
    private readonly jobs: JobQueue,
    private readonly logger: Logger,
    private readonly atOnce = 2,
    /** hears of the listings an import changed */
    private readonly onListings: (ids: number[]) => void = () => {},
  ) {}

  start(): void {
    this.working = true;
    void this.jobs
      .work<FeedImportJobData>(FEED_IMPORT_KIND, { concurrency: this.atOnce }, async ({ import: id }) => {
        const job = await this.imports.begin(id);
        if (job) await this.runOne(job);
      })
      .then(() => this.imports.enqueueStrays())
      .catch((err: unknown) => this.logger.error({ err: String(err) }, 'the feed import worker could not start'));
  }

  /** An import's own failure ends it as failed (its report says so) and completes its job: sending the file again is the provider's remedy. */
  private async runOne(job: FeedImport): Promise<void> {
    const started = Date.now();
    try {
      const listings = await this.imports.run(job, (rows) => (this.rowsWritten += rows));
      this.importsRun++;
      this.onListings(listings);
      this.logger.info({ importId: job.id, ms: Date.now() - started }, 'feed import done');
    } catch (err) {
      this.logger.error({ err, importId: job.id }, 'feed import failed');
      await this.imports.fail(job.id, 'the import stopped on an internal error; send the file again').catch(() => {});
    }
  }

  async stop(): Promise<void> {
    if (!this.working) return;
    this.working = false;
    await this.jobs.offWork(FEED_IMPORT_KIND);
  }
}
