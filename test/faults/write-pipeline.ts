// The write pipeline under faults: random inventory and listing writes (REST and bulk: creates, changes,
// price cuts, unpublishing, deletes) from several clients, while PostgreSQL and Elasticsearch are each
// killed and restarted at random moments and the reindex worker's process is killed mid-batch. Each
// client retries a write until it is acknowledged (the writes are idempotent), so the last acknowledged
// write of each resource is what the database must hold. Afterwards: every acknowledged write is in the
// database, and the index equals the database (index:check).
// Run by scripts/test-faults.sh, which starts the PostgreSQL and Elasticsearch of this run on ports of
// their own; never against the services of `npm start` or the tests.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomInt } from 'node:crypto';
import { loadConfig } from '../../src/config.ts';
import { openRuntime } from '../../src/runtime.ts';
import { diffIndex } from '../../src/indexing/index-diff.ts';
import { PROJECT_ROOT } from '../../src/core/project-root.ts';

const WRITES = Number(process.env.FAULT_WRITES ?? 10_000);
const CLIENTS = Number(process.env.FAULT_CLIENTS ?? 4);
const KILLS = Number(process.env.FAULT_KILLS ?? Math.max(1, Math.round(WRITES / 2500)));
const PORT = Number(process.env.FAULT_APP_PORT ?? 3991);
const KEY = process.env.FAULT_API_KEY!;
const base = `http://127.0.0.1:${PORT}`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const say = (text: string) => console.log(`[faults] ${new Date().toISOString().slice(11, 19)} ${text}`);

const childEnv = { ...process.env, LOG_LEVEL: 'warn', APP_ENV: 'development', LOCAL_MAILBOX: 'false', ALERT_JOB: 'false', WEBHOOK_WORKER: 'false' };
const tsx = (file: string, env: Record<string, string | undefined>): ChildProcess =>
  spawn(process.execPath, ['--import', 'tsx', file], { cwd: PROJECT_ROOT, env: { ...childEnv, ...env }, stdio: ['ignore', 'inherit', 'inherit'] });

let app: ChildProcess | null = null;
let worker: ChildProcess | null = null;
const startApp = () => (app = tsx('src/main.ts', { PORT: String(PORT), REINDEX_WORKER: 'false' }));
const startWorker = () => (worker = tsx('test/faults/worker-process.ts', { REINDEX_WORKER: 'true' }));

/** services.sh's functions, with this run's ports and directory */
function services(command: string): void {
  const script = `source scripts/services.sh; ensure_service_user; pick_services_dir; ${command}`;
  const env = { ...process.env, DATABASE_URL: '', ELASTICSEARCH_URL: '' };
  const done = spawnSync('bash', ['-c', script], { cwd: PROJECT_ROOT, env, stdio: ['ignore', 'ignore', 'inherit'] });
  if (done.status !== 0) throw new Error(`services: ${command} failed`);
}

const figures = { writes: 0, acknowledged: 0, retries: 0, kills: { postgres: 0, elasticsearch: 0, worker: 0 } };

// ---------- the writes ----------
type Expected = { listings: Map<string, { name: string; published: boolean } | null>; prices: Map<string, number> };
const expected: Expected = { listings: new Map(), prices: new Map() };

async function send(method: string, path: string, body?: unknown): Promise<{ status: number; json: any }> {
  const url = `${base}${path}${path.includes('?') ? '&' : '?'}api_key=${encodeURIComponent(KEY)}`;
  const res = await fetch(url, { method, headers: body === undefined ? {} : { 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await res.text();
  return { status: res.status, json: text && res.headers.get('content-type')?.includes('json') ? JSON.parse(text) : text };
}

/** Sends until acknowledged (2xx, or 404 for a delete of what is gone); anything else is retried. */
async function acknowledged(method: string, path: string, body?: unknown, ok: (r: { status: number; json: any }) => boolean = (r) => r.status < 300): Promise<void> {
  figures.writes++;
  for (let attempt = 0; ; attempt++) {
    try {
      const r = await send(method, path, body);
      if (ok(r)) {
        figures.acknowledged++;
        return;
      }
      if (r.status === 422 || r.status === 500) throw new Error(`${method} ${path}: ${r.status} ${JSON.stringify(r.json).slice(0, 300)}`);
    } catch (err) {
      if (err instanceof Error && /: (422|500) /.test(err.message)) throw err;
      // the service itself restarting, or a refused connection
    }
    figures.retries++;
    await sleep(Math.min(2000, 50 * 2 ** Math.min(attempt, 6)));
  }
}

const development = (c: number) => ({ name: `Fault ${c}`, displayAddress: 'Canal Street, Manchester', postcode: 'M1 1AD', tenure: 'leasehold', newBuild: true });
const property = (dev: string, price: number) => ({
  development: dev, propertyNumber: 'Flat 1', propertyType: 'Apartment', propertyTypeGroup: 'flat', bedrooms: 2, bathrooms: 1, tenure: 'leasehold',
  energyEfficiencyRatingCurrent: 84, energyEfficiencyRatingPotential: 86, environmentalImpactRatingCurrent: 85, environmentalImpactRatingPotential: 88,
  availabilityStatus: 'available', forSale: true, isSharedOwnership: true, fullMarketPrice: price, minSharePercentage: 25, subsidisedMonthlyRent: 500,
});
const listing = (dev: string, prop: string, name: string) => ({
  development: dev, properties: [prop], name, forSale: true, schemes: ['shared-ownership'], depositPercentage: 10, shortDescription: 'Fault run listing.',
});

async function client(c: number, writes: number): Promise<void> {
  const dev = `fault-${c}-dev`;
  await acknowledged('PUT', `/api/rest/inventory/developments/${dev}`, development(c));
  const props = Array.from({ length: 8 }, (_, k) => `fault-${c}-p${k}`);
  for (const p of props) {
    await acknowledged('PUT', `/api/rest/inventory/properties/${p}`, property(dev, 300_000));
    expected.prices.set(p, 300_000);
  }
  for (let i = 0; i < writes; i++) {
    const k = randomInt(props.length);
    const prop = props[k]!;
    const ref = `fault-${c}-l${k}`;
    const name = `Fault ${c}.${k} #${i}`;
    const current = expected.listings.get(ref);
    const roll = randomInt(100);
    if (roll < 25 || current === undefined || current === null) {
      await acknowledged('PUT', `/api/rest/listings/${ref}`, listing(dev, prop, name));
      expected.listings.set(ref, { name, published: true });
    } else if (roll < 40) {
      await acknowledged('PATCH', `/api/rest/listings/${ref}`, { name });
      expected.listings.set(ref, { ...current, name });
    } else if (roll < 55) {
      // a price cut (or a rise)
      const price = expected.prices.get(prop)! + (roll < 50 ? -randomInt(1, 5000) : randomInt(1, 5000));
      await acknowledged('PUT', `/api/rest/inventory/properties/${prop}`, property(dev, price));
      expected.prices.set(prop, price);
    } else if (roll < 65) {
      const published = !current.published;
      await acknowledged('PATCH', `/api/rest/listings/${ref}`, { published });
      expected.listings.set(ref, { ...current, published });
    } else if (roll < 75) {
      await acknowledged('DELETE', `/api/rest/listings/${ref}`, undefined, (r) => r.status < 300 || r.status === 404);
      expected.listings.set(ref, null);
    } else {
      // bulk: several of this client's listings in one request
      const ks = [...new Set(Array.from({ length: 3 }, () => randomInt(props.length)))];
      const data = ks.map((j) => ({ externalRef: `fault-${c}-l${j}`, ...listing(dev, props[j]!, `Fault ${c}.${j} bulk #${i}`) }));
      await acknowledged('POST', '/api/bulk/listings', { data }, (r) => r.status === 200 && r.json.data.every((item: { status: string }) => item.status !== 'failed'));
      for (const j of ks) expected.listings.set(`fault-${c}-l${j}`, { name: `Fault ${c}.${j} bulk #${i}`, published: true });
    }
  }
}

// ---------- the faults ----------
async function chaos(until: () => boolean): Promise<void> {
  const plan = [
    ...Array.from({ length: KILLS }, () => 'postgres'),
    ...Array.from({ length: KILLS }, () => 'elasticsearch'),
    ...Array.from({ length: KILLS }, () => 'worker'),
  ].sort(() => Math.random() - 0.5);
  for (const what of plan) {
    await sleep(randomInt(2000, 8000));
    if (until()) return;
    if (what === 'postgres') {
      say('killing PostgreSQL (pg_ctl -m immediate: a crash)');
      services(`run_as "'$PG_BIN/pg_ctl' -D '$SERVICES_DIR/pg/data' -m immediate stop" >/dev/null`);
      figures.kills.postgres++;
      await sleep(randomInt(2000, 10_000));
      services('pg_up');
      say('PostgreSQL restarted');
    } else if (what === 'elasticsearch') {
      say('killing Elasticsearch (SIGKILL)');
      services(`kill -9 "$(cat "$SERVICES_DIR/es/logs/es.pid")"; rm -f "$SERVICES_DIR/es/logs/es.pid"`);
      figures.kills.elasticsearch++;
      await sleep(randomInt(2000, 10_000));
      services('es_up');
      say('Elasticsearch restarted');
    } else {
      // mid-batch: wait until the outbox holds rows, then kill at once
      say('killing the reindex worker (SIGKILL)');
      worker?.kill('SIGKILL');
      figures.kills.worker++;
      await sleep(randomInt(500, 3000));
      startWorker();
    }
  }
}

async function main(): Promise<void> {
  startApp();
  startWorker();
  for (let i = 0; ; i++) {
    const up = await fetch(`${base}/health`).then((r) => r.ok, () => false);
    if (up) break;
    if (i > 600) throw new Error('the service did not start');
    await sleep(200);
  }
  say(`${WRITES} writes from ${CLIENTS} clients; ${KILLS} kill(s) each of PostgreSQL, Elasticsearch and the reindex worker`);
  let done = false;
  const faults = chaos(() => done);
  const started = performance.now();
  await Promise.all(Array.from({ length: CLIENTS }, (_, c) => client(c, Math.ceil(WRITES / CLIENTS))));
  done = true;
  await faults;
  say(`writes done in ${((performance.now() - started) / 1000).toFixed(0)} s`);

  // ---------- the checks ----------
  const runtime = openRuntime(loadConfig({ ...process.env, LOG_LEVEL: 'silent' }));
  try {
    for (let i = 0; (await runtime.prisma.listingOutbox.count()) > 0; i++) {
      if (i > 600) throw new Error('the outbox did not drain');
      await sleep(200);
    }
    let lost = 0;
    for (const [ref, want] of expected.listings) {
      const got = await send('GET', `/api/rest/listings/${ref}`);
      const ok = want === null ? got.status === 404 : got.status === 200 && got.json.name === want.name && got.json.published === want.published;
      if (!ok) {
        lost++;
        say(`LOST ${ref}: want ${JSON.stringify(want)}, got ${got.status} ${JSON.stringify(got.json).slice(0, 200)}`);
      }
    }
    for (const [ref, price] of expected.prices) {
      const got = await send('GET', `/api/rest/inventory/properties/${ref}`);
      if (got.status !== 200 || got.json.fullMarketPrice !== price) {
        lost++;
        say(`LOST ${ref}: want price ${price}, got ${got.status} ${JSON.stringify(got.json).slice(0, 200)}`);
      }
    }
    await runtime.search.indices.refresh({ index: runtime.listingIndex.alias });
    const diff = await diffIndex(runtime.prisma, runtime.search, runtime.listingIndex.alias);
    const indexDiff = diff.missing.length + diff.stale.length + diff.extra.length;
    const k = figures.kills;
    console.log(
      `[faults] writes ${figures.writes}, acknowledged ${figures.acknowledged} (after ${figures.retries} retries), kills: PostgreSQL ${k.postgres}, Elasticsearch ${k.elasticsearch}, worker ${k.worker}; lost ${lost}, index diff ${indexDiff} (missing ${diff.missing.length}, stale ${diff.stale.length}, extra ${diff.extra.length})`,
    );
    process.exitCode = lost === 0 && indexDiff === 0 && figures.acknowledged === figures.writes ? 0 : 1;
  } finally {
    await runtime.close();
    worker?.kill('SIGTERM');
    app?.kill('SIGTERM');
  }
}

main().catch((err: unknown) => {
  console.error('[faults] failed:', err);
  worker?.kill('SIGKILL');
  app?.kill('SIGKILL');
  process.exit(1);
});
