// The engine room's queue: pg-boss over the project's PostgreSQL (docs/decisions.md, "Background jobs").
// A job is enqueued in the transaction of the change that causes it (`enqueue(tx, …)`: a change rolled
// back leaves no job), claimed with SKIP LOCKED by whichever instance runs its kind, retried with backoff
// when its handler throws, and given up into the kind's dead-letter queue after its last retry. A job
// whose process died is failed once its heartbeat has stopped for HEARTBEAT_SECONDS (seen by a
// supervisor pass, every SUPERVISE_SECONDS on some instance) and retried on another instance after the
// kind's retry delay. Cron schedules run once across instances. pg-boss keeps its tables in a schema of its own,
// migrated by the library at start-up under its own lock.
import { PgBoss, type Job, type JobResult, type QueuePolicy } from 'pg-boss';
import type { Prisma } from '../generated/prisma/client.ts';
import type { Logger } from '../core/logger.ts';
import { isDatabaseUnreachable } from './database-unavailable.ts';

/** the schema pg-boss keeps its tables in */
export const JOB_SCHEMA = 'pgboss';
/** a worker touches its active jobs this often; a job not touched for this long is retried elsewhere (pg-boss's minimum) */
export const HEARTBEAT_SECONDS = 10;
/** how often an instance's supervisor fails the jobs of dead processes (pg-boss's default is a minute) */
export const SUPERVISE_SECONDS = 10;
/** the job queue's lost-database errors are logged at most this often */
const UNREACHABLE_LOG_MS = 60_000;

/** How one kind's jobs are queued and retried. */
export interface QueueSettings {
  /** `standard`, or `singleton` for one job at a time across instances, `key_strict_fifo` for order per key */
  policy?: QueuePolicy;
  /** retries after the first attempt, then the job goes to the dead letters */
  retryLimit: number;
  /** seconds before the first retry; doubled at each one with `retryBackoff` */
  retryDelay: number;
  retryBackoff?: boolean;
  /** with `retryBackoff`, the longest wait between two attempts (seconds) */
  retryDelayMax?: number;
  /** the longest a handler may run before its job is failed and retried */
  expireInSeconds: number;
  /**
   * With `key_strict_fifo`: a job given up (its last retry failed) is taken out of the kind's queue once
   * its dead letter is made, so that the later jobs of its key go on (pg-boss otherwise holds the key
   * until the failed job is deleted or retried).
   */
  deadFreesKey?: boolean;
}

/** A job's retries, given at enqueue (over the kind's QueueSettings): a configuration's own delays. */
export type JobRetries = Pick<QueueSettings, 'retryLimit' | 'retryDelay' | 'retryBackoff' | 'retryDelayMax'>;

/** Which attempt of its job a handler runs. */
export interface Attempt {
  /** 0 for the first attempt */
  retryCount: number;
  /** no retry follows should this attempt fail */
  last: boolean;
}

/** What the /metrics page shows of each kind. */
export interface QueueCounts {
  kind: string;
  backlog: number;
  oldestSeconds: number;
  /** failed and waiting to be tried again */
  failed: number;
  dead: number;
}

/** A transaction's executor for pg-boss: its statements then commit or roll back with the change. */
function inTransaction(tx: Prisma.TransactionClient) {
  return { executeSql: async (text: string, values: unknown[] = []) => ({ rows: await tx.$queryRawUnsafe<unknown[]>(text, ...values) }) };
}

export const deadLetterOf = (kind: string) => `${kind}.dead`;

export interface WorkOptions<T> {
  /** batches run at once by this instance */
  concurrency: number;
  /** jobs fetched at once (1 by default) */
  batch?: number;
  /** the order a batch runs in (a batch's rows come back in no order) */
  order?: (data: T) => bigint;
  /** with jobs enqueued in a group: at most this many of one group at once in this instance */
  perGroup?: number;
  /** how often an idle worker looks for jobs whose time has come (a retry's delay ends without a notification; 10 s by default) */
  pollSeconds?: number;
}

export type Handler<T> = (data: T, attempt: Attempt) => Promise<void>;

/** A job fetched with its metadata (its retry limit) */
type Fetched<T> = Job<T> & { retryLimit?: number };

/** Runs a batch's jobs one after the other, each completed or failed on its own. */
async function runInTurn<T extends object>(
  jobs: Fetched<T>[],
  handler: Handler<T>,
  order?: (data: T) => bigint,
  onGivenUp?: (job: Fetched<T>, output: object) => Promise<void>,
): Promise<JobResult[]> {
  const inTurn = order ? [...jobs].sort((a, b) => (order(a.data) < order(b.data) ? -1 : 1)) : jobs;
  const results: JobResult[] = [];
  for (const job of inTurn) {
    const last = job.retryLimit !== undefined && job.retryCount >= job.retryLimit;
    try {
      await handler(job.data, { retryCount: job.retryCount, last });
      results.push({ id: job.id, status: 'completed' });
    } catch (err) {
      const output = { message: String(err) };
      if (last && onGivenUp) await onGivenUp(job, output);
      results.push({ id: job.id, status: 'failed', output });
    }
  }
  return results;
}

/** Runs a batch's jobs together: those whose data the handler returns failed, the others completed. */
async function batchResults<T extends object>(jobs: Job<T>[], handler: (data: T[]) => Promise<T[]>): Promise<JobResult[]> {
  try {
    const again = new Set(await handler(jobs.map((job) => job.data)));
    return jobs.map((job) => (again.has(job.data) ? { id: job.id, status: 'failed', output: { message: 'tried again later' } } : { id: job.id, status: 'completed' }));
  } catch (err) {
    return jobs.map((job) => ({ id: job.id, status: 'failed', output: { message: String(err) } }));
  }
}

export class JobQueue {
  private readonly boss: PgBoss;
  private readonly schema: string;
  private started: Promise<unknown> | null = null;
  private stopping = false;
  private unreachableLoggedAt = -Infinity;

  constructor(
    databaseUrl: string,
    private readonly logger: Logger,
    private readonly queues: Readonly<Record<string, QueueSettings>>,
    options: { schema?: string; max?: number } = {},
  ) {
    this.schema = options.schema ?? JOB_SCHEMA;
    this.boss = new PgBoss({
      connectionString: databaseUrl,
      schema: this.schema,
      max: options.max ?? 3,
      useListenNotify: true,
      superviseIntervalSeconds: SUPERVISE_SECONDS,
      monitorIntervalSeconds: SUPERVISE_SECONDS,
      application_name: 'portal-jobs',
    });
    this.boss.on('error', (err: unknown) => {
      // every worker's poll fails while the database is out of reach: said once a minute, not per poll
      // (the database guard logs the outage itself)
      if (isDatabaseUnreachable(err)) {
        const now = Date.now();
        if (now - this.unreachableLoggedAt < UNREACHABLE_LOG_MS) return;
        this.unreachableLoggedAt = now;
        this.logger.warn({ err: String(err) }, 'job queue: database out of reach; its workers try again');
        return;
      }
      this.logger.warn({ err: String(err) }, 'job queue');
    });
  }

  /**
   * Migrates the queue's schema and creates every kind's queue and dead-letter queue; before any enqueue.
   * A start that failed (the database out of reach) is tried again by the next call.
   */
  start(): Promise<unknown> {
    this.started ??= (async () => {
      await this.boss.start();
      const existing = new Map((await this.boss.getQueues()).map((q) => [q.name, q]));
      // creating a queue that exists does nothing (pg-boss, under its own lock): instances may start together
      for (const [kind, settings] of Object.entries(this.queues)) {
        const dead = deadLetterOf(kind);
        if (!existing.has(dead)) await this.boss.createQueue(dead, { retentionSeconds: 14 * 86_400 });
        const { policy, retryLimit, retryDelay, retryBackoff, retryDelayMax, expireInSeconds } = settings;
        const retries = { retryLimit, retryDelay, expireInSeconds, ...(retryBackoff !== undefined ? { retryBackoff } : {}), ...(retryDelayMax !== undefined ? { retryDelayMax } : {}) };
        const made = existing.get(kind);
        if (!made) await this.boss.createQueue(kind, { ...(policy ? { policy } : {}), ...retries, heartbeatSeconds: HEARTBEAT_SECONDS, deadLetter: dead, notify: true });
        else await this.boss.updateQueue(kind, { ...retries, deadLetter: dead });
        // a queue's policy is fixed when it is made: a changed one needs the queue deleted and made again
        if (made && (made.policy ?? 'standard') !== (policy ?? 'standard'))
          this.logger.error({ kind, policy: made.policy, wanted: policy ?? 'standard' }, 'a job queue was made with another policy: delete it (its jobs done) so that the next start makes it again');
      }
    })();
    const starting = this.started;
    starting.catch(() => {
      if (this.started === starting) this.started = null;
    });
    return starting;
  }

  /** Starts the queue, trying again every few seconds while the database is out of reach (a role's start). */
  private async ready(): Promise<void> {
    for (let wait = 1000; ; wait = Math.min(wait * 2, 30_000)) {
      try {
        await this.start();
        return;
      } catch (err) {
        if (this.stopping) throw err;
        this.logger.warn({ err: String(err), retryInMs: wait }, 'job queue not started; trying again');
        await new Promise((resolve) => setTimeout(resolve, wait).unref());
      }
    }
  }

  /**
   * Enqueues a job of `kind` in the transaction `tx` (no transaction: at once); `singletonKey` is the
   * key of a `key_strict_fifo` kind, `group` what `perGroup` limits, `retries` override the kind's.
   */
  async enqueue(
    tx: Prisma.TransactionClient | null,
    kind: string,
    data: object,
    options: { singletonKey?: string; startAfter?: Date; group?: string; retries?: JobRetries } = {},
  ): Promise<void> {
    await this.start();
    const { group, retries, ...rest } = options;
    await this.boss.send(kind, data, { ...rest, ...retries, ...(group ? { group: { id: group } } : {}), ...(tx ? { db: inTransaction(tx) } : {}) });
  }

  /** For a kind whose given-up jobs free their key: the job out of the kind's queue, its dead letter made. */
  private givenUp(kind: string): ((job: Job<object>, output: object) => Promise<void>) | undefined {
    if (!this.queues[kind]?.deadFreesKey) return undefined;
    return async (job, output) => {
      try {
        // failed at its last retry: pg-boss makes the dead letter; the job, failed, would hold its key
        await this.boss.fail(kind, { id: job.id, retryCount: job.retryCount }, output);
        await this.boss.deleteJob(kind, job.id);
      } catch (err) {
        this.logger.error({ err: String(err), kind, job: job.id }, 'a job given up could not be taken out of its queue; its key waits for it');
      }
    };
  }

  /**
   * For a kind whose given-up jobs free their key: the jobs left failed, which `givenUp` never took out
   * (their process died during their last attempt, and the supervisor failed them for good), up to 1000
   * at once. `settle` records the give-up in the kind's own rows first; then each gets its dead letter
   * if it has none and leaves the queue, so that the later jobs of its key go on. Returns how many.
   */
  async releaseGivenUp<T extends object>(kind: string, settle: (data: T[]) => Promise<void>): Promise<number> {
    if (!this.queues[kind]?.deadFreesKey) return 0;
    await this.start();
    const dead = deadLetterOf(kind);
    const { rows } = await this.boss.getDb().executeSql(
      `SELECT j.id, j.data, EXISTS (SELECT 1 FROM ${this.schema}.job d WHERE d.name = $2 AND d.source_id = j.id) AS "hasDeadLetter"
       FROM ${this.schema}.job j WHERE j.name = $1 AND j.state = 'failed' ORDER BY j.created_on LIMIT 1000`,
      [kind, dead],
    );
    const failed = rows as { id: string; data: T; hasDeadLetter: boolean }[];
    if (failed.length === 0) return 0;
    await settle(failed.map((job) => job.data));
    for (const job of failed) {
      // the instance whose delete took the job out makes the missing dead letter (two sweeps at once make one)
      const { affected } = (await this.boss.deleteJob(kind, job.id)) as { affected?: number };
      if (affected && !job.hasDeadLetter) await this.boss.send(dead, { ...job.data }, {});
    }
    this.logger.warn({ kind, jobs: failed.length }, 'jobs given up by a process that died during their last attempt: kept as dead letters, their keys freed');
    return failed.length;
  }

  /**
   * Enqueues many jobs of `kind` in the transaction `tx` (null: at once) in one statement (pg-boss's
   * insert); a job whose `singletonKey` the queue's policy already holds (`short`, `stately`: one waiting
   * job a key) is left out.
   */
  async enqueueMany(tx: Prisma.TransactionClient | null, kind: string, jobs: { data: object; singletonKey?: string }[]): Promise<void> {
    if (jobs.length === 0) return;
    await this.start();
    await this.boss.insert(kind, jobs, tx ? { db: inTransaction(tx) } : {});
  }

  /**
   * Runs `handler` on this instance for batches of `kind`'s jobs, a batch at once (up to `batch` jobs
   * fetched in one round trip): the jobs whose data it returns are failed into their retries, the others
   * completed; when it throws, the whole batch is failed.
   */
  async workBatches<T extends object>(kind: string, options: { concurrency: number; batch: number }, handler: (data: T[]) => Promise<T[]>): Promise<void> {
    await this.ready();
    await this.boss.work<T>(
      kind,
      { localConcurrency: options.concurrency, batchSize: options.batch, burstWhenBatchFull: true, notifyPollingIntervalSeconds: 10, perJobResults: true },
      (jobs) => batchResults(jobs, handler),
    );
  }

  /** `drain` for a kind worked in batches (`workBatches`): the batches waiting now, here and now. Returns how many jobs ran. */
  async drainBatches<T extends object>(kind: string, batch: number, handler: (data: T[]) => Promise<T[]>, options: { retriesToo?: boolean } = {}): Promise<number> {
    await this.start();
    if (options.retriesToo) await this.boss.getDb().executeSql(`UPDATE ${this.schema}.job SET start_after = now() WHERE name = $1 AND state = 'retry'`, [kind]);
    let ran = 0;
    for (;;) {
      const jobs = await this.boss.fetch<T>(kind, { batchSize: batch });
      if (jobs.length === 0) return ran;
      ran += jobs.length;
      for (const result of await batchResults(jobs, handler)) {
        if (result.status === 'completed') await this.boss.complete(kind, result.id);
        else await this.boss.fail(kind, result.id, result.output);
      }
    }
  }

  /**
   * Runs `handler` on this instance for each job of `kind`: up to `batch` jobs fetched at once (one round
   * trip) and run one after the other, in `order` when given (else as fetched), `concurrency` batches at once.
   */
  async work<T extends object>(kind: string, options: WorkOptions<T>, handler: Handler<T>): Promise<void> {
    await this.ready();
    const poll = options.pollSeconds ?? 10;
    await this.boss.work<T>(
      kind,
      {
        localConcurrency: options.concurrency,
        ...(options.perGroup ? { localGroupConcurrency: options.perGroup } : {}),
        batchSize: options.batch ?? 1,
        burstWhenBatchFull: true,
        pollingIntervalSeconds: poll,
        notifyPollingIntervalSeconds: poll,
        perJobResults: true,
        includeMetadata: true,
      },
      (jobs) => runInTurn(jobs, handler, options.order, this.givenUp(kind)),
    );
  }

  /** Stops taking jobs of `kind`; the jobs running finish first. */
  async offWork(kind: string): Promise<void> {
    if (this.started) await this.boss.offWork(kind, { wait: true });
  }

  /** Enqueues a job of `kind` on a cron expression, once across instances. */
  async schedule(kind: string, cron: string, data: object = {}): Promise<void> {
    await this.ready();
    await this.boss.schedule(kind, cron, data, { tz: 'Europe/London' });
  }

  /** Fails now the active jobs whose process stopped beating (the supervisor does so every SUPERVISE_SECONDS). */
  async supervise(kind: string): Promise<void> {
    await this.start();
    await this.boss.supervise(kind);
  }

  /**
   * Takes the jobs of `kind` waiting now and runs `handler` on each, here and now (a test's or a script's
   * run; a job whose handler throws is failed into its retries as a worker's would be; `retriesToo` takes
   * the retries whose delay has not passed as well; without `order`, one job a fetch, in the queue's
   * order of creation). Returns how many ran.
   */
  async drain<T extends object>(kind: string, handler: Handler<T>, options: { retriesToo?: boolean; order?: (data: T) => bigint } = {}): Promise<number> {
    await this.start();
    // retries made due now: a job that fails again in this run waits for its next delay, not tried again here
    if (options.retriesToo) await this.boss.getDb().executeSql(`UPDATE ${this.schema}.job SET start_after = now() WHERE name = $1 AND state = 'retry'`, [kind]);
    let ran = 0;
    for (;;) {
      const jobs = await this.boss.fetch<T>(kind, { batchSize: options.order ? 10 : 1, includeMetadata: true });
      if (jobs.length === 0) return ran;
      ran += jobs.length;
      for (const result of await runInTurn(jobs, handler, options.order, this.givenUp(kind))) {
        if (result.status === 'completed') await this.boss.complete(kind, result.id);
        else await this.boss.fail(kind, result.id, result.output);
      }
    }
  }

  /**
   * The jobs of `kind` not yet done whose data's `field` is one of `values`: for each value, when its job
   * may next run (null while it runs). A job done, dead or never enqueued has no entry.
   */
  async pending(kind: string, field: string, values: string[]): Promise<Map<string, Date | null>> {
    if (values.length === 0) return new Map();
    await this.start();
    const { rows } = await this.boss.getDb().executeSql(
      `SELECT data->>$2 AS value, CASE WHEN state = 'active' THEN NULL ELSE start_after END AS "startAfter"
       FROM ${this.schema}.job WHERE name = $1 AND state IN ('created', 'retry', 'active') AND data->>$2 = ANY($3)`,
      [kind, field, values],
    );
    return new Map((rows as { value: string; startAfter: Date | string | null }[]).map((r) => [r.value, r.startAfter === null ? null : new Date(r.startAfter)]));
  }

  /** Each kind's waiting jobs, the age of the oldest, those waiting for a retry after failing, and its dead letters. */
  async counts(): Promise<QueueCounts[]> {
    await this.start();
    const kinds = Object.keys(this.queues);
    const rows = await this.boss.getDb().executeSql(
      `SELECT name, count(*) FILTER (WHERE state IN ('created', 'retry'))::int AS backlog,
              coalesce(extract(epoch FROM now() - min(created_on) FILTER (WHERE state IN ('created', 'retry'))), 0)::float8 AS "oldestSeconds",
              count(*) FILTER (WHERE state = 'retry')::int AS failed
       FROM ${this.schema}.job WHERE name = ANY($1) AND state IN ('created', 'retry') GROUP BY name`,
      [[...kinds, ...kinds.map(deadLetterOf)]],
    );
    const byName = new Map((rows.rows as { name: string; backlog: number; oldestSeconds: number; failed: number }[]).map((r) => [r.name, r]));
    return kinds.map((kind) => ({
      kind,
      backlog: byName.get(kind)?.backlog ?? 0,
      oldestSeconds: byName.get(kind)?.oldestSeconds ?? 0,
      failed: byName.get(kind)?.failed ?? 0,
      dead: byName.get(deadLetterOf(kind))?.backlog ?? 0,
    }));
  }

  async stop(): Promise<void> {
    this.stopping = true;
    if (!this.started) return;
    await this.started.catch(() => undefined);
    await this.boss.stop({ graceful: true, close: true, timeout: 15_000 });
    this.started = null;
  }
}
