// The feed import job: runs queued imports one at a time in this process (any number of processes may
// run it; each import is claimed by one), woken when an import is queued and every few seconds.
import type { Logger } from '../core/logger.ts';
import type { FeedImportService } from './feed-import-service.ts';

export class FeedImportJob {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = true;
  /** rows written by this process since it started (the job's progress in /metrics) */
  rowsWritten = 0;
  importsRun = 0;

  constructor(
    private readonly imports: FeedImportService,
    private readonly logger: Logger,
    private readonly pollMs: number,
    /** hears of the listings an import changed */
    private readonly onListings: (ids: number[]) => void = () => {},
  ) {}

  start(): void {
    this.stopped = false;
    this.timer = setInterval(() => this.nudge(), this.pollMs);
    this.timer.unref();
    this.nudge();
  }

  /** Runs the queued imports now (or right after the one being run). */
  nudge(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.drain().finally(() => {
      this.running = null;
      if (this.again) {
        this.again = false;
        this.nudge();
      }
    });
  }

  /** Runs every queued import; resolves when none waits. */
  async drain(): Promise<void> {
    for (;;) {
      const job = await this.imports.claim().catch((err: unknown) => {
        this.logger.warn({ err }, 'feed import job: could not claim an import');
        return null;
      });
      if (!job) return;
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
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    await this.running;
  }
}
