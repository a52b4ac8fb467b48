// A search node of a test's own, to kill and restart without touching the shared one: the same unpacked
// distribution, its own config directory (ES_PATH_CONF, a copy of the distribution's config/), data and
// log directories and ports, 512 MB of heap, single-node, security off. As root it runs as the
// unprivileged service user, as scripts/services.sh runs the shared node.
import { execFile } from 'node:child_process';
import { cp, mkdtemp, readdir, readFile, rm, writeFile, chmod } from 'node:fs/promises';
import { existsSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './free-port.ts';

const run = promisify(execFile);
// tests run from the checkout's root (npm test)
const ROOT = process.cwd();
const ES_VERSION = process.env.ES_VERSION ?? '9.2.4';
const SERVICE_USER = process.env.SERVICE_USER ?? 'portalsvc';
const isRoot = process.getuid?.() === 0;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The distribution scripts/services.sh unpacked, or else the one the shared node runs from (another checkout's). */
async function distribution(sharedUrl: string): Promise<string> {
  const { stdout } = await run('bash', [path.join(ROOT, 'scripts/services.sh'), 'dir']);
  const own = path.join(stdout.trim(), 'es', `elasticsearch-${ES_VERSION}`);
  if (existsSync(path.join(own, 'bin/elasticsearch'))) return own;
  const res = await fetch(new URL('/_nodes/_local/settings?filter_path=nodes.*.settings.path.home', sharedUrl));
  const nodes = ((await res.json()) as { nodes?: Record<string, { settings: { path: { home: string } } }> }).nodes ?? {};
  const home = Object.values(nodes)[0]?.settings.path.home;
  if (home && existsSync(path.join(home, 'bin/elasticsearch'))) return home;
  throw new Error(`no unpacked Elasticsearch distribution: neither ${own} nor the shared node's home (${home ?? 'unknown'})`);
}

/** A JDK of version 21 or newer, looked for as scripts/services.sh does. */
async function jdk(): Promise<string> {
  const jvms = existsSync('/usr/lib/jvm') ? (await readdir('/usr/lib/jvm')).map((d) => path.join('/usr/lib/jvm', d)) : [];
  const candidates = [process.env.ES_JAVA_HOME, process.env.JAVA_HOME, ...jvms].filter((d): d is string => !!d && existsSync(path.join(d, 'bin/java')));
  const major = (dir: string) => {
    try {
      return Number(/JAVA_VERSION="(\d+)/.exec(readFileSync(path.join(dir, 'release'), 'utf8'))?.[1] ?? 0);
    } catch {
      return 0;
    }
  };
  const best = candidates.filter((d) => major(d) >= 21).sort((a, b) => major(b) - major(a))[0];
  if (!best) throw new Error('no JDK 21 or newer for Elasticsearch (ES_JAVA_HOME, JAVA_HOME, /usr/lib/jvm)');
  return best;
}


const quote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

export class ScratchEngineNode {
  private constructor(
    private readonly home: string,
    private readonly javaHome: string,
    private readonly dir: string,
    readonly port: number,
  ) {}

  /** Prepares the node's directories and configuration (not started). */
  static async create(sharedUrl: string): Promise<ScratchEngineNode> {
    const [home, javaHome, port, transportPort] = await Promise.all([distribution(sharedUrl), jdk(), freePort(), freePort()]);
    const dir = await mkdtemp(path.join(os.tmpdir(), 'engine-outage-'));
    await cp(path.join(home, 'config'), path.join(dir, 'config'), { recursive: true, filter: (src) => !src.endsWith('elasticsearch.keystore') });
    const settings = {
      'cluster.name': `outage-${port}`,
      'node.name': 'outage',
      'path.data': path.join(dir, 'data'),
      'path.logs': path.join(dir, 'logs'),
      'network.host': '127.0.0.1',
      'http.port': port,
      'transport.port': transportPort,
      'discovery.type': 'single-node',
      'xpack.security.enabled': false,
      'xpack.ml.enabled': false,
      'xpack.watcher.enabled': false,
      'cluster.routing.allocation.disk.threshold_enabled': false,
    };
    await writeFile(path.join(dir, 'config/elasticsearch.yml'), Object.entries(settings).map(([k, v]) => `${k}: ${v}\n`).join(''));
    await chmod(dir, 0o755);
    if (isRoot) await run('chown', ['-R', SERVICE_USER, dir]);
    const node = new ScratchEngineNode(home, javaHome, dir, port);
    process.once('exit', () => node.killSync());
    return node;
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  private get pidFile(): string {
    return path.join(this.dir, 'es.pid');
  }

  /** Starts the node (on the data it has) and waits until it answers healthy. */
  async start(timeoutMs = 90_000): Promise<void> {
    await rm(this.pidFile, { force: true });
    const env = `ES_PATH_CONF=${quote(path.join(this.dir, 'config'))} ES_JAVA_HOME=${quote(this.javaHome)} ES_JAVA_OPTS='-Xms512m -Xmx512m -XX:TieredStopAtLevel=1'`;
    const command = `${env} ${quote(path.join(this.home, 'bin/elasticsearch'))} -d -p ${quote(this.pidFile)} > ${quote(path.join(this.dir, 'startup.out'))} 2>&1`;
    try {
      // -d returns once the node has started (or failed to)
      await (isRoot ? run('su', [SERVICE_USER, '-s', '/bin/bash', '-c', command], { timeout: timeoutMs }) : run('bash', ['-c', command], { timeout: timeoutMs }));
    } catch (err) {
      const out = await readFile(path.join(this.dir, 'startup.out'), 'utf8').catch(() => '');
      throw new Error(`the test's search node did not start: ${String(err)}\n${out.split('\n').slice(-15).join('\n')}`, { cause: err });
    }
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const healthy = await fetch(`${this.url}/_cluster/health?wait_for_status=yellow&timeout=1s`).then((r) => r.ok, () => false);
      if (healthy) return;
      if (Date.now() > deadline) throw new Error(`the test's search node on ${this.url} did not become healthy`);
      await sleep(200);
    }
  }

  private pid(): number | null {
    try {
      return Number(readFileSync(this.pidFile, 'utf8').trim()) || null;
    } catch {
      return null;
    }
  }

  private static alive(pid: number): boolean {
    try {
      process.kill(pid, 0);
    } catch {
      return false;
    }
    // a killed process not yet reaped by its parent still answers signal 0
    try {
      return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
    } catch {
      return false;
    }
  }

  /** SIGKILL, as the outage in production: no shutdown, connections refused from then on. */
  async kill(): Promise<void> {
    const pid = this.pid();
    if (pid === null) return;
    if (ScratchEngineNode.alive(pid)) process.kill(pid, 'SIGKILL');
    for (let i = 0; i < 100 && ScratchEngineNode.alive(pid); i++) await sleep(50);
    if (ScratchEngineNode.alive(pid)) throw new Error(`the test's search node (pid ${pid}) is still running after SIGKILL`);
  }

  private killSync(): void {
    const pid = this.pid();
    if (pid !== null && ScratchEngineNode.alive(pid)) process.kill(pid, 'SIGKILL');
  }

  /** Kills the node and removes its directories. */
  async destroy(): Promise<void> {
    await this.kill();
    await rm(this.dir, { recursive: true, force: true });
  }
}
