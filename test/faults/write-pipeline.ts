// npm run test:faults: the write pipeline under faults (pipeline.ts) against a PostgreSQL and an
// Elasticsearch of its own, crashed for real: PostgreSQL stopped with `pg_ctl -m immediate` (a crash),
// Elasticsearch with SIGKILL, each started again after a few seconds; the worker process with SIGKILL.
// Run by scripts/test-faults.sh, which starts those stores on ports of their own; never against the
// services of `npm start` or the tests.
import { spawnSync } from 'node:child_process';
import { PROJECT_ROOT } from '../../src/core/project-root.ts';
import { faultSeed, runWritePipeline } from './pipeline.ts';

const WRITES = Number(process.env.FAULT_WRITES ?? 10_000);
const say = (text: string) => console.log(`[faults] ${new Date().toISOString().slice(11, 19)} ${text}`);

/** services.sh's functions, with this run's ports and directory */
function services(command: string): void {
  const script = `source scripts/services.sh; ensure_service_user; pick_services_dir; ${command}`;
  const env = { ...process.env, DATABASE_URL: '', ELASTICSEARCH_URL: '' };
  const done = spawnSync('bash', ['-c', script], { cwd: PROJECT_ROOT, env, stdio: ['ignore', 'ignore', 'inherit'] });
  if (done.status !== 0) throw new Error(`services: ${command} failed`);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

runWritePipeline({
  seed: faultSeed(),
  writes: WRITES,
  clients: Number(process.env.FAULT_CLIENTS ?? 4),
  kills: Number(process.env.FAULT_KILLS ?? Math.max(1, Math.round(WRITES / 2500))),
  appPort: Number(process.env.FAULT_APP_PORT ?? 3991),
  apiKey: process.env.FAULT_API_KEY!,
  childEnv: {},
  checkEnv: {},
  outageMs: [2000, 10_000],
  scoped: false,
  childLogLevel: process.env.FAULT_LOG_LEVEL ?? 'error',
  say,
  async takeDown(store, outageMs) {
    if (store === 'postgres') services(`run_as "'$PG_BIN/pg_ctl' -D '$SERVICES_DIR/pg/data' -m immediate stop" >/dev/null`);
    else services(`kill -9 "$(cat "$SERVICES_DIR/es/logs/es.pid")"; rm -f "$SERVICES_DIR/es/logs/es.pid"`);
    await sleep(outageMs);
    services(store === 'postgres' ? 'pg_up' : 'es_up');
  },
}).then(
  (result) => {
    console.log(`[faults] ${result.summary}`);
    console.log(`[faults] ${result.passed ? 'passed' : 'FAILED'}`);
    process.exit(result.passed ? 0 : 1);
  },
  (err: unknown) => {
    console.error('[faults] failed:', err);
    process.exit(1);
  },
);
