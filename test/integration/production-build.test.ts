// The production build: `npm run build`, then the operator's scripts and the service itself run by
// plain node (no tsx) from dist/, the service with the V8 settings of the Dockerfile's command, which
// must be those of scripts/serve.sh.
import { expect } from 'chai';
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { PROJECT_ROOT } from '../../src/core/project-root.ts';
import { freePort } from '../support/free-port.ts';

const run = promisify(execFile);
const env = { ...process.env, LOG_LEVEL: 'warn' };
const node = (args: string[]) => run(process.execPath, args, { cwd: PROJECT_ROOT, env });

/** the Dockerfile's CMD, as JSON */
function dockerCommand(): string[] {
  const match = /^CMD (\[.*\])$/m.exec(readFileSync(path.join(PROJECT_ROOT, 'Dockerfile'), 'utf8'));
  if (!match) throw new Error('no CMD in the Dockerfile');
  return JSON.parse(match[1]!) as string[];
}

/** the V8 flags of the node command scripts/serve.sh runs */
function serveFlags(): string[] {
  const line = readFileSync(path.join(PROJECT_ROOT, 'scripts/serve.sh'), 'utf8')
    .split('\n')
    .find((l) => l.startsWith('exec node '));
  return (line ?? '').split(/\s+/).filter((word) => word.startsWith('--') && word !== '--import');
}

async function exited(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null) return child.exitCode;
  return new Promise((resolve) => child.once('exit', (code) => resolve(code)));
}

describe('the production build', function () {
  this.timeout(60_000);

  before(async function () {
    // the compile takes 20 s on two idle cores, and several times that on busy ones
    this.timeout(240_000);
    await node(['--import', 'tsx', 'scripts/build.ts']);
  });

  it('runs the service with the V8 and malloc settings of scripts/serve.sh', () => {
    const command = dockerCommand();
    expect(command[0]).to.equal('node');
    expect(command.at(-1)).to.equal('dist/main.js');
    expect(serveFlags()).to.have.length.of.at.least(3);
    expect(command.slice(1, -1)).to.deep.equal(serveFlags());
    const dockerfile = readFileSync(path.join(PROJECT_ROOT, 'Dockerfile'), 'utf8');
    const serve = readFileSync(path.join(PROJECT_ROOT, 'scripts/serve.sh'), 'utf8');
    expect(/^ENV .*\bMALLOC_ARENA_MAX=(\d+)/m.exec(dockerfile)?.[1]).to.equal(/MALLOC_ARENA_MAX:-(\d+)/.exec(serve)?.[1]).and.to.be.a('string');
  });

  it('applies migrations and loads reference data from dist/scripts', async () => {
    const migrated = await node([
      '--experimental-wasm-modules',
      '--disable-warning=ExperimentalWarning',
      'dist/scripts/migrate.js',
      'apply',
    ]);
    expect(migrated.stdout.trim()).to.equal('database is up to date');
    const loaded = await node(['dist/scripts/load-reference-data.js']);
    expect(JSON.parse(loaded.stdout)).to.deep.include({ regions: 12, schemes: 8, portals: 2 });
  });

  it('creates an API account and checks the index from dist/scripts', async () => {
    const created = await node(['dist/scripts/create-api-account.js', '--name', 'Build check partner', '--kind', 'partner']);
    expect(created.stdout).to.match(/hsp_[A-Za-z0-9_-]{20,}/);
    // exit code 1 when the index and the database differ, which other tests may leave them doing
    const checked = await node(['dist/scripts/index-check.js']).catch((err: { code: number; stdout: string }) => {
      expect(err.code).to.equal(1);
      return err;
    });
    expect(JSON.parse(checked.stdout)).to.have.all.keys('missing', 'stale', 'extra', 'pendingOutboxRows', 'examples', 'failing');
  });

  it('serves from dist/main.js: ready, metrics, and a clean stop on SIGTERM', async () => {
    const port = await freePort();
    const [, ...args] = dockerCommand();
    const service = spawn(process.execPath, args, {
      cwd: PROJECT_ROOT,
      env: { ...env, HOST: '127.0.0.1', PORT: String(port), APP_ENV: 'test', REINDEX_WORKER: 'false' },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    service.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    try {
      const base = `http://127.0.0.1:${port}`;
      const deadline = Date.now() + 30_000;
      let ready: Response | null = null;
      while (!ready?.ok) {
        if (service.exitCode !== null || Date.now() > deadline)
          throw new Error(`the service did not get ready (exit ${service.exitCode}): ${stderr}`);
        ready = await fetch(`${base}/ready`).catch(() => null);
        if (!ready?.ok) await new Promise((resolve) => setTimeout(resolve, 200));
      }
      expect(await ready.json()).to.deep.equal({ status: 'ready', database: 'up', search: 'up', postcodes: 'national' });
      const metrics = await (await fetch(`${base}/metrics`)).text();
      expect(metrics).to.match(/^portal_http_request_duration_seconds_count\{method="GET",route="\/ready",status="200"\} [1-9]/m);
      expect(metrics).to.match(/^portal_dependency_up\{dependency="database"\} 1$/m);
      service.kill('SIGTERM');
      expect(await exited(service)).to.equal(0);
    } finally {
      if (service.exitCode === null) service.kill('SIGKILL');
    }
  });
});
