// What a request that needs the search engine answers while the engine is out of reach: 503 with the
// service's own message, never the engine's or a library's text.
import { AppError } from '../core/errors.ts';

/** Seconds a client should wait before trying again: about when the circuit lets a request through again. */
export const SEARCH_RETRY_AFTER_SECONDS = 2;

export class SearchUnavailableError extends AppError {
  constructor(options?: { cause?: unknown }) {
    super(503, 'Search is temporarily unavailable; please retry shortly', { 'Retry-After': String(SEARCH_RETRY_AFTER_SECONDS) });
    if (options?.cause !== undefined) this.cause = options.cause;
  }
}
