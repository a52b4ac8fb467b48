// Makes indexed changes searchable sooner than the index's own refresh interval (500 ms) without
// refreshing more often than once per `minGapMs`: a refresh asked for within the gap is coalesced into
// one at its end. Every refresh starts new segments and empties the shard request cache, hence the gap.
import type { Logger } from '../core/logger.ts';

export class RefreshScheduler {
  private last = 0;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private targets = new Set<string>();

  constructor(
    private readonly refresh: (targets: string[]) => Promise<void>,
    private readonly minGapMs: number,
    private readonly logger: Logger,
  ) {}

  /** Asks for these indices to be refreshed; 0 as the gap leaves it to the refresh interval. */
  request(targets: string[]): void {
    if (this.minGapMs <= 0) return;
    for (const t of targets) this.targets.add(t);
    if (this.timer || this.running) return;
    const wait = Math.max(0, this.last + this.minGapMs - Date.now());
    this.timer = setTimeout(() => {
      this.timer = null;
      this.running = this.run().finally(() => {
        this.running = null;
        if (this.targets.size) this.request([]);
      });
    }, wait);
  }

  async stop(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.targets.clear();
    await this.running;
  }

  private async run(): Promise<void> {
    const targets = [...this.targets];
    this.targets.clear();
    this.last = Date.now();
    try {
      await this.refresh(targets);
    } catch (err) {
      // the refresh interval makes the change searchable within a second anyway
      this.logger.debug({ err: String(err) }, 'index refresh after a batch failed');
    }
  }
}
