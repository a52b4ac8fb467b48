// Benchmark of portal search (not a test): a realistic mix of searches at 1, 10 and 50 concurrent
// clients against the API, and the same engine requests sent straight to Elasticsearch, in one run.
// Expects the benchmark database and index prepared by scripts/bench-sync.sh (or bench-search.sh).
//   --seconds=15 --concurrency=1,10,50 --queries=300 --rounds=3 (the seconds of each side and
//                        concurrency are split into rounds, the sides taking turns)
//   --warmup-seconds=N   each side's warm-up at 4 clients before measuring (--seconds by default)
//   --map-cache-size=N   the API's MAP_LISTING_CACHE_SIZE; 0 also sets MAP_ARRAY_CACHE_MB=0, so that
//                        every search fetches its map listings
//   --response-cache-mb=N the API's SEARCH_RESPONSE_CACHE_MB; 0 builds every response from the engine's answer
//   --metrics=off        the API without its Prometheus metrics (METRICS_ENABLED=false)
//   --listing-stats=off  the API without listing performance counting (LISTING_STATS=false)
//   --relay              also measures a bare relay (scripts/bench/engine-relay.ts) that forwards each
//                        search's multi-search and writes the answer back unparsed: what any API in
//                        front of the engine costs on this machine, the floor under the API's figures
//   --engine-cpus=1 --api-cpus=0   pin Elasticsearch, and the API with this load generator, to
//                        separate CPUs (taskset), to see which side saturates first
import { execFileSync, spawn } from 'node:child_process';
import { cpus, tmpdir } from 'node:os';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Agent, request } from 'undici';
import { loadConfig } from '../../src/config.ts';
import { openRuntime } from '../../src/runtime.ts';
import { parseSearchParams } from '../../src/listing-search/search-params.ts';
import { resolveArea } from '../../src/listing-search/location.ts';
import { buildFilters } from '../../src/listing-search/search-filters.ts';
import { multiSearchBody, planSearch, rotateFeatured, RESPONSE_PARTS } from '../../src/listing-search/search-request.ts';
import { readMapFingerprint } from '../../src/listing-search/map-fingerprint.ts';
import { ITEM_ONLY } from '../../src/listings/listing-item-field.ts';
import { PortalService } from '../../src/portals/portal-settings.ts';
import { Rng } from '../../src/demo/random.ts';
import { engineUrls } from '../../src/search/engine-urls.ts';

const args = new Map(process.argv.slice(2).map((a) => a.replace(/^--/, '').split('=') as [string, string]));
if (args.has('help')) {
  // the comment at the top of this file
  const usage = readFileSync(new URL(import.meta.url), 'utf8').split('\n');
  console.log(usage.slice(0, usage.findIndex((line) => !line.startsWith('//'))).map((line) => line.replace(/^\/\/ ?/, '')).join('\n'));
  process.exit(0);
}
const SECONDS = Number(args.get('seconds') ?? 15);
const LEVELS = (args.get('concurrency') ?? '1,10,50').split(',').map(Number);
const PORT = Number(args.get('port') ?? 3987);
const QUERIES = Number(args.get('queries') ?? 300);
const ROUNDS = Number(args.get('rounds') ?? 3);
const WARMUP_SECONDS = Number(args.get('warmup-seconds') ?? SECONDS);
const MAP_CACHE_SIZE = args.get('map-cache-size');
const RESPONSE_CACHE_MB = args.get('response-cache-mb');
const METRICS = args.get('metrics') ?? 'on';
const LISTING_STATS = args.get('listing-stats') ?? 'on';
const ENGINE_CPUS = args.get('engine-cpus');
const API_CPUS = args.get('api-cpus');
const RELAY = args.has('relay');
const RELAY_PORT = PORT + 1;

const runtime = openRuntime(loadConfig({ ...process.env, LOG_LEVEL: 'warn' }));
// the engine's own figures are taken from one node (the first of a cluster)
const ES = engineUrls(runtime.config.ELASTICSEARCH_URL)[0]!.replace(/\/$/, '');


const PLACES = ['London', 'Manchester', 'Leeds', 'Birmingham', 'Bristol', 'Cambridge', 'Milton Keynes', 'Reading', 'Brighton', 'Oxford', 'Leicester', 'Nottingham', 'Sheffield', 'Liverpool', 'Newcastle upon Tyne', 'Edinburgh', 'Glasgow', 'Cardiff', 'Belfast', 'Norwich', 'Exeter', 'Southampton', 'Camden', 'Croydon', 'SE1', 'M1', ''];

// centres of the shapes drawn on the map by the mix's polygon searches
const DRAWN_AROUND = [
  { lat: 51.507, lng: -0.128 },
  { lat: 53.48, lng: -2.242 },
  { lat: 53.8, lng: -1.549 },
  { lat: 52.486, lng: -1.89 },
  { lat: 51.455, lng: -2.588 },
];
const DRAWN_EVERY = 20;

/** A shape as drawn by hand round a centre: 6 to 30 vertices at uneven distances (concave), never crossing itself. */
function drawnArea(random: () => number): string {
  const c = DRAWN_AROUND[Math.floor(random() * DRAWN_AROUND.length)]!;
  const n = 6 + Math.floor(random() * 25);
  const reach = 0.02 + random() * 0.06;
  const vertices: string[] = [];
  for (let i = 0; i < n; i++) {
    // increasing angles round the centre, so the ring is simple whatever the distances
    const angle = ((i + random() * 0.8) / n) * 2 * Math.PI;
    const r = reach * (0.4 + random() * 0.6);
    vertices.push(`${(c.lat + r * Math.sin(angle)).toFixed(5)},${(c.lng + (r * Math.cos(angle)) / Math.cos((c.lat * Math.PI) / 180)).toFixed(5)}`);
  }
  return vertices.join(';');
}

/**
 * A realistic mix: mostly first pages around a town, some filters, some later pages; one search in
 * DRAWN_EVERY looks inside a drawn area instead (with the same filters, drawn with a generator of its own
 * so that the other searches stay as they were).
 */
function queryMix(n: number): URLSearchParams[] {
  const rng = new Rng(42);
  const random = () => rng.next();
  const pick = <T>(list: T[]) => list[Math.floor(random() * list.length)]!;
  const out: URLSearchParams[] = [];
  for (let i = 0; i < n; i++) {
    const q = new URLSearchParams();
    const rent = random() < 0.25;
    if (rent) q.set('occupancy_type', 'to-rent');
    const place = pick(PLACES);
    if (place) q.set('location', place);
    q.set('radius', String(pick([0, 1, 3, 3, 5, 10])));
    if (random() < 0.3) for (const b of pick([['1'], ['2'], ['2', '3'], ['3', '4']])) q.append('bedrooms[]', b);
    if (!rent && random() < 0.3) q.append('schemes[]', pick(['shared-ownership', 'first-homes', 'market-sale']));
    if (!rent && random() < 0.25) q.set('max_full_value', String(pick([200000, 300000, 500000])));
    if (rent && random() < 0.3) q.set('max_monthly_rent', String(pick([1000, 1500, 2000])));
    if (random() < 0.2) q.set('sort_by', rent ? pick(['rent-low-high', 'nearest']) : pick(['price-low-high', 'price-high-low', 'nearest']));
    if (random() < 0.15) {
      q.set('eligible_only', '1');
      q.set('household_income', String(pick([40000, 60000, 85000])));
    }
    if (random() < 0.2) q.set('page', String(pick([2, 3])));
    out.push(q);
  }
  const drawing = new Rng(7);
  for (let i = DRAWN_EVERY - 1; i < out.length; i += DRAWN_EVERY) {
    out[i]!.delete('location');
    out[i]!.delete('radius');
    out[i]!.set('area', drawnArea(() => drawing.next()));
  }
  return out;
}

interface RawAnswer {
  hits?: { hits?: { _id: string; fields?: { id?: number[] } }[] };
  aggregations?: Record<string, unknown>;
}
const hitsOf = (answer: RawAnswer | undefined) => answer?.hits?.hits ?? [];

interface Raw {
  ndjson: string;
  page: number;
  featuredPerPage: number;
  hasCounts: boolean;
  hasPool: boolean;
  /** the map listings request, sent when its fingerprint is new to this side (as the API's cache does) */
  map: string | null;
}

/** The engine requests the API sends for a query at time `now`, built by the same code. */
async function rawRequests(queries: URLSearchParams[], now: Date): Promise<Raw[]> {
  const portal = (await new PortalService(runtime.prisma).find(1))!;
  const out: Raw[] = [];
  for (const q of queries) {
    const p = parseSearchParams(Object.fromEntries([...new Set(q.keys())].map((k) => [k, k.endsWith('[]') ? q.getAll(k) : q.get(k)])));
    const area = await resolveArea(p, runtime.gazetteer);
    const eligibility = p.eligible_only ? { ...(await import('../../src/eligibility/eligibility-rules.ts')).UNKNOWN_CUSTOMER, annualHouseholdIncome: p.household_income } : null;
    const filters = buildFilters(p, { rect: area.rectBounds, portalId: 1, now, eligibility, allowedExtraFilters: [] });
    const plan = planSearch(p, filters, area, portal.settings, null);
    out.push({
      ndjson: multiSearchBody(plan),
      page: p.page,
      featuredPerPage: plan.featuredPerPage,
      hasCounts: plan.counts !== null,
      hasPool: plan.featuredPool !== null,
      map: plan.map && JSON.stringify(plan.map),
    });
  }
  return out;
}

const BROWSER_HEADERS = { accept: 'application/json', 'accept-encoding': 'gzip, deflate, br, zstd' };

const dispatcher = new Agent({ connections: 128, keepAliveTimeout: 30_000 });

const minuteOf = (ms: number) => Math.floor(ms / 60_000);

/**
 * The engine requests of every search, for the minute they are sent in: the API takes the visibility
 * time to the minute, so its requests change every minute (and the shard request cache starts afresh
 * for them); the engine and relay sides send the very same ones. Each minute's are built a few seconds
 * ahead, and written to a file of that minute for the relay.
 */
class RequestsByMinute {
  private readonly built = new Map<number, Promise<Raw[]>>();
  private readonly timer: NodeJS.Timeout;
  private stopped = false;

  constructor(
    private readonly queries: URLSearchParams[],
    private readonly relayDir: string | null,
  ) {
    this.timer = setInterval(() => void this.at(minuteOf(Date.now() + 5_000)), 1_000);
  }

  at(minute: number): Promise<Raw[]> {
    let raws = this.built.get(minute);
    if (!raws) {
      raws = rawRequests(this.queries, new Date(minute * 60_000)).then((list) => {
        // (none once stopped: the relay's folder is being removed)
        if (this.relayDir && !this.stopped) writeFileSync(join(this.relayDir, `requests-${minute}.json`), JSON.stringify(list.map((r) => r.ndjson)));
        return list;
      });
      this.built.set(minute, raws);
      this.built.delete(minute - 2);
    }
    return raws;
  }

  stop(): void {
    this.stopped = true;
    clearInterval(this.timer);
  }
}

interface Run {
  latencies: number[];
  seconds: number;
  errors: number;
  /** CPU milliseconds spent during the run by the engine, the API (or relay) and this load generator */
  cpu?: CpuSpent;
}

interface CpuSpent {
  engine: number;
  server: number;
  loader: number;
}

/** CPU milliseconds a process has used so far (all its threads), from /proc. */
function cpuOf(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
}
const CLOCK_TICKS = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim());

/** Runs `run`, adding what the engine, `serverPid` and this process spent meanwhile. */
async function measured(enginePid: number, serverPid: number | null, run: () => Promise<Run>): Promise<Run> {
  const before = { engine: cpuOf(enginePid), server: serverPid ? cpuOf(serverPid) : 0, loader: process.cpuUsage() };
  const result = await run();
  const used = process.cpuUsage(before.loader);
  result.cpu = { engine: cpuOf(enginePid) - before.engine, server: serverPid ? cpuOf(serverPid) - before.server : 0, loader: (used.user + used.system) / 1000 };
  return result;
}

/** Sends searches round the list for `seconds`, or `limit` searches when given. */
async function load(concurrency: number, send: (i: number) => Promise<void>, count: number, seconds: number, limit = Number.POSITIVE_INFINITY): Promise<Run> {
  const latencies: number[] = [];
  const deadline = Date.now() + seconds * 1000;
  let next = 0;
  let errors = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (Date.now() < deadline && next < limit) {
        const i = next++ % count;
        const t = performance.now();
        try {
          await send(i);
          latencies.push(performance.now() - t);
        } catch {
          errors++;
        }
      }
    }),
  );
  return { latencies, seconds: (performance.now() - started) / 1000, errors };
}

/** Percentiles and throughput over all of one side's rounds. */
function summarise(runs: Run[]) {
  const latencies = runs.flatMap((r) => r.latencies).sort((a, b) => a - b);
  const seconds = runs.reduce((sum, r) => sum + r.seconds, 0);
  const p = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? NaN;
  const cpu = (part: keyof CpuSpent) => runs.reduce((sum, r) => sum + (r.cpu?.[part] ?? 0), 0) / latencies.length;
  return {
    n: latencies.length,
    errors: runs.reduce((sum, r) => sum + r.errors, 0),
    rps: latencies.length / seconds,
    p50: p(0.5),
    p95: p(0.95),
    p99: p(0.99),
    cpu: { engine: cpu('engine'), server: cpu('server'), loader: cpu('loader') },
  };
}

async function main(): Promise<void> {
  const listings = await runtime.search.count({ index: runtime.listingIndex.alias });
  console.log(`index ${runtime.listingIndex.alias}: ${listings.count} listings`);
  const queries = queryMix(QUERIES);
  const enginePid = await engineProcess();
  if (ENGINE_CPUS || API_CPUS) pin(enginePid);

  const api = spawn('bash', ['scripts/serve.sh'], {
    env: {
      ...process.env,
      PORT: String(PORT),
      LOG_LEVEL: 'warn',
      REINDEX_WORKER: 'false',
      ...(MAP_CACHE_SIZE ? { MAP_LISTING_CACHE_SIZE: MAP_CACHE_SIZE } : {}),
      ...(MAP_CACHE_SIZE === '0' ? { MAP_ARRAY_CACHE_MB: '0' } : {}),
      ...(RESPONSE_CACHE_MB ? { SEARCH_RESPONSE_CACHE_MB: RESPONSE_CACHE_MB } : {}),
      METRICS_ENABLED: String(METRICS !== 'off'),
      LISTING_STATS: String(LISTING_STATS !== 'off'),
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const relayDir = RELAY ? mkdtempSync(join(tmpdir(), 'search-bench-')) : null;
  const requests = new RequestsByMinute(queries, relayDir);
  await requests.at(minuteOf(Date.now()));
  const relay = relayDir ? startRelay(relayDir) : null;
  try {
    await listening(`http://127.0.0.1:${PORT}/health`);
    if (relay) await listening(`http://127.0.0.1:${RELAY_PORT}/?i=0&m=${minuteOf(Date.now())}`);
    // the API and relay sides take the response's bytes as they come, without decoding them; the API
    // is asked as a browser asks it, accepting compressed responses
    const sendApi = async (i: number) => {
      const res = await request(`http://127.0.0.1:${PORT}/api/rest/portal/search?${queries[i]}`, { dispatcher, headers: BROWSER_HEADERS });
      await res.body.arrayBuffer();
      if (res.statusCode !== 200) throw new Error(String(res.statusCode));
    };
    const sendRelay = async (i: number) => {
      const minute = minuteOf(Date.now());
      await requests.at(minute);
      const res = await request(`http://127.0.0.1:${RELAY_PORT}/?i=${i}&m=${minute}`, { dispatcher });
      await res.body.arrayBuffer();
      if (res.statusCode !== 200) throw new Error(String(res.statusCode));
    };
    // the same engine requests as the API: the multi-search, then the map listings when their
    // fingerprint is new, and any featured listing the multi-search did not bring
    const post = async (path: string, body: string, type = 'application/json') => {
      const res = await request(`${ES}${path}`, { method: 'POST', body, headers: { 'content-type': type }, dispatcher });
      const answer = (await res.body.json()) as RawAnswer;
      if (res.statusCode !== 200) throw new Error(String(res.statusCode));
      return answer;
    };
    const fingerprints = new Set<string>();
    const rawMap = async (raw: Raw, counts: RawAnswer | undefined) => {
      if (!raw.map) return;
      const known = readMapFingerprint(counts?.aggregations);
      if (known !== null && MAP_CACHE_SIZE !== '0' && fingerprints.has(known)) return;
      const answer = await post(`/${runtime.listingIndex.alias}/_search?filter_path=hits.hits.fields,aggregations`, raw.map);
      const own = readMapFingerprint(answer.aggregations);
      if (own !== null) fingerprints.add(own);
    };
    const rawFeatured = async (raw: Raw, main: RawAnswer | undefined, pool: RawAnswer | undefined, window: RawAnswer | undefined) => {
      if (!raw.hasPool) return;
      const inWindow = new Set(hitsOf(window).map((h) => Number(h._id)));
      const picked = rotateFeatured(hitsOf(pool).map((h) => Number(h.fields!.id![0])), raw.page, raw.featuredPerPage, new Set(hitsOf(main).map((h) => Number(h._id))));
      const ids = picked.filter((id) => !inWindow.has(id));
      if (ids.length) await post(`/${runtime.listingIndex.alias}/_mget?_source=false&stored_fields=${ITEM_ONLY.stored_fields.join(',')}`, JSON.stringify({ ids: ids.map(String) }));
    };
    const sendRaw = async (i: number) => {
      const raw = (await requests.at(minuteOf(Date.now())))[i]!;
      const { responses } = (await post(`/${runtime.listingIndex.alias}/_msearch?filter_path=${RESPONSE_PARTS.join(',')}`, raw.ndjson, 'application/x-ndjson')) as unknown as { responses: RawAnswer[] };
      const [main, ...rest] = responses;
      const counts = raw.hasCounts ? rest.shift() : undefined;
      await Promise.all([rawMap(raw, counts), rawFeatured(raw, main, rest[0], rest[1])]);
    };
    // warm every side (JIT, caches) before measuring: every search once, then for the warm-up seconds
    for (const send of relay ? [sendApi, sendRaw, sendRelay] : [sendApi, sendRaw]) {
      await load(4, send, queries.length, 600, queries.length);
      await load(4, send, queries.length, WARMUP_SECONDS);
    }
    const fmt = (r: ReturnType<typeof summarise>) =>
      `p50 ${r.p50.toFixed(1)} ms  p95 ${r.p95.toFixed(1)} ms  p99 ${r.p99.toFixed(1)} ms  ${r.rps.toFixed(0)} req/s  (${r.n} requests, ${r.errors} errors)` +
      `  CPU/search: engine ${r.cpu.engine.toFixed(2)} ms, server ${r.cpu.server.toFixed(2)} ms, load generator ${r.cpu.loader.toFixed(2)} ms`;
    const servers: Record<string, number | null> = { engine: null, API: api.pid ?? null, relay: relay?.pid ?? null };
    const sides = { engine: sendRaw, API: sendApi, ...(relay ? { relay: sendRelay } : {}) };
    console.log(`\n${queries.length} distinct searches, ${SECONDS}s per side and concurrency, in ${ROUNDS} interleaved rounds; API metrics ${METRICS === 'off' ? 'off' : 'on'}, listing statistics ${LISTING_STATS === 'off' ? 'off' : 'on'}`);
    for (const c of LEVELS) {
      // the sides take turns, in a rotating order, so that the machine's drift falls on all of them alike
      const runs = new Map<string, Run[]>(Object.keys(sides).map((name) => [name, []]));
      for (let round = 0; round < ROUNDS; round++) {
        const order = Object.entries(sides);
        for (let k = 0; k < order.length; k++) {
          const [name, send] = order[(round + k) % order.length]!;
          runs.get(name)!.push(await measured(enginePid, servers[name] ?? null, () => load(c, send, queries.length, SECONDS / ROUNDS)));
        }
      }
      const [raw, viaApi, floor] = [...runs.values()].map(summarise);
      console.log(`\nconcurrency ${c}`);
      console.log(`  engine  ${fmt(raw!)}`);
      console.log(`  API     ${fmt(viaApi!)}`);
      if (floor) console.log(`  relay   ${fmt(floor)}`);
      console.log(`  API/engine: p50 x${(viaApi!.p50 / raw!.p50).toFixed(2)}, throughput x${(viaApi!.rps / raw!.rps).toFixed(2)}`);
      if (floor) console.log(`  relay/engine: p50 x${(floor.p50 / raw!.p50).toFixed(2)}, throughput x${(floor.rps / raw!.rps).toFixed(2)}`);
    }
  } finally {
    requests.stop();
    api.kill('SIGTERM');
    relay?.kill('SIGTERM');
    if (relayDir) rmSync(relayDir, { recursive: true, force: true });
    if (ENGINE_CPUS || API_CPUS) execFileSync('taskset', ['-a', '-cp', `0-${cpus().length - 1}`, String(enginePid)], { stdio: 'ignore' });
  }
}

/** The bare relay, serving the multi-search of search N in minute M at /?i=N&m=M (see engine-relay.ts). */
function startRelay(dir: string) {
  return spawn(process.execPath, ['--import', 'tsx', 'scripts/bench/engine-relay.ts'], {
    env: { ...process.env, PORT: String(RELAY_PORT), RELAY_REQUESTS: dir, ELASTICSEARCH_URL: ES, RELAY_INDEX: runtime.listingIndex.alias },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
}

async function listening(url: string): Promise<void> {
  for (let i = 0; i < 120; i++) {
    try {
      if ((await request(url, { dispatcher })).statusCode === 200) return;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`nothing answers at ${url}`);
}

/** The engine's process id (it runs on this machine). */
async function engineProcess(): Promise<number> {
  const res = await request(`${ES}/_nodes/_local/process?filter_path=nodes.*.process.id`, { dispatcher });
  const nodes = ((await res.body.json()) as { nodes: Record<string, { process: { id: number } }> }).nodes;
  return Object.values(nodes)[0]!.process.id;
}

/** Pins the engine and this process (with the API it spawns) to the CPUs given. */
function pin(pid: number): void {
  if (ENGINE_CPUS) execFileSync('taskset', ['-a', '-cp', ENGINE_CPUS, String(pid)], { stdio: 'ignore' });
  if (API_CPUS) execFileSync('taskset', ['-a', '-cp', API_CPUS, String(process.pid)], { stdio: 'ignore' });
  console.log(`engine (pid ${pid}) on CPUs ${ENGINE_CPUS ?? 'all'}; API and load generator on CPUs ${API_CPUS ?? 'all'}`);
}

main()
  .catch((err) => {
    console.error(err);
    process.exitCode = 1;
  })
  .finally(async () => {
    await runtime.close();
    await dispatcher.close();
  });
