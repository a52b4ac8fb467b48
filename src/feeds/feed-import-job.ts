// The feed import job: runs queued imports in this process, up to `atOnce` at a time and never two of
// one account (any number of processes may run it; each import is claimed by one), woken when an import
// is queued and every few seconds. One account's long file never makes another account's wait for it.
import type { Logger } from '../core/logger.ts';
import type { FeedImport } from '../generated/prisma/client.ts';
import type { FeedImportService } from './feed-import-service.ts';

export class FeedImportJob {
  private timer: NodeJS.Timeout | null = null;
  private claiming: Promise<void> | null = null;
  private again = false;
  private stopped = true;
  private readonly running = new Set<Promise<void>>();
  /** rows written by this process since it started (the job's progress in /metrics) */
  rowsWritten = 0;
  importsRun = 0;

  constructor(
    private readonly imports: FeedImportService,
    private readonly logger: Logger,
    private readonly pollMs: number,
    private readonly atOnce = 2,
    /** hears of the listings an import changed */
    private readonly onListings: (ids: number[]) => void = () => {},
  ) {}

  start(): void {
    this.stopped = false;
    this.timer = setInterval(() => this.nudge(), this.pollMs);
    this.timer.unref();
    this.nudge();
  }

  /** Claims queued imports now, as many as there are free places (or right after the claims under way). */
  nudge(): void {
    if (this.stopped) return;
    if (this.claiming) {
      this.again = true;
      return;
    }
    this.claiming = this.fill().finally(() => {
      this.claiming = null;
      if (this.again) {
        this.again = false;
        this.nudge();
      }
    });
  }

  private async fill(): Promise<void> {
    while (!this.stopped && this.running.size < this.atOnce) {
      const job = await this.imports.claim().catch((err: unknown) => {
        this.logger.warn({ err }, 'feed import job: could not claim an import');
        return null;
      });
      if (!job) return;
      const run: Promise<void> = this.runOne(job).finally(() => {
        this.running.delete(run);
        // a place is free, and an account's next import may now be taken
        this.nudge();
      });
      this.running.add(run);
    }
  }

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
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    await this.claiming;
    await Promise.all(this.running);
  }
}
