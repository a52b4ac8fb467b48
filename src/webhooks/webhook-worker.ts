// Sends the queued lead deliveries. Several instances can run it side by side: each claims rows with
// FOR UPDATE SKIP LOCKED in one short statement that also leases them (nextAttemptAt moves past the time
// an attempt may take), then posts them with no transaction or connection held. A lead's later event
// waits while an earlier one is still pending, so each lead's events arrive in order.
//
// A slow or failing endpoint cannot hold up the portal (nothing waits for a delivery) nor other
// accounts' deliveries: at most `maxInFlight` posts run at once in a process, at most `perAccount` of
// them for one account, and each claim takes at most `perAccount` rows of any account.
import type { PrismaClient } from '../db/prisma.ts';
import type { Logger } from '../core/logger.ts';
import type { AttemptResult, WebhookSender } from './webhook-sender.ts';

export interface WebhookWorkerOptions {
  /** how often an idle worker looks for due deliveries */
  pollMs: number;
  /** first retry after this long, doubling with each failure up to `maxBackoffMs` */
  backoffBaseMs: number;
  maxBackoffMs: number;
  /** posts under way at once in this process */
  maxInFlight: number;
  /** posts under way at once for one account */
  perAccount: number;
  /** how long a claimed row stays leased: longer than an attempt may take */
  leaseMs: number;
}

interface Claimed {
  id: number;
  accountId: number;
  leadId: number;
  body: string;
  attempts: number;
  retryUntil: Date;
  url: string | null;
  secret: string | null;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms).unref());

/** Deliveries pending, and of them those due now (metrics); one aggregate over the pending rows. */
export async function webhookBacklog(prisma: Pick<PrismaClient, '$queryRaw'>): Promise<{ pending: number; due: number }> {
  const [row] = await prisma.$queryRaw<{ pending: number; due: number }[]>`
    SELECT count(*)::int AS pending, count(*) FILTER (WHERE "nextAttemptAt" <= now())::int AS due
    FROM "WebhookDelivery" WHERE status = 'pending'`;
  return { pending: row?.pending ?? 0, due: row?.due ?? 0 };
}

/** The delay before the attempt after `attempts` failed ones. */
export function backoffDelay(attempts: number, baseMs: number, maxMs: number): number {
  return Math.min(maxMs, baseMs * 2 ** Math.min(Math.max(attempts - 1, 0), 30));
}

export class WebhookWorker {
  private running = false;
  private loop: Promise<void> | null = null;
  private wake: (() => void) | null = null;
  private readonly perAccountInFlight = new Map<number, number>();
  private readonly inFlight = new Set<Promise<void>>();
  private readonly stopping = new AbortController();

  constructor(
    private readonly prisma: PrismaClient,
    private readonly sender: WebhookSender,
    private readonly logger: Logger,
    private readonly options: WebhookWorkerOptions,
  ) {}

  start(): void {
    if (this.running) return;
    this.running = true;
    this.loop = this.run();
  }

  /** Stops claiming; posts under way are cut short and recorded as failed attempts (retried later). */
  /** Looks for due deliveries at once instead of at the end of its pause or backoff (the database is back). */
  nudge(): void {
    this.wake?.();
  }

  async stop(): Promise<void> {
    if (!this.running) return;
    this.running = false;
    this.wake?.();
    await this.loop;
    this.stopping.abort();
    await Promise.allSettled([...this.inFlight]);
    await this.sender.close();
    this.loop = null;
  }

  /** Claims what is due and the worker has room for, and starts posting it; returns how many it took. */
  async fill(): Promise<number> {
    const room = this.options.maxInFlight - this.inFlight.size;
    if (room <= 0) return 0;
    const rows = await this.claim(room, this.perAccountInFlight);
    for (const row of rows) this.begin(row);
    return rows.length;
  }

  /** Posts everything due until nothing is (tests): waits for the posts it starts. */
  async drain(): Promise<void> {
    for (;;) {
      const taken = await this.fill();
      if (taken === 0 && this.inFlight.size === 0) return;
      await Promise.race([...this.inFlight]);
    }
  }

  private begin(row: Claimed): void {
    this.perAccountInFlight.set(row.accountId, (this.perAccountInFlight.get(row.accountId) ?? 0) + 1);
    const done = this.attempt(row)
      .catch((err: unknown) =>
        this.logger.error({ err, deliveryId: row.id }, 'webhook delivery could not be recorded; it is retried when its lease ends'),
      )
      .finally(() => {
        this.inFlight.delete(done);
        const left = (this.perAccountInFlight.get(row.accountId) ?? 1) - 1;
        if (left > 0) this.perAccountInFlight.set(row.accountId, left);
        else this.perAccountInFlight.delete(row.accountId);
        this.wake?.();
      });
    this.inFlight.add(done);
  }

  private async attempt(row: Claimed): Promise<void> {
    const result: AttemptResult =
      row.url === null || row.secret === null
        ? { delivered: false, statusCode: null, error: 'the account has no webhook endpoint' }
        : await this.sender.post(row.url, row.secret, row.body, this.stopping.signal);
    const log = { deliveryId: row.id, accountId: row.accountId, leadId: row.leadId, attempt: row.attempts, statusCode: result.statusCode };
    if (result.delivered) {
      this.logger.info(log, 'webhook delivered');
      await this.prisma.$executeRaw`
        UPDATE "WebhookDelivery" SET status = 'delivered', "deliveredAt" = now(), "lastStatusCode" = ${result.statusCode}, "lastError" = NULL
        WHERE id = ${row.id}`;
      return;
    }
    const next = new Date(Date.now() + backoffDelay(row.attempts, this.options.backoffBaseMs, this.options.maxBackoffMs));
    const givesUp = row.url === null || next > row.retryUntil;
    this.logger.warn(
      { ...log, error: result.error, retryAt: givesUp ? null : next },
      givesUp ? 'webhook delivery failed for good' : 'webhook delivery failed; will retry',
    );
    await this.prisma.$executeRaw`
      UPDATE "WebhookDelivery" SET status = ${givesUp ? 'failed' : 'pending'}, "nextAttemptAt" = ${givesUp ? new Date() : next},
        "lastStatusCode" = ${result.statusCode}, "lastError" = ${result.error}
      WHERE id = ${row.id}`;
  }

  /**
   * Due deliveries whose lead has no earlier one pending, for each account as many as it has room for
   * (`perAccount` less its posts under way here; the ones due longest first), `limit` in all; leased and
   * counted as an attempt.
   */
  private async claim(limit: number, busy: Map<number, number>): Promise<Claimed[]> {
    const leaseSeconds = this.options.leaseMs / 1000;
    const busyAccounts = [...busy.keys()];
    const busyCounts = [...busy.values()];
    return this.prisma.$queryRaw<Claimed[]>`
      WITH ready AS (
        SELECT d.id, d."accountId", row_number() OVER (PARTITION BY d."accountId" ORDER BY d."nextAttemptAt", d.id) AS rank
        FROM "WebhookDelivery" d
        WHERE d.status = 'pending' AND d."nextAttemptAt" <= now()
          AND NOT EXISTS (SELECT 1 FROM "WebhookDelivery" e WHERE e."leadId" = d."leadId" AND e.status = 'pending' AND e.id < d.id)
      ), picked AS (
        SELECT id FROM "WebhookDelivery"
        WHERE id IN (
          SELECT r.id FROM ready r LEFT JOIN unnest(${busyAccounts}::int[], ${busyCounts}::int[]) AS b("accountId", posts) ON b."accountId" = r."accountId"
          WHERE r.rank <= ${this.options.perAccount}::int - coalesce(b.posts, 0)
          ORDER BY r.rank, r.id LIMIT ${limit}::int)
          AND status = 'pending' AND "nextAttemptAt" <= now()
        FOR UPDATE SKIP LOCKED
      ), claimed AS (
        UPDATE "WebhookDelivery" d SET "nextAttemptAt" = now() + make_interval(secs => ${leaseSeconds}::float8), attempts = d.attempts + 1
        FROM picked WHERE d.id = picked.id
        RETURNING d.id, d."accountId", d."leadId", d.body, d.attempts, d."retryUntil"
      )
      SELECT c.*, w.url, w.secret FROM claimed c LEFT JOIN "WebhookEndpoint" w ON w."accountId" = c."accountId"`;
  }

  private async run(): Promise<void> {
    let failures = 0;
    while (this.running) {
      let taken: number;
      try {
        taken = await this.fill();
        failures = 0;
      } catch (err) {
        failures++;
        const delay = Math.min(30_000, this.options.pollMs * 2 ** Math.min(failures, 10));
        if (failures === 1 || failures % 10 === 0)
          this.logger.warn({ err: String(err), failures, retryInMs: delay }, 'webhook worker cannot claim deliveries; will retry');
        await this.pause(delay);
        continue;
      }
      // full: wait for a post to end; otherwise look again after the poll interval (at once if it took some)
      const full = this.inFlight.size >= this.options.maxInFlight;
      if (full || taken === 0) await this.pause(full ? 60_000 : this.options.pollMs);
    }
  }

  private pause(ms: number): Promise<void> {
    return Promise.race([sleep(ms).then(() => undefined), new Promise<void>((resolve) => (this.wake = resolve))]);
  }
}
