// Drains the listing outbox into the search index. Several instances can run side by side: each takes
// rows with FOR UPDATE SKIP LOCKED and deletes them only once the engine has accepted the documents.
// While the engine is down the transaction rolls back, the rows stay, and the worker backs off.
import type { PrismaClient } from '../db/prisma.ts';
import type { Logger } from '../core/logger.ts';
import type { ListingIndexer } from './listing-indexer.ts';
import { indexTargets } from './index-targets.ts';

export interface WorkerOptions {
  alias: string;
  batchSize?: number;
  pollMs?: number;
  maxBackoffMs?: number;
  /** rows that failed this many times are left for inspection and no longer retried */
  maxAttempts?: number;
  /** told of each batch and failure (metrics) */
  observer?: ReindexObserver;
}

/** A batch the worker committed: documents the engine accepted and refused, and for each accepted one the seconds from its change to then. */
export interface BatchOutcome {
  indexed: number;
  rejected: number;
  lagSeconds: number[];
}

export interface ReindexObserver {
  batch(outcome: BatchOutcome): void;
  /** a batch that could not run: the engine or the database unavailable */
  failure(): void;
}

/** attempts after which an outbox row is left for `npm run index:check` to show */
export const MAX_ATTEMPTS = 10;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export class ReindexWorker {
  private running = false;
  private loop: Promise<void> | null = null;
  private wake: (() => void) | null = null;
  private readonly batchSize: number;
  private readonly pollMs: number;
  private readonly maxBackoffMs: number;
  private readonly maxAttempts: number;

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
  }

  /** Indexes one batch of pending changes; returns how many outbox rows it handled. */
  async drainOnce(): Promise<number> {
    const outcome = await this.prisma.$transaction(
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
        return { rows: rows.length, indexed: accepted.length, rejected: rows.length - accepted.length, lagSeconds: accepted.map((r) => r.age + elapsed) };
      },
      { timeout: 120_000, maxWait: 10_000 },
    );
    if (outcome === null) return 0;
    this.options.observer?.batch(outcome);
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
  }

  async stop(): Promise<void> {
    this.running = false;
    this.wake?.();
    await this.loop;
    this.loop = null;
  }

  /** Tries at once instead of at the end of its backoff (the engine is back after an outage). */
  nudge(): void {
    this.wake?.();
  }

  private async run(): Promise<void> {
    let failures = 0;
    while (this.running) {
      let handled: number;
      try {
        handled = await this.drainOnce();
        if (failures > 0) this.logger.info({ afterFailures: failures }, 'reindex worker recovered');
        failures = 0;
      } catch (err) {
        this.options.observer?.failure();
        failures++;
        const delay = Math.min(this.maxBackoffMs, this.pollMs * 2 ** Math.min(failures, 10));
        if (failures === 1 || failures % 10 === 0) this.logger.warn({ err: String(err), failures, retryInMs: delay }, 'reindex worker cannot index; will retry');
        await this.pause(delay);
        continue;
      }
      if (handled < this.batchSize) await this.pause(this.pollMs);
    }
  }

  private pause(ms: number): Promise<void> {
    return Promise.race([sleep(ms).then(() => undefined), new Promise<void>((resolve) => (this.wake = resolve))]);
  }
}
