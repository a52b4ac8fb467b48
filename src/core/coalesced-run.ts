// A background job's runs, one at a time: a call while one runs asks for one more run after it (the
// changes that woke it are then seen), never a second run beside it.
export class CoalescedRun {
  private running: Promise<void> | null = null;
  private again = false;

  /** `once` handles its own errors; `goOn` says whether a run asked for meanwhile still happens */
  constructor(
    private readonly once: () => Promise<void>,
    private readonly goOn: () => boolean,
  ) {}

  run(): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      do {
        this.again = false;
        await this.once();
      } while (this.again && this.goOn());
    })().finally(() => (this.running = null));
    return this.running;
  }

  /** the run under way, if any (awaited when the job stops) */
  get current(): Promise<void> | null {
    return this.running;
  }
}
