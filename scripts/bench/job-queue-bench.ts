// npx tsx scripts/bench/job-queue-bench.ts [--jobs=10000] [--idle-seconds=10] [--latency-samples=20] [--only=outbox|graphile|pgboss]
// Weighs the PostgreSQL job queues on npm (graphile-worker, pg-boss) and the project's e-mail outbox on
// pg-boss (mail/mail-outbox.ts and mail/mail-delivery.ts) on the database of DATABASE_URL, each in schemas of
// its own (dropped and made again): jobs enqueued inside one Prisma 7 transaction (@prisma/adapter-pg) and
// processed by a no-op handler, a rolled-back transaction's jobs, the time from a commit to the handler's
// start when the runner is idle, what an idle runner costs (CPU of this process, transactions a second
// on the database), and the schema each installs. Prints one table.
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { Logger as GraphileLogger, run as runGraphile, type Runner } from 'graphile-worker';
import { PgBoss } from 'pg-boss';
import { createDatabase, type PrismaClient } from '../../src/db/prisma.ts';
import { MailOutbox, type OutboxMessage } from '../../src/mail/mail-outbox.ts';
import { MailDelivery } from '../../src/mail/mail-delivery.ts';
import { MailJob } from '../../src/mail/mail-job.ts';
import { MAIL_KIND } from '../../src/mail/mail-outbox.ts';
import { JobQueue } from '../../src/db/job-queue.ts';
import { QUEUES } from '../../src/background.ts';
import { createLogger } from '../../src/core/logger.ts';

const arg = (name: string, fallback: number): number =>
  Number(process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback);
const JOBS = arg('jobs', 10_000);
const IDLE_S = arg('idle-seconds', 10);
const SAMPLES = arg('latency-samples', 20);
const url = process.env.DATABASE_URL;
if (!url) throw new Error('DATABASE_URL is not set');
const GW_SCHEMA = 'bench_graphile_worker';
const BOSS_SCHEMA = 'bench_pgboss';
const logger = createLogger('warn');

interface Figures {
  name: string;
  enqueuePerS: number;
  processPerS: number;
  rolledBack: number;
  latencyMs: { median: number; p95: number };
  idleCpuMsPerS: number;
  idleXactPerS: number;
  schema: string;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const pct = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((values.length * p) / 100))] ?? NaN;

async function until(check: () => boolean | Promise<boolean>, timeoutMs = 600_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out');
    await sleep(5);
  }
}

/** transactions committed on this database while `idle` waits, a second; CPU of this process, ms a second */
async function idleCost(admin: pg.Pool): Promise<{ cpu: number; xact: number }> {
  await sleep(2000);
  const count = async () =>
    Number(
      (await admin.query<{ n: string }>('SELECT xact_commit + xact_rollback AS n FROM pg_stat_database WHERE datname = current_database()'))
        .rows[0]!.n,
    );
  await admin.query('SELECT pg_stat_clear_snapshot()');
  const before = await count();
  const cpu = process.cpuUsage();
  await sleep(IDLE_S * 1000);
  const used = process.cpuUsage(cpu);
  await admin.query('SELECT pg_stat_clear_snapshot()');
  // the two reads of the counter are transactions of their own
  const xact = (await count()) - before - 1;
  return { cpu: (used.user + used.system) / 1000 / IDLE_S, xact: xact / IDLE_S };
}

async function schemaOf(admin: pg.Pool, schema: string): Promise<string> {
  const { rows } = await admin.query<{ tables: string; functions: string; indexes: string }>(
    `SELECT (SELECT count(*) FROM pg_tables WHERE schemaname = $1) AS tables,
            (SELECT count(*) FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace WHERE n.nspname = $1) AS functions,
            (SELECT count(*) FROM pg_indexes WHERE schemaname = $1) AS indexes`,
    [schema],
  );
  const r = rows[0]!;
  return `${r.tables} tables, ${r.indexes} indexes, ${r.functions} functions`;
}

async function graphileWorker(prisma: PrismaClient, admin: pg.Pool): Promise<Figures> {
  await admin.query(`DROP SCHEMA IF EXISTS ${GW_SCHEMA} CASCADE`);
  let done = 0;
  let started: number[] = [];
  const runner: Runner = await runGraphile({
    connectionString: url,
    schema: GW_SCHEMA,
    concurrency: 10,
    noHandleSignals: true,
    pollInterval: 2000,
    logger: new GraphileLogger(() => () => undefined),
    taskList: {
      noop: async () => {
        started.push(performance.now());
        done += 1;
      },
    },
  });
  const t0 = performance.now();
  await prisma.$transaction(
    async (tx) => {
      for (let i = 0; i < JOBS; i += 1) await tx.$executeRawUnsafe(`SELECT ${GW_SCHEMA}.add_job('noop', $1::json)`, JSON.stringify({ i }));
    },
    { timeout: 600_000 },
  );
  const t1 = performance.now();
  await until(() => done >= JOBS);
  const t2 = performance.now();
  const rolledBack = await rollbackCount(
    prisma,
    (tx) => tx.$executeRawUnsafe(`SELECT ${GW_SCHEMA}.add_job('noop', '{"rolledBack":true}'::json)`),
    () =>
      admin
        .query(`SELECT count(*)::int AS n FROM ${GW_SCHEMA}._private_jobs WHERE payload->>'rolledBack' = 'true'`)
        .then((r) => r.rows[0].n as number),
  );
  const latencies: number[] = [];
  for (let s = 0; s < SAMPLES; s += 1) {
    started = [];
    const at = performance.now();
    await prisma.$transaction((tx) => tx.$executeRawUnsafe(`SELECT ${GW_SCHEMA}.add_job('noop', '{}'::json)`));
    await until(() => started.length > 0);
    latencies.push(started[0]! - at);
    await sleep(200);
  }
  const idle = await idleCost(admin);
  await runner.stop();
  const schema = await schemaOf(admin, GW_SCHEMA);
  await admin.query(`DROP SCHEMA IF EXISTS ${GW_SCHEMA} CASCADE`);
  return figures('graphile-worker 0.18.0 (concurrency 10, LISTEN/NOTIFY, poll 2 s)', t0, t1, t2, rolledBack, latencies, idle, schema);
}

async function pgBoss(prisma: PrismaClient, admin: pg.Pool): Promise<Figures> {
  await admin.query(`DROP SCHEMA IF EXISTS ${BOSS_SCHEMA} CASCADE`);
  const boss = new PgBoss({ connectionString: url, schema: BOSS_SCHEMA, max: 4, useListenNotify: true });
  boss.on('error', (err: unknown) => logger.warn({ err: String(err) }, 'pg-boss'));
  await boss.start();
  await boss.createQueue('noop', { notify: true });
  let done = 0;
  let started: number[] = [];
  const t0 = performance.now();
  await prisma.$transaction(
    async (tx) => {
      const db = {
        executeSql: async (text: string, values: unknown[] = []) => ({ rows: await tx.$queryRawUnsafe<unknown[]>(text, ...values) }),
      };
      for (let i = 0; i < JOBS; i += 1) await boss.send('noop', { i }, { db });
    },
    { timeout: 600_000 },
  );
  const t1 = performance.now();
  await boss.work(
    'noop',
    { localConcurrency: 10, batchSize: 10, pollingIntervalSeconds: 2, burstWhenBatchFull: true },
    async (jobs: unknown[]) => {
      started.push(performance.now());
      done += jobs.length;
    },
  );
  await until(() => done >= JOBS);
  const t2 = performance.now();
  const rolledBack = await rollbackCount(
    prisma,
    async (tx) => {
      const db = {
        executeSql: async (text: string, values: unknown[] = []) => ({ rows: await tx.$queryRawUnsafe<unknown[]>(text, ...values) }),
      };
      await boss.send('noop', { rolledBack: true }, { db });
    },
    () =>
      admin
        .query(`SELECT count(*)::int AS n FROM ${BOSS_SCHEMA}.job WHERE data->>'rolledBack' = 'true'`)
        .then((r) => r.rows[0].n as number),
  );
  const latencies: number[] = [];
  for (let s = 0; s < SAMPLES; s += 1) {
    started = [];
    const at = performance.now();
    await boss.send('noop', {});
    await until(() => started.length > 0);
    latencies.push(started[0]! - at);
    await sleep(200);
  }
  const idle = await idleCost(admin);
  await boss.stop({ graceful: true });
  const schema = await schemaOf(admin, BOSS_SCHEMA);
  await admin.query(`DROP SCHEMA IF EXISTS ${BOSS_SCHEMA} CASCADE`);
  return figures(
    'pg-boss 12.38.0 (localConcurrency 10, batches of 10, LISTEN/NOTIFY, poll 2 s)',
    t0,
    t1,
    t2,
    rolledBack,
    latencies,
    idle,
    schema,
  );
}

class Noop implements OutboxMessage {
  readonly template = 'bench-noop';
  render() {
    return { subject: 's', text: 't', html: '<p>h</p>' };
  }
}

/** the project's e-mail outbox as it runs: an OutgoingMail row and a job on the job queue (pg-boss) each */
async function projectOutbox(prisma: PrismaClient, admin: pg.Pool): Promise<Figures> {
  await prisma.outgoingMail.deleteMany({ where: { template: 'bench-noop' } });
  let started: number[] = [];
  const mailer = {
    send: async () => {
      started.push(performance.now());
    },
  };
  const jobs = new JobQueue(url!, logger, { [MAIL_KIND]: QUEUES[MAIL_KIND]! }, { schema: 'bench_outbox' });
  await jobs.start();
  const delivery = new MailDelivery(prisma, mailer as never, logger, jobs);
  const outbox = new MailOutbox(jobs);
  const t0 = performance.now();
  await prisma.$transaction(
    async (tx) => {
      for (let i = 0; i < JOBS; i += 1) await outbox.send(tx, 'bench@example.invalid', new Noop());
    },
    { timeout: 600_000 },
  );
  const t1 = performance.now();
  await delivery.runOnce();
  const t2 = performance.now();
  const rolledBack = await rollbackCount(
    prisma,
    (tx) => outbox.send(tx, 'bench@example.invalid', new Noop()),
    () => prisma.outgoingMail.count({ where: { template: 'bench-noop', claimedAt: null } }),
  );
  const job = new MailJob(delivery, jobs, logger);
  job.start();
  await sleep(1000);
  const latencies: number[] = [];
  for (let s = 0; s < SAMPLES; s += 1) {
    started = [];
    const at = performance.now();
    await prisma.$transaction((tx) => outbox.send(tx, 'bench@example.invalid', new Noop()));
    await until(() => started.length > 0);
    latencies.push(started[0]! - at);
    await sleep(200);
  }
  const idle = await idleCost(admin);
  await job.stop();
  await jobs.stop();
  await admin.query('DROP SCHEMA IF EXISTS bench_outbox CASCADE');
  await prisma.outgoingMail.deleteMany({ where: { template: 'bench-noop' } });
  return figures(
    "the project's e-mail outbox on pg-boss (a row and a job an e-mail, one at a time)",
    t0,
    t1,
    t2,
    rolledBack,
    latencies,
    idle,
    'OutgoingMail + the pg-boss schema',
  );
}

async function rollbackCount(
  prisma: PrismaClient,
  enqueue: (tx: Parameters<Parameters<PrismaClient['$transaction']>[0]>[0]) => Promise<unknown>,
  waiting: () => Promise<number>,
): Promise<number> {
  const before = await waiting();
  await prisma
    .$transaction(async (tx) => {
      await enqueue(tx);
      throw new Error('rolled back');
    })
    .catch(() => undefined);
  return (await waiting()) - before;
}

function figures(
  name: string,
  t0: number,
  t1: number,
  t2: number,
  rolledBack: number,
  latencies: number[],
  idle: { cpu: number; xact: number },
  schema: string,
): Figures {
  return {
    name,
    enqueuePerS: Math.round(JOBS / ((t1 - t0) / 1000)),
    processPerS: Math.round(JOBS / ((t2 - t1) / 1000)),
    rolledBack,
    latencyMs: { median: Math.round(pct(latencies, 50) * 10) / 10, p95: Math.round(pct(latencies, 95) * 10) / 10 },
    idleCpuMsPerS: Math.round(idle.cpu * 100) / 100,
    idleXactPerS: Math.round(idle.xact * 10) / 10,
    schema,
  };
}

async function main(): Promise<void> {
  const { prisma } = createDatabase(url!, 4);
  const admin = new pg.Pool({ connectionString: url, max: 1 });
  const which = process.argv.find((a) => a.startsWith('--only='))?.split('=')[1];
  const results: Figures[] = [];
  try {
    if (!which) {
      const idle = await idleCost(admin);
      results.push(figures('nothing running (the baseline)', 0, 0, 0, 0, [NaN], idle, '-'));
    }
    if (!which || which === 'outbox') results.push(await projectOutbox(prisma, admin));
    if (!which || which === 'graphile') results.push(await graphileWorker(prisma, admin));
    if (!which || which === 'pgboss') results.push(await pgBoss(prisma, admin));
  } finally {
    await prisma.$disconnect();
    await admin.end();
  }
  console.log(
    `load average at the end: ${(await import('node:os'))
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}; ${JOBS} no-op jobs, one Prisma transaction`,
  );
  console.log(
    '| queue | enqueued in one transaction (jobs/s) | processed (jobs/s) | left by a rollback | commit → handler, median / p95 (ms) | idle CPU (ms/s) | idle transactions/s | schema |',
  );
  console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | --- |');
  const shown = (n: number) => (Number.isFinite(n) ? String(n) : '-');
  for (const f of results) {
    console.log(
      `| ${f.name} | ${shown(f.enqueuePerS)} | ${shown(f.processPerS)} | ${f.rolledBack} | ${shown(f.latencyMs.median)} / ${shown(f.latencyMs.p95)} | ${f.idleCpuMsPerS} | ${f.idleXactPerS} | ${f.schema} |`,
    );
  }
}

await main();
