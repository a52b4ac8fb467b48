// A circuit breaker around every request to the engine, from both HTTP paths of the search client.
// After a few requests in a row find the node out of reach, requests fail at once (503) instead of each
// waiting for its own connection error; every SEARCH_RETRY_AFTER_SECONDS one request is let through to
// see whether the node is back, and the first that succeeds closes the circuit.
import { BrokenCircuitError, ConsecutiveBreaker, circuitBreaker, handleWhen } from 'cockatiel';
import { errors } from '@elastic/elasticsearch';
import { SEARCH_RETRY_AFTER_SECONDS, SearchUnavailableError } from './search-unavailable.ts';

/** consecutive requests that found the node out of reach before the circuit opens */
const FAILURES_TO_OPEN = 3;

// undici's and the system's codes for a node that cannot be reached or stopped answering mid-way
const UNREACHABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_SOCKET',
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
]);

/** The node could not be reached or did not answer in time (not: it answered with an error). */
export function isUnreachable(err: unknown): boolean {
  if (err instanceof errors.ConnectionError || err instanceof errors.TimeoutError || err instanceof errors.NoLivingConnectionsError) return true;
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' && UNREACHABLE_CODES.has(code);
}

/** The node answered that it cannot serve now (a proxy in front of it, or shards not yet allocated after a restart). */
function answeredUnavailable(err: unknown): boolean {
  return err instanceof errors.ResponseError && [502, 503, 504].includes(err.statusCode ?? 0);
}

export class EngineGuard {
  private readonly breaker = circuitBreaker(handleWhen(isUnreachable), {
    halfOpenAfter: SEARCH_RETRY_AFTER_SECONDS * 1000,
    breaker: new ConsecutiveBreaker(FAILURES_TO_OPEN),
  });

  private readonly attempts = new Set<() => void>();

  /** Runs one request to the engine; SearchUnavailableError when the engine is out of reach or the circuit is open. */
  async run<T>(request: () => Promise<T>): Promise<T> {
    try {
      return await this.breaker.execute(() => {
        for (const listener of this.attempts) listener();
        return request();
      });
    } catch (err) {
      if (err instanceof BrokenCircuitError || isUnreachable(err) || answeredUnavailable(err)) throw new SearchUnavailableError({ cause: err });
      throw err;
    }
  }

  /** Calls `listener` when the circuit opens (the node is out of reach); returns the unsubscriber. */
  onOpen(listener: () => void): () => void {
    const { dispose } = this.breaker.onBreak(listener);
    return dispose;
  }

  /** Calls `listener` each time a request goes to the engine (not refused by the open circuit); returns the unsubscriber. */
  onAttempt(listener: () => void): () => void {
    this.attempts.add(listener);
    return () => this.attempts.delete(listener);
  }

  /** Calls `listener` each time the open circuit lets one request through to try the node again; returns the unsubscriber. */
  onTrial(listener: () => void): () => void {
    return this.breaker.onHalfOpen(listener).dispose;
  }

  /** Calls `listener` when a request succeeds after the circuit was open (the node is back). */
  onClose(listener: () => void): () => void {
    const { dispose } = this.breaker.onReset(listener);
    return dispose;
  }
}
