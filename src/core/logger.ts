import { pino, type Logger } from 'pino';

export type { Logger };

/** JSON lines on stdout; each request gets a child logger carrying its request id. */
export function createLogger(level: string): Logger {
  return pino({ level, base: undefined, timestamp: pino.stdTimeFunctions.isoTime });
}
