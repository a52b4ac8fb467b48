// What a request that needs the database answers while the database is out of reach: 503 with the
// service's own message and Retry-After, never a driver's text or a stack trace in the log.
import { AppError } from '../core/errors.ts';

/** Seconds a client should wait before trying again: about when the circuit lets a request through again. */
export const DATABASE_RETRY_AFTER_SECONDS = 2;

export class DatabaseUnavailableError extends AppError {
  constructor(options?: { cause?: unknown }) {
    super(503, 'The service is temporarily unavailable; please retry shortly', { 'Retry-After': String(DATABASE_RETRY_AFTER_SECONDS) });
    if (options?.cause !== undefined) this.cause = options.cause;
  }
}

// Node's and node-postgres's codes for a server that cannot be reached or went away mid-way
const UNREACHABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
// PostgreSQL's own: shutting down or crashed (57P01-57P03), and the connection-exception class (08)
const SERVER_GOING_CODES = /^(57P0[123]|08...)$/;
// node-postgres reports a lost connection, a connect timeout and a dead client by message alone
const LOST_MESSAGES = /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error and is not queryable|Client was closed and is not queryable)/;
// Prisma's codes for a database it cannot reach, a connection that closed, and a pool wait that timed out
const PRISMA_CODES = new Set(['P1001', 'P1002', 'P1017', 'P2024']);

/** The error says the database could not be reached or the connection was lost (not: the database refused a statement). */
export function isDatabaseUnreachable(err: unknown): boolean {
  if (err instanceof DatabaseUnavailableError) return true;
  if (typeof err !== 'object' || err === null) return false;
  const { code, message, name } = err as { code?: unknown; message?: unknown; name?: unknown };
  if (typeof code === 'string' && (UNREACHABLE_CODES.has(code) || SERVER_GOING_CODES.test(code) || PRISMA_CODES.has(code))) return true;
  if (name === 'PrismaClientInitializationError') return true;
  return typeof message === 'string' && LOST_MESSAGES.test(message);
}

/** The database out of reach, however the driver or Prisma reported it, as the service's 503 (for the error middleware). */
export function asDatabaseUnavailable(err: unknown): DatabaseUnavailableError | null {
  return isDatabaseUnreachable(err) ? new DatabaseUnavailableError({ cause: err }) : null;
}
