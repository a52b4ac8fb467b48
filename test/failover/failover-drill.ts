// The failover test (npm run test:failover, through scripts/test-failover.sh, which prepares the
// cluster, a database and an index of their own): the service as its own process over the three-node
// cluster, clients searching and reading listings through its HTTP API while housing providers' writes
// go through the synchronisation API, and the node holding the listing index's primary shard (or,
// with FAILOVER_KILL=master, the elected master) killed with SIGKILL in the middle. Passes when under
// 0.1% of the reads failed, every acknowledged write reached the index, and the index equals the
// database (npm run index:check) afterwards. The killed node is started again at the end.
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, readFileSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { loadConfig } from '../../src/config.ts';
import { openRuntime } from '../../src/runtime.ts';
import { ApiAccountService } from '../../src/api-accounts/api-account-service.ts';
import { engineUrls } from '../../src/search/engine-urls.ts';
import { freePort } from '../support/free-port.ts';

const run = promisify(execFile);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const setting = (name: string, fallback: number) => Number(process.env[name] ?? fallback);

const SECONDS = setting('FAILOVER_SECONDS', 30);
const KILL_AT_SECONDS = setting('FAILOVER_KILL_AT', 10);
const READERS = setting('FAILOVER_CLIENTS', 8);
const WRITERS = setting('FAILOVER_WRITERS', 2);
const KILL = process.env.FAILOVER_KILL ?? 'primary';
const MAX_FAILED_SHARE = 0.001;
const REQUEST_TIMEOUT_MS = 10_000;
const PLACES = ['London', 'Manchester', 'Leeds', 'Birmingham', 'Bristol', 'Cambridge', 'Reading', 'Brighton', 'Oxford', 'Nottingham', 'Sheffield', 'Liverpool', 'Norwich', 'Exeter', 'Southampton'];
const SORTS = ['newest', 'price-low-high', 'price-high-low', 'nearest'];

const config = loadConfig({ ...process.env, LOG_LEVEL: 'warn' });
const runtime = openRuntime(config);
const alias = runtime.listingIndex.alias;
const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)]!;
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

interface Read {
  at: number;
  ms: number;
  ok: boolean;
  what: string;
}


/** The engine's own view, from whichever node answers first (`except` is left out: the killed one). */
async function engine<T>(pathAndQuery: string, except?: string): Promise<T> {
  for (const url of engineUrls(config.ELASTICSEARCH_URL)) {
    if (url === except) continue;
    const res = await fetch(`${url}${pathAndQuery}`, { signal: AbortSignal.timeout(2000) }).catch(() => null);
    if (res?.ok) return (await res.json()) as T;
  }
  throw new Error(`no node answered ${pathAndQuery}`);
}

async function startService(port: number, logFile: string): Promise<ChildProcess> {
  const env = { ...process.env, PORT: String(port), HOST: '127.0.0.1', APP_ENV: 'test', LOG_LEVEL: 'warn', ALERT_JOB: 'false', WEBHOOK_WORKER: 'false' };
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  const log = createWriteStream(logFile);
  child.stdout!.pipe(log);
  child.stderr!.pipe(log);
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`the service exited with ${child.exitCode}: see ${logFile}`);
    const ready = await fetch(`http://127.0.0.1:${port}/ready`).then((r) => r.ok, () => false);
    if (ready) return child;
    await sleep(200);
  }
  throw new Error(`the service was not ready in 2 minutes: see ${logFile}`);
}

async function timed(what: string, work: () => Promise<Response>, started: number): Promise<Read> {
  const t0 = performance.now();
  const res = await work().catch(() => null);
  const ok = res?.status === 200;
  await res?.arrayBuffer().catch(() => undefined);
  return { at: t0 - started, ms: performance.now() - t0, ok, what: ok ? what : `${what} -> ${res?.status ?? 'no answer'}` };
}

async function main(): Promise<number> {
  const { prisma } = runtime;
  const account = await prisma.listing.findFirst({ where: { withdrawnAt: null, published: true }, select: { accountId: true } });
  if (!account) throw new Error('no listings: scripts/test-failover.sh seeds them');
  const owned = await prisma.listing.findMany({ where: { accountId: account.accountId, withdrawnAt: null, published: true }, select: { id: true, externalRef: true }, orderBy: { id: 'asc' }, take: 2000 });
  const key = await new ApiAccountService(prisma).rotateKey(account.accountId);

  const work = await mkdtemp(path.join(os.tmpdir(), 'failover-'));
  const logFile = path.join(work, 'service.log');
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const service = await startService(port, logFile);
  let killedNode: string | null = null;
  try {
    // the seed's changes are taken in by the service's worker before the clock starts
    for (let i = 0; (await prisma.listingOutbox.count()) > 0; i++) {
      if (i > 1800) throw new Error('the outbox did not drain in 3 minutes before the load');
      await sleep(100);
    }

    // listing pages to read: those the portal shows (a listing not on the market answers 404, which is no failure of the engine)
    const readIds: number[] = [];
    for (const { id } of owned.slice(0, 300)) if ((await fetch(`${base}/api/rest/portal/listings/${id}`).then((r) => r.status, () => 0)) === 200) readIds.push(id);
    if (readIds.length === 0) throw new Error('no listing page answers 200');

    const shards = await engine<{ node: string; prirep: string; state: string }[]>(`/_cat/shards/${alias}?format=json&h=node,prirep,state`);
    const primary = shards.find((s) => s.prirep === 'p' && s.state === 'STARTED');
    if (!primary || shards.length < 2) throw new Error(`${alias} needs a primary and a replica (ES_REPLICAS=1): ${JSON.stringify(shards)}`);
    const nodes = await engine<{ name: string; http: string }[]>('/_cat/nodes?format=json&h=name,http');
    const [master] = await engine<{ node: string }[]>('/_cat/master?format=json&h=node');
    // the node holding the primary (the replica is promoted), or with FAILOVER_KILL=master the elected master (a new one is elected)
    const victimName = KILL === 'master' && master ? master.node : primary.node;
    const roles = [victimName === primary.node && `holding the primary of ${alias}`, victimName === master?.node && 'the elected master'].filter(Boolean).join(', ');
    const victim = `${victimName} (${roles || 'holding the replica'})`;
    const victimUrl = `http://${nodes.find((n) => n.name === victimName)!.http}`;
    const victimNumber = /node-(\d+)$/.exec(victimName)?.[1];
    if (!victimNumber) throw new Error(`${victimName} is not a node of scripts/es-cluster.sh`);

    const started = performance.now();
    const deadline = started + SECONDS * 1000;
    const reads: Read[] = [];
    const acknowledged = new Map<number, string>();
    const refused: string[] = [];
    const writeMs: number[] = [];
    let killedAt = 0;
    let clusterRecoveredAt = 0;

    const reader = async () => {
      while (performance.now() < deadline) {
        const signal = AbortSignal.timeout(REQUEST_TIMEOUT_MS);
        if (Math.random() < 0.8) {
          const query = new URLSearchParams({ location: pick(PLACES), radius: String(pick([1, 3, 5, 10])), sort_by: pick(SORTS), page: String(pick([1, 1, 1, 2, 3])) });
          if (Math.random() < 0.5) query.append('bedrooms[]', String(pick([1, 2, 3])));
          reads.push(await timed('search', () => fetch(`${base}/api/rest/portal/search?${query}`, { signal }), started));
        } else {
          reads.push(await timed('listing', () => fetch(`${base}/api/rest/portal/listings/${pick(readIds)}`, { signal }), started));
        }
      }
    };
    // each writer renames listings of its own share, one write at a time: its last acknowledged name is the one the index must hold
    const writer = async (w: number) => {
      const mine = owned.filter((_, i) => i % WRITERS === w);
      for (let n = 0; performance.now() < deadline; n++) {
        const listing = mine[n % mine.length]!;
        const name = `Failover rename ${w}-${n}`;
        const t0 = performance.now();
        const res = await fetch(`${base}/api/rest/listings/${encodeURIComponent(listing.externalRef)}?api_key=${key}`, {
          method: 'PATCH',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ name }),
          signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
        }).catch(() => null);
        writeMs.push(performance.now() - t0);
        if (res?.status === 200) acknowledged.set(listing.id, name);
        else refused.push(`${listing.externalRef} -> ${res?.status ?? 'no answer'}`);
        await res?.arrayBuffer().catch(() => undefined);
      }
    };
    const killer = async () => {
      await sleep(KILL_AT_SECONDS * 1000);
      await run('bash', ['scripts/es-cluster.sh', 'kill', victimNumber]);
      killedAt = performance.now() - started;
      killedNode = victimNumber;
      // recovered: the cluster has seen the node go and the index has its primary again (health not red)
      for (;;) {
        const health = await engine<{ number_of_nodes: number; status: string }>(`/_cluster/health/${alias}?timeout=1s&master_timeout=1s`, victimUrl).catch(() => null);
        if (health && health.number_of_nodes === nodes.length - 1 && health.status !== 'red') break;
        await sleep(100);
      }
      clusterRecoveredAt = performance.now() - started;
    };

    console.log(`failover: ${SECONDS} s of load, ${READERS} reading clients, ${WRITERS} writers; ${victim} to be killed at +${KILL_AT_SECONDS} s`);
    await Promise.all([...Array.from({ length: READERS }, reader), ...Array.from({ length: WRITERS }, (_, w) => writer(w)), killer()]);
    const loadEnded = performance.now();

    for (let i = 0; (await prisma.listingOutbox.count()) > 0; i++) {
      if (i > 1200) throw new Error('the outbox did not drain in 2 minutes after the load');
      await sleep(50);
    }
    const drainedMs = performance.now() - loadEnded;
    await runtime.search.indices.refresh({ index: alias });
    const ids = [...acknowledged.keys()];
    const docs = ids.length ? await runtime.search.mget<{ name: string }>({ index: alias, ids: ids.map(String), _source_includes: ['name'] }) : { docs: [] };
    const lost = docs.docs.filter((d) => !('found' in d) || !d.found || d._source?.name !== acknowledged.get(Number(d._id)));
    const check = await run('npx', ['--no-install', 'tsx', 'scripts/index-check.ts'], { env: process.env }).then(
      (r) => ({ ok: true, out: r.stdout }),
      (err: { stdout?: string }) => ({ ok: false, out: err.stdout ?? String(err) }),
    );
    const checked = JSON.parse(check.out) as { missing: number; stale: number; extra: number; pendingOutboxRows: number };
    const circuitOpened = readFileSync(logFile, 'utf8').split('\n').filter((l) => l.includes('search engine out of reach')).length;

    const failed = reads.filter((r) => !r.ok);
    const latencies = reads.map((r) => r.ms).sort((a, b) => a - b);
    const nearKill = reads.filter((r) => r.at >= killedAt - 1000 && r.at <= killedAt + 5000).map((r) => r.ms);
    const lastFailure = failed.length ? Math.max(...failed.map((r) => r.at + r.ms)) - killedAt : null;
    const searches = reads.filter((r) => r.what.startsWith('search')).length;
    const share = failed.length / Math.max(1, reads.length);
    writeMs.sort((a, b) => a - b);

    const restartStarted = performance.now();
    await run('bash', ['scripts/es-cluster.sh', 'up']);
    killedNode = null;
    const restartMs = performance.now() - restartStarted;

    console.log(`  reads:     ${reads.length} (${searches} searches, ${reads.length - searches} listing pages) in ${seconds(loadEnded - started)}, ${(reads.length / ((loadEnded - started) / 1000)).toFixed(0)}/s`);
    console.log(`  failed:    ${failed.length} (${(share * 100).toFixed(3)}%, limit ${MAX_FAILED_SHARE * 100}%)${failed.length ? `: ${failed.slice(0, 5).map((r) => r.what).join(', ')}` : ''}`);
    console.log(`  latency:   p50 ${percentile(latencies, 50).toFixed(0)} ms, p99 ${percentile(latencies, 99).toFixed(0)} ms, max ${(latencies.at(-1) ?? 0).toFixed(0)} ms; from 1 s before to 5 s after the kill: max ${Math.max(0, ...nearKill).toFixed(0)} ms`);
    console.log(`  writes:    ${writeMs.length} sent, ${writeMs.length - refused.length} acknowledged (${acknowledged.size} listings renamed), ${refused.length} refused${refused.length ? ` (${refused.slice(0, 3).join(', ')})` : ''}; p99 ${percentile(writeMs, 99).toFixed(0)} ms, max ${(writeMs.at(-1) ?? 0).toFixed(0)} ms`);
    console.log(`  in index:  ${ids.length - lost.length} of ${ids.length} renamed listings hold their last acknowledged name; outbox drained ${seconds(drainedMs)} after the load`);
    console.log(`  recovery:  ${victimName} killed at +${seconds(killedAt)}; the cluster had dropped it (index not red, ${nodes.length - 1} nodes) ${seconds(clusterRecoveredAt - killedAt)} later; ${lastFailure === null ? 'no read failed' : `last failed read ended ${seconds(lastFailure)} after the kill`}; circuit opened ${circuitOpened} times`);
    console.log(`  index:check ${check.ok ? 'equal' : 'DIFFERENT'}: missing ${checked.missing}, stale ${checked.stale}, extra ${checked.extra}, pending outbox rows ${checked.pendingOutboxRows}`);
    console.log(`  restart:   ${victimName} back and the cluster green in ${seconds(restartMs)}`);

    const problems = [
      share >= MAX_FAILED_SHARE && `${(share * 100).toFixed(3)}% of reads failed`,
      refused.length > 0 && `${refused.length} writes refused`,
      lost.length > 0 && `${lost.length} acknowledged writes not in the index (e.g. listing ${lost[0]!._id})`,
      !check.ok && 'the index differs from the database',
      acknowledged.size === 0 && 'no write was acknowledged',
    ].filter(Boolean);
    console.log(problems.length ? `FAIL: ${problems.join('; ')} (service log: ${logFile})` : 'PASS');
    return problems.length ? 1 : 0;
  } finally {
    service.kill('SIGTERM');
    await new Promise((resolve) => (service.exitCode !== null ? resolve(null) : service.once('exit', resolve)));
    if (killedNode) await run('bash', ['scripts/es-cluster.sh', 'up']).catch((err: unknown) => console.error('could not restart the killed node:', err));
  }
}

main()
  .then((code) => (process.exitCode = code))
  .catch((err: unknown) => {
    console.error(err);
    process.exitCode = 1;
  })
  .finally(() => runtime.close());
