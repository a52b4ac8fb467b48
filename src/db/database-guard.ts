// A circuit breaker around every use of the database pool, as src/search/engine-guard.ts is around the
// engine. After a few statements in a row find the server out of reach, requests fail at once (503)
// instead of each waiting for its own connection error; while the circuit is open the server is probed
// every DATABASE_RETRY_AFTER_SECONDS (and the first request after that interval is let through), and the
// first success closes it. Every failure seen also moves the pool's generation on, so that connections
// opened before it are not handed out again (guarded-pool.ts).
import { BrokenCircuitError, CircuitState, ConsecutiveBreaker, circuitBreaker, handleWhen } from 'cockatiel';
import { DATABASE_RETRY_AFTER_SECONDS, DatabaseUnavailableError, isDatabaseUnreachable } from './database-unavailable.ts';

/** consecutive statements that found the server out of reach before the circuit opens */
const FAILURES_TO_OPEN = 3;

export class DatabaseGuard {
  private readonly breaker = circuitBreaker(handleWhen(isDatabaseUnreachable), {
    halfOpenAfter: DATABASE_RETRY_AFTER_SECONDS * 1000,
    breaker: new ConsecutiveBreaker(FAILURES_TO_OPEN),
  });
  private probeTimer: NodeJS.Timeout | null = null;
  /** moves on with every failure to reach the server: connections from an older generation are not reused */
  generation = 0;

  /** `probe` is one cheap statement run on its own connection, tried while the circuit is open. */
  constructor(private readonly probe?: () => Promise<unknown>) {
    this.breaker.onBreak(() => this.startProbing());
    this.breaker.onReset(() => this.stopProbing());
  }

  /** Runs one use of the database; DatabaseUnavailableError when the server is out of reach or the circuit is open. */
  async run<T>(use: () => Promise<T>): Promise<T> {
    try {
      return await this.breaker.execute(use);
    } catch (err) {
      if (err instanceof BrokenCircuitError) throw new DatabaseUnavailableError({ cause: err });
      if (isDatabaseUnreachable(err)) {
        this.generation++;
        throw err instanceof DatabaseUnavailableError ? err : new DatabaseUnavailableError({ cause: err });
      }
      throw err;
    }
  }

  /** A connection reported its loss outside a statement (an idle one closed by the server). */
  connectionLost(): void {
    this.generation++;
  }

  get isOpen(): boolean {
    return this.breaker.state === CircuitState.Open || this.breaker.state === CircuitState.HalfOpen;
  }

  /** Calls `listener` when the circuit opens (the server is out of reach), not again for a probe that fails while it is open; returns the unsubscriber. */
  onOpen(listener: () => void): () => void {
    let open = false;
    const opened = this.breaker.onBreak(() => {
      if (!open) listener();
      open = true;
    });
    const closed = this.breaker.onReset(() => (open = false));
    return () => {
      opened.dispose();
      closed.dispose();
    };
  }

  /** Calls `listener` when a statement succeeds after the circuit was open (the server is back). */
  onClose(listener: () => void): () => void {
    return this.breaker.onReset(listener).dispose;
  }

  /** Calls `listener` each time the open circuit lets one statement through to try the server again; returns the unsubscriber. */
  onTrial(listener: () => void): () => void {
    return this.breaker.onHalfOpen(listener).dispose;
  }

  stop(): void {
    this.stopProbing();
  }

  private startProbing(): void {
    const probe = this.probe;
    if (!probe || this.probeTimer) return;
    // refused at once until the circuit lets one statement through (after halfOpenAfter)
    this.probeTimer = setInterval(() => void this.run(probe).catch(() => undefined), 500);
    this.probeTimer.unref();
  }

  private stopProbing(): void {
    if (this.probeTimer) clearInterval(this.probeTimer);
    this.probeTimer = null;
  }
}
