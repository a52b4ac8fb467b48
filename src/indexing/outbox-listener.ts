// Wakes the reindex worker as soon as a write commits: markListingsChanged sends NOTIFY on
// OUTBOX_CHANNEL in the write's transaction, which PostgreSQL delivers at commit. One connection of
// its own (a pooled one cannot hold LISTEN), reconnected with backoff; the worker's poll stays as the
// safety net for a notification missed while the connection was down.
import pg from 'pg';
import type { Logger } from '../core/logger.ts';
import { OUTBOX_CHANNEL } from '../sync/outbox.ts';

export class OutboxListener {
  private client: pg.Client | null = null;
  private stopped = true;
  private retry: NodeJS.Timeout | null = null;
  private failures = 0;

  constructor(
    private readonly databaseUrl: string,
    private readonly logger: Logger,
    /** the channel listened to: the listing outbox's, or another outbox's (the e-mails', mail/mail-outbox.ts) */
    private readonly channel: string = OUTBOX_CHANNEL,
  ) {}

  start(onChange: () => void): void {
    if (!this.stopped) return;
    this.stopped = false;
    void this.connect(onChange);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.retry) clearTimeout(this.retry);
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => undefined);
  }

  private async connect(onChange: () => void): Promise<void> {
    const client = new pg.Client({ connectionString: this.databaseUrl, application_name: this.channel === OUTBOX_CHANNEL ? 'outbox-listener' : `${this.channel}-listener` });
    const lost = (err?: Error) => {
      if (this.client !== client) return;
      this.client = null;
      client.end().catch(() => undefined);
      this.reconnectLater(onChange, err);
    };
    client.on('error', lost);
    client.on('end', () => lost());
    client.on('notification', () => onChange());
    try {
      await client.connect();
      await client.query(`LISTEN ${this.channel}`);
    } catch (err) {
      await client.end().catch(() => undefined);
      this.reconnectLater(onChange, err as Error);
      return;
    }
    if (this.stopped) {
      await client.end().catch(() => undefined);
      return;
    }
    this.client = client;
    this.failures = 0;
    // changes committed while it was away are found by this wake-up rather than the next poll
    onChange();
  }

  private reconnectLater(onChange: () => void, err?: Error): void {
    if (this.stopped) return;
    this.failures++;
    const delay = Math.min(30_000, 250 * 2 ** Math.min(this.failures, 7));
    if (this.failures === 1)
      this.logger.warn(
        { err: err ? String(err) : undefined, retryInMs: delay },
        'outbox listener lost its connection; polling until it is back',
      );
    this.retry = setTimeout(() => void this.connect(onChange), delay);
  }
}
