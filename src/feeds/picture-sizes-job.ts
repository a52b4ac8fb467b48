// The picture sizes job's role: this instance's worker of the `picture-sizes` kind on the job queue, one
// job (up to PICTURES_A_JOB pictures) at a time. Any instance may take a job: the pictures are in the
// shared store. A job whose instance died is run again elsewhere once its heartbeat stops; the sizes it
// made are not made again.
import type { Logger } from '../core/logger.ts';
import type { JobQueue } from '../db/job-queue.ts';
import { PICTURE_SIZES_KIND, type PictureSizes, type PictureSizesJobData } from './picture-sizes.ts';

export class PictureSizesJob {
  private working = false;

  constructor(
    readonly sizes: PictureSizes,
    private readonly jobs: JobQueue,
    private readonly logger: Logger,
    private readonly atOnce = 1,
  ) {}

  start(): void {
    this.working = true;
    void this.jobs
      .work<PictureSizesJobData>(PICTURE_SIZES_KIND, { concurrency: this.atOnce }, (data) => this.sizes.run(data))
      .catch((err: unknown) => this.logger.error({ err: String(err) }, 'the picture sizes worker could not start'));
  }

  async stop(): Promise<void> {
    if (!this.working) return;
    this.working = false;
    await this.jobs.offWork(PICTURE_SIZES_KIND);
  }
}
