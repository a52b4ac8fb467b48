// Prepares an import's pictures a few at a time in the order given, while the caller waits only for the
// ones it needs next. A failure is kept for whoever waits on that picture; once stopped, the pictures not
// yet begun are skipped (their waiters are let through) and the ones under way are waited for.
interface Pending {
  promise: Promise<void>;
  resolve: () => void;
  reject: (err: unknown) => void;
}

export class PictureQueue {
  private readonly pending = new Map<string, Pending>();
  private stopped = false;
  private readonly running: Promise<void>;

  constructor(names: string[], prepare: (name: string) => Promise<void>, atOnce: number) {
    const order = [...new Set(names)];
    for (const name of order) {
      let resolve!: () => void;
      let reject!: (err: unknown) => void;
      const promise = new Promise<void>((res, rej) => ((resolve = res), (reject = rej)));
      // a failure nobody waits for is no unhandled rejection: it is thrown to the group that needs it
      promise.catch(() => {});
      this.pending.set(name, { promise, resolve, reject });
    }
    let next = 0;
    const worker = async () => {
      while (next < order.length) {
        const p = this.pending.get(order[next++]!)!;
        if (this.stopped) {
          p.resolve();
          continue;
        }
        try {
          await prepare(order[next - 1]!);
          p.resolve();
        } catch (err) {
          p.reject(err);
        }
      }
    };
    this.running = Promise.all(Array.from({ length: Math.max(1, Math.min(atOnce, order.length)) }, worker)).then(() => {});
  }

  /** Waits until these pictures are prepared; throws what preparing one of them threw. */
  async ready(names: string[]): Promise<void> {
    await Promise.all(names.map((name) => this.pending.get(name)?.promise));
  }

  /** Begins no more pictures and waits for those under way. */
  async stop(): Promise<void> {
    this.stopped = true;
    await this.running;
  }
}
