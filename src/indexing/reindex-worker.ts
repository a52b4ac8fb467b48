// Drains the listing outbox into the search index. Several instances can run side by side: each takes
// rows with FOR UPDATE SKIP LOCKED and deletes them only once the engine has accepted the documents.
// While the engine is down the transaction rolls back, the rows stay, and the worker backs off.
// A committed write wakes it at once (outbox-listener.ts); polling is the safety net.
import type { PrismaClient } from '../db/prisma.ts';
import type { Logger } from '../core/logger.ts';
import type { ListingIndexer } from './listing-indexer.ts';
import { indexTargets } from './index-targets.ts';
import { withDeadline } from '../core/deadline.ts';
import type { OutboxListener } from './outbox-listener.ts';
import type { RefreshScheduler } from './refresh-scheduler.ts';

export interface WorkerOptions {
  alias: string;
  batchSize?: number;
  pollMs?: number;
  maxBackoffMs?: number;
  /** rows that failed this many times are left for inspection and no longer retried */
  maxAttempts?: number;
  /** a batch not ended after this long is given up (its transaction rolled back, its rows free for any worker) */
  batchTimeoutMs?: number;
  /** told of each batch and failure (metrics) */
  observer?: ReindexObserver;
  /** wakes the worker when a write commits (LISTEN/NOTIFY) */
  listener?: OutboxListener;
  /** refreshes the written indices after each batch, sooner than their refresh interval */
  refresher?: RefreshScheduler;
}

/** A batch the worker committed: documents the engine accepted and refused, and for each accepted one the seconds from its change to then. */
export interface BatchOutcome {
  indexed: number;
  rejected: number;
  lagSeconds: number[];
  /** the indices written */
  targets: string[];
}

export interface ReindexObserver {
  batch(outcome: BatchOutcome): void;
  /** a batch that could not run: the engine or the database unavailable */
  failure(): void;
}

/** attempts after which an outbox row is left for `npm run index:check` to show */
export const MAX_ATTEMPTS = 10;
const BACKOFF_BASE_MS = 200;
/** a batch's bound: its engine requests time out after 30 s (one retry); a batch that takes longer holds its rows from every other worker */
const BATCH_TIMEOUT_MS = 60_000;

/** after the transaction's own timeout, the time its rollback may take */
const GIVE_UP_GRACE_MS = 5_000;

function sleep(ms: number): { promise: Promise<void>; cancel: () => void } {
  let timeout: NodeJS.Timeout | undefined;
  const promise = new Promise<void>((resolve) => (timeout = setTimeout(resolve, ms)));
  return { promise, cancel: () => clearTimeout(timeout) };
}

export class ReindexWorker {
  private running = false;
  private loop: Promise<void> | null = null;
  private wake: (() => void) | null = null;
  /** a wake-up that came while a batch ran: the next pause ends at once */
  private woken = false;
  /** batches failed in a row (the engine or the database unavailable) */
  private failures = 0;
  private readonly batchSize: number;
  private readonly pollMs: number;
  private readonly maxBackoffMs: number;
  private readonly maxAttempts: number;
  private readonly batchTimeoutMs: number;

  constructor(
    private readonly prisma: PrismaClient,
    private readonly indexer: ListingIndexer,
    private readonly logger: Logger,
    private readonly options: WorkerOptions,
  ) {
    this.batchSize = options.batchSize ?? 500;
    this.pollMs = options.pollMs ?? 200;
    this.maxBackoffMs = options.maxBackoffMs ?? 30_000;
    this.maxAttempts = options.maxAttempts ?? MAX_ATTEMPTS;
    this.batchTimeoutMs = options.batchTimeoutMs ?? BATCH_TIMEOUT_MS;
  }

  /** Indexes one batch of pending changes; returns how many outbox rows it handled. */
  async drainOnce(): Promise<number> {
    // Prisma rolls the transaction back at its timeout but waits for the callback: a call inside that
    // never answers would hold this worker for good, so the batch is also given up here
    const outcome = await withDeadline(this.batchTimeoutMs + GIVE_UP_GRACE_MS, this.prisma.$transaction(
      async (tx) => {
        // the age of each change by the database's clock, which wrote createdAt
        const rows = await tx.$queryRaw<{ id: bigint; listingId: number; age: number }[]>`
          SELECT id, "listingId", extract(epoch FROM clock_timestamp() - "createdAt")::float8 AS age
          FROM "ListingOutbox" WHERE attempts < ${this.maxAttempts}
          ORDER BY id LIMIT ${this.batchSize} FOR UPDATE SKIP LOCKED`;
        if (rows.length === 0) return null;
        const started = performance.now();
        // Read the targets after taking the rows: a full reindex that started earlier is then seen.
        const targets = await indexTargets(tx, this.options.alias);
        const { failed } = await this.indexer.indexListings(
          rows.map((r) => r.listingId),
          { targets },
        );
        const accepted = rows.filter((r) => !failed.has(r.listingId));
        const done = accepted.map((r) => r.id);
        if (done.length) await tx.$executeRaw`DELETE FROM "ListingOutbox" WHERE id = ANY(${done}::bigint[])`;
        for (const [listingId, reason] of failed) {
          this.logger.error({ listingId, reason }, 'listing document rejected by the search engine');
          await tx.$executeRaw`UPDATE "ListingOutbox" SET attempts = attempts + 1, "lastError" = ${reason}
                               WHERE "listingId" = ${listingId} AND id = ANY(${rows.map((r) => r.id)}::bigint[])`;
        }
        const elapsed = (performance.now() - started) / 1000;
        return { rows: rows.length, indexed: accepted.length, rejected: rows.length - accepted.length, lagSeconds: accepted.map((r) => r.age + elapsed), targets };
      },
      { timeout: this.batchTimeoutMs, maxWait: 10_000 },
    ), `a reindex batch did not end within ${this.batchTimeoutMs + GIVE_UP_GRACE_MS} ms; given up`);
    if (outcome === null) return 0;
    this.options.observer?.batch(outcome);
    if (outcome.indexed > 0) this.options.refresher?.request(outcome.targets);
    return outcome.rows;
  }


  /** Drains until nothing is pending (tests, the full-reindex command). */
  async drainAll(): Promise<void> {
    while ((await this.drainOnce()) > 0);
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.loop = this.run();
    this.options.listener?.start(() => this.changed());
  }

  async stop(): Promise<void> {
    this.running = false;
    this.wake?.();
    await Promise.all([this.loop, this.options.listener?.stop(), this.options.refresher?.stop()]);
    this.loop = null;
  }

  /** A write committed: tries at once, unless it is backing off after a failure. */
  private changed(): void {
    if (this.failures === 0) this.nudge();
  }

  /** Tries at once instead of at the end of its pause or backoff (the engine is back after an outage). */
  nudge(): void {
    this.woken = true;
    this.wake?.();
  }

  private async run(): Promise<void> {
    this.failures = 0;
    while (this.running) {
      let handled: number;
      try {
        handled = await this.drainOnce();
        if (this.failures > 0) this.logger.info({ afterFailures: this.failures }, 'reindex worker recovered');
        this.failures = 0;
      } catch (err) {
        this.options.observer?.failure();
        const failures = ++this.failures;
        const delay = Math.min(this.maxBackoffMs, Math.min(this.pollMs, BACKOFF_BASE_MS) * 2 ** Math.min(failures, 10));
        if (failures === 1 || failures % 10 === 0) this.logger.warn({ err: String(err), failures, retryInMs: delay }, 'reindex worker cannot index; will retry');
        await this.pause(delay);
        continue;
      }
      if (handled < this.batchSize) await this.pause(this.pollMs);
    }
  }

  private async pause(ms: number): Promise<void> {
    if (this.woken) {
      this.woken = false;
      return;
    }
    const timer = sleep(ms);
    await Promise.race([timer.promise, new Promise<void>((resolve) => (this.wake = resolve))]);
    timer.cancel();
    this.wake = null;
    this.woken = false;
  }
}
