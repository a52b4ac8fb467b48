// Benchmark of portal search (not a test): a realistic mix of searches at 1, 10 and 50 concurrent
// clients against the API, and the same engine requests sent straight to Elasticsearch, in one run.
// Expects the benchmark database and index prepared by scripts/bench-sync.sh (or bench-search.sh).
//   --seconds=15 --concurrency=1,10,50 --rounds=3 (the seconds of each side and concurrency are
//                        split into rounds, the sides taking turns)
//   --mix=realistic      (the default) distinct searches drawn by Zipf's law, a third signed in, one in
//                        eight with keywords, place autocomplete between them (search-mix.ts);
//                        --mix=repeating sends --queries
//                        anonymous searches (300 by default) round and round, as before
//   --queries=N          distinct searches (realistic: 5000 by default)
//   --customers=300 --signed-in=0.33 --places-share=0.1   the realistic mix's signed-in customers
//                        (each with favourites among popular results), the share of searches sent
//                        signed in, and the share of requests that are place autocomplete
//   --warmup-seconds=N   each side's warm-up at 4 clients before measuring (--seconds by default)
//   --map-cache-size=N   the API's MAP_LISTING_CACHE_SIZE; 0 also sets MAP_ARRAY_CACHE_MB=0, so that
//                        every search fetches its map listings
//   --response-cache-mb=N the API's SEARCH_RESPONSE_CACHE_MB and SEARCH_ANSWER_CACHE_MB; 0 builds every
//                        response from an answer the engine is asked for
//   --metrics=off        the API without its Prometheus metrics (METRICS_ENABLED=false)
//   --listing-stats=off  the API without listing performance counting (LISTING_STATS=false)
//   --relay              also measures a bare relay (scripts/bench/engine-relay.ts) that forwards each
//                        search's multi-search and writes the answer back unparsed: what any API in
//                        front of the engine costs on this machine, the floor under the API's figures
//   --built              runs the API as production does: `node dist/main.js` (after `npm run build`)
//                        with the Dockerfile's flags and MALLOC_ARENA_MAX, instead of scripts/serve.sh (tsx)
//   --node-flags="..."   with --built, these node flags instead of the Dockerfile's
//   --map-array-cache-mb=N the API's MAP_ARRAY_CACHE_MB
//   --api-profile=DIR    writes a V8 CPU profile of the API to DIR when it stops (open it in Chrome's DevTools)
//   --engine-cpus=1 --api-cpus=0   pin Elasticsearch, and the API with this load generator, to
//                        separate CPUs (taskset), to see which side saturates first
//   --writes-per-second=N a stream of synchronisation writes during every side's measured runs: PATCHes
//                        of random listings' homes (price and availability) through the API, whose
//                        reindex worker then runs; prints each level's freshness, the delay from a
//                        write's acknowledgement to a search through the API that shows it (write-stream.ts)
//   --freshness-poll-ms=100 how often that search is sent again until it shows the write
import { execFileSync, spawn } from 'node:child_process';
import { cpus } from 'node:os';
import { readFileSync } from 'node:fs';
import { Agent, request } from 'undici';
import { loadConfig } from '../../src/config.ts';
import { openRuntime } from '../../src/runtime.ts';
import { parseSearchParams } from '../../src/search-criteria/search-params.ts';
import { resolveArea } from '../../src/search-criteria/search-area.ts';
import { searchPerson } from '../../src/search-criteria/search-person.ts';
import { buildFilters } from '../../src/listing-index/search-filters.ts';
import { multiSearchBody, planSearch, RESPONSE_PARTS } from '../../src/listing-index/search-request.ts';
import { rotateFeatured } from '../../src/listing-search/featured-rotation.ts';
import { readMapFingerprint } from '../../src/listing-index/map-fingerprint.ts';
import { PRESENTED_ITEM_ONLY } from '../../src/listing-index/field-selections.ts';
import { PortalService } from '../../src/portals/portal-settings.ts';
import { UNKNOWN_CUSTOMER } from '../../src/eligibility/eligibility-rules.ts';
import { Rng } from '../../src/demo/random.ts';
import { engineUrls } from '../../src/search/engine-urls.ts';
import { AccessTokenService } from '../../src/auth/access-tokens.ts';
import { realisticMix, repeatingMix, type Mix, type MixEntry, type MixName } from './search-mix.ts';
import { mixPlaces } from './mix-places.ts';
import { freshnessLine, WriteStream } from './write-stream.ts';
import { ApiAccountService } from '../../src/api-accounts/api-account-service.ts';

const args = new Map(
  process.argv.slice(2).map((a) => {
    const [k, ...v] = a.replace(/^--/, '').split('=');
    return [k!, v.join('=')] as [string, string];
  }),
);
if (args.has('help')) {
  // the comment at the top of this file
  const usage = readFileSync(new URL(import.meta.url), 'utf8').split('\n');
  console.log(
    usage
      .slice(
        0,
        usage.findIndex((line) => !line.startsWith('//')),
      )
      .map((line) => line.replace(/^\/\/ ?/, ''))
      .join('\n'),
  );
  process.exit(0);
}
const SECONDS = Number(args.get('seconds') ?? 15);
const LEVELS = (args.get('concurrency') ?? '1,10,50').split(',').map(Number);
const PORT = Number(args.get('port') ?? 3987);
const MIX = (args.get('mix') ?? 'realistic') as MixName;
const QUERIES = Number(args.get('queries') ?? (MIX === 'repeating' ? 300 : 5000));
const CUSTOMERS = Number(args.get('customers') ?? 300);
const SIGNED_IN = Number(args.get('signed-in') ?? 0.33);
const PLACES_SHARE = Number(args.get('places-share') ?? 0.1);
const ROUNDS = Number(args.get('rounds') ?? 3);
const WARMUP_SECONDS = Number(args.get('warmup-seconds') ?? SECONDS);
const MAP_CACHE_SIZE = args.get('map-cache-size');
const RESPONSE_CACHE_MB = args.get('response-cache-mb');
const METRICS = args.get('metrics') ?? 'on';
const LISTING_STATS = args.get('listing-stats') ?? 'on';
const ENGINE_CPUS = args.get('engine-cpus');
const API_CPUS = args.get('api-cpus');
const RELAY = args.has('relay');
const API_PROFILE = args.get('api-profile');
const BUILT = args.has('built');
const MAP_ARRAY_MB = args.get('map-array-cache-mb');
const RELAY_PORT = PORT + 1;
const WRITES_PER_SECOND = Number(args.get('writes-per-second') ?? 0);
const FRESHNESS_POLL_MS = Number(args.get('freshness-poll-ms') ?? 100);

const runtime = openRuntime(loadConfig({ ...process.env, LOG_LEVEL: 'warn' }));
// the engine's own figures are taken from one node (the first of a cluster)
const ES = engineUrls(runtime.config.ELASTICSEARCH_URL)[0]!.replace(/\/$/, '');

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

let portalSettings: Promise<Awaited<ReturnType<PortalService['find']>>> | null = null;

/** The engine requests the API sends for a query at time `now`, built by the same code. */
async function rawRequest(q: URLSearchParams, now: Date): Promise<Raw> {
  const portal = (await (portalSettings ??= new PortalService(runtime.prisma).find(1)))!;
  const p = parseSearchParams(Object.fromEntries([...new Set(q.keys())].map((k) => [k, k.endsWith('[]') ? q.getAll(k) : q.get(k)])));
  const area = await resolveArea(p, runtime.gazetteer);
  const eligibility = p.eligible_only ? { ...UNKNOWN_CUSTOMER, annualHouseholdIncome: p.household_income } : null;
  // the work and home postcodes and the household the query gives (the API's anonymous searcher)
  const person = await searchPerson(p, null, runtime.gazetteer);
  const lending = portal.settings.lending;
  const filters = buildFilters(p, { rect: area.rectBounds, portalId: 1, now, eligibility, allowedExtraFilters: [], person, lending });
  const plan = planSearch(p, filters, area, portal.settings, null, person);
  return {
    ndjson: multiSearchBody(plan),
    page: p.page,
    featuredPerPage: plan.featuredPerPage,
    hasCounts: plan.counts !== null,
    hasPool: plan.featuredPool !== null,
    map: plan.map && JSON.stringify(plan.map),
  };
}

const BROWSER_HEADERS = { accept: 'application/json', 'accept-encoding': 'gzip, deflate, br, zstd' };

const dispatcher = new Agent({ connections: 128, keepAliveTimeout: 30_000 });

const dayOf = (ms: number) => Math.floor(ms / 86_400_000);

/**
 * The engine requests of a search, for the day it is sent on: no request holds the time (the live
 * rule is a stored field), but a day's rules do (a price reduction's window, eligibility's day); the
 * engine and relay sides send the very same requests as the API. Built when first sent on a day, by
 * either side, and kept for the others.
 */
class RequestsByDay {
  private readonly built = new Map<number, Map<number, Promise<Raw>>>();

  constructor(private readonly queries: URLSearchParams[]) {}

  at(day: number, index: number): Promise<Raw> {
    let ofDay = this.built.get(day);
    if (!ofDay) {
      ofDay = new Map();
      this.built.set(day, ofDay);
      this.built.delete(day - 2);
    }
    let raw = ofDay.get(index);
    if (!raw) {
      raw = rawRequest(this.queries[index]!, new Date());
      ofDay.set(index, raw);
    }
    return raw;
  }
}

interface Run {
  /** search latencies (ms) */
  latencies: number[];
  /** place autocomplete latencies (ms), API side only */
  places: number[];
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
  result.cpu = {
    engine: cpuOf(enginePid) - before.engine,
    server: serverPid ? cpuOf(serverPid) - before.server : 0,
    loader: (used.user + used.system) / 1000,
  };
  return result;
}

/** Sends the sequence's requests, clients going round it from where the side's last run stopped, for `seconds` (or `limit` requests). */
async function load(
  concurrency: number,
  send: (entry: MixEntry) => Promise<void>,
  side: { sequence: MixEntry[]; next: number },
  seconds: number,
  limit = Number.POSITIVE_INFINITY,
): Promise<Run> {
  const run: Run = { latencies: [], places: [], seconds: 0, errors: 0 };
  const deadline = Date.now() + seconds * 1000;
  const started = performance.now();
  const stopAt = side.next + limit;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (Date.now() < deadline && side.next < stopAt) {
        const entry = side.sequence[side.next++ % side.sequence.length]!;
        const t = performance.now();
        try {
          await send(entry);
          (entry.kind === 'places' ? run.places : run.latencies).push(performance.now() - t);
        } catch {
          run.errors++;
        }
      }
    }),
  );
  run.seconds = (performance.now() - started) / 1000;
  return run;
}

/** Percentiles and throughput over all of one side's rounds. */
function summarise(runs: Run[]) {
  const latencies = runs.flatMap((r) => r.latencies).sort((a, b) => a - b);
  const places = runs.flatMap((r) => r.places).sort((a, b) => a - b);
  const seconds = runs.reduce((sum, r) => sum + r.seconds, 0);
  const at = (list: number[], q: number) => list[Math.min(list.length - 1, Math.floor(q * list.length))] ?? NaN;
  const p = (q: number) => at(latencies, q);
  const cpu = (part: keyof CpuSpent) => runs.reduce((sum, r) => sum + (r.cpu?.[part] ?? 0), 0) / latencies.length;
  return {
    n: latencies.length,
    errors: runs.reduce((sum, r) => sum + r.errors, 0),
    rps: latencies.length / seconds,
    p50: p(0.5),
    p95: p(0.95),
    p99: p(0.99),
    cpu: { engine: cpu('engine'), server: cpu('server'), loader: cpu('loader') },
    places: { n: places.length, p50: at(places, 0.5), p99: at(places, 0.99) },
  };
}

async function main(): Promise<void> {
  const listings = await runtime.search.count({ index: runtime.listingIndex.alias });
  console.log(`index ${runtime.listingIndex.alias}: ${listings.count} listings, ${await segmentsText()}`);
  const mix = MIX === 'repeating' ? repeatingMix(QUERIES) : await realisticTraffic();
  const { queries } = mix;
  const tokens = MIX === 'repeating' ? [] : await signedInCustomers(CUSTOMERS, queries);
  const enginePid = await engineProcess();
  if (ENGINE_CPUS || API_CPUS) pin(enginePid);

  const api = spawn(
    BUILT ? process.execPath : 'bash',
    BUILT
      ? [...PRODUCTION_NODE_FLAGS, ...(API_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${API_PROFILE}`] : []), 'dist/main.js']
      : ['scripts/serve.sh'],
    {
      env: {
        ...process.env,
        ...(BUILT ? { MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX ?? PRODUCTION_MALLOC_ARENA_MAX } : {}),
        PORT: String(PORT),
        LOG_LEVEL: 'warn',
        // the API's own worker indexes the benchmark's writes, as one instance of a deployment does
        REINDEX_WORKER: String(WRITES_PER_SECOND > 0),
        ALERT_JOB: 'false',
        ACCESS_TOKEN_TTL_SECONDS: String(TOKEN_SECONDS),
        ...(MAP_CACHE_SIZE ? { MAP_LISTING_CACHE_SIZE: MAP_CACHE_SIZE } : {}),
        ...(MAP_CACHE_SIZE === '0' ? { MAP_ARRAY_CACHE_MB: '0' } : MAP_ARRAY_MB ? { MAP_ARRAY_CACHE_MB: MAP_ARRAY_MB } : {}),
        ...(RESPONSE_CACHE_MB ? { SEARCH_RESPONSE_CACHE_MB: RESPONSE_CACHE_MB, ...(RESPONSE_CACHE_MB === '0' ? { SEARCH_ANSWER_CACHE_MB: '0' } : {}) } : {}),
        METRICS_ENABLED: String(METRICS !== 'off'),
        LISTING_STATS: String(LISTING_STATS !== 'off'),
        ...(API_PROFILE ? { SERVE_NODE_FLAGS: `--cpu-prof --cpu-prof-dir=${API_PROFILE}` } : {}),
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  );
  const requests = new RequestsByDay(queries);
  const relay = RELAY ? startRelay() : null;
  const rss = new PeakResidentSize(api.pid!);
  let writes: WriteStream | null = null;
  try {
    await listening(`http://127.0.0.1:${PORT}/health`);
    if (relay) await listening(`http://127.0.0.1:${RELAY_PORT}/health`);
    // the API and relay sides take the response's bytes as they come, without decoding them; the API
    // is asked as a browser asks it, accepting compressed responses
    const sendApi = async (entry: MixEntry) => {
      const path =
        entry.kind === 'places' ? `places?q=${encodeURIComponent(mix.prefixes[entry.index]!)}` : `search?${queries[entry.index]}`;
      const headers = entry.customer >= 0 ? { ...BROWSER_HEADERS, authorization: `Bearer ${tokens[entry.customer]}` } : BROWSER_HEADERS;
      const res = await request(`http://127.0.0.1:${PORT}/api/rest/portal/${path}`, { dispatcher, headers });
      await res.body.arrayBuffer();
      if (res.statusCode !== 200) throw new Error(String(res.statusCode));
    };
    const sendRelay = async (entry: MixEntry) => {
      const raw = await requests.at(dayOf(Date.now()), entry.index);
      const res = await request(`http://127.0.0.1:${RELAY_PORT}/`, { method: 'POST', body: raw.ndjson, dispatcher });
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
      const picked = rotateFeatured(
        hitsOf(pool).map((h) => Number(h.fields!.id![0])),
        raw.page,
        raw.featuredPerPage,
        new Set(hitsOf(main).map((h) => Number(h._id))),
      );
      const ids = picked.filter((id) => !inWindow.has(id));
      if (ids.length)
        await post(
          `/${runtime.listingIndex.alias}/_mget?_source=false&stored_fields=${PRESENTED_ITEM_ONLY.stored_fields.join(',')}`,
          JSON.stringify({ ids: ids.map(String) }),
        );
    };
    const sendRaw = async (entry: MixEntry) => {
      const raw = await requests.at(dayOf(Date.now()), entry.index);
      const { responses } = (await post(
        `/${runtime.listingIndex.alias}/_msearch?filter_path=${RESPONSE_PARTS.join(',')}`,
        raw.ndjson,
        'application/x-ndjson',
      )) as unknown as { responses: RawAnswer[] };
      const [main, ...rest] = responses;
      const counts = raw.hasCounts ? rest.shift() : undefined;
      await Promise.all([rawMap(raw, counts), rawFeatured(raw, main, rest[0], rest[1])]);
    };
    // Each side goes round the same sequence from its start; the engine and relay sides skip the
    // autocomplete requests (the API answers them from memory, and they count against its throughput).
    const searchesOnly = mix.sequence.filter((e) => e.kind === 'search');
    const sides: Record<string, { send: (e: MixEntry) => Promise<void>; sequence: MixEntry[]; next: number; pid: number | null }> = {
      engine: { send: sendRaw, sequence: searchesOnly, next: 0, pid: null },
      API: { send: sendApi, sequence: mix.sequence, next: 0, pid: api.pid ?? null },
      ...(relay ? { relay: { send: sendRelay, sequence: searchesOnly, next: 0, pid: relay.pid ?? null } } : {}),
    };
    // warm every side (JIT, caches) before measuring; the repeating mix sends every search once first
    for (const side of Object.values(sides)) {
      if (MIX === 'repeating') await load(4, side.send, { sequence: side.sequence, next: 0 }, 600, side.sequence.length);
      await load(4, side.send, side, WARMUP_SECONDS);
    }
    const fmt = (r: ReturnType<typeof summarise>) =>
      `p50 ${r.p50.toFixed(1)} ms  p95 ${r.p95.toFixed(1)} ms  p99 ${r.p99.toFixed(1)} ms  ${r.rps.toFixed(0)} searches/s  (${r.n} searches, ${r.errors} errors)` +
      `  CPU/search: engine ${r.cpu.engine.toFixed(2)} ms, server ${r.cpu.server.toFixed(2)} ms, load generator ${r.cpu.loader.toFixed(2)} ms`;
    const signedIn = mix.sequence.filter((e) => e.customer >= 0).length / Math.max(1, searchesOnly.length);
    const withKeywords = searchesOnly.filter((e) => queries[e.index]!.has('keywords')).length / Math.max(1, searchesOnly.length);
    console.log(
      `\n${MIX} mix: ${queries.length} distinct searches` +
        (MIX === 'realistic'
          ? ` drawn by Zipf's law, ${(signedIn * 100).toFixed(0)}% signed in (${tokens.length} customers), ${(withKeywords * 100).toFixed(0)}% with keywords, ${(PLACES_SHARE * 100).toFixed(0)}% of requests place autocomplete`
          : ', sent in turn') +
        `; ${SECONDS}s per side and concurrency, in ${ROUNDS} interleaved rounds; response memo ${RESPONSE_CACHE_MB === '0' ? 'off' : 'on'}, API metrics ${METRICS === 'off' ? 'off' : 'on'}, listing statistics ${LISTING_STATS === 'off' ? 'off' : 'on'}`,
    );
    if (WRITES_PER_SECOND > 0) {
      const accounts = new ApiAccountService(runtime.prisma);
      writes = await WriteStream.over(runtime.pool, `http://127.0.0.1:${PORT}`, (id) => accounts.rotateKey(id), dispatcher, FRESHNESS_POLL_MS);
      writes.start(WRITES_PER_SECOND);
      console.log(`${WRITES_PER_SECOND} synchronisation writes a second during every side's runs; freshness polled every ${FRESHNESS_POLL_MS} ms`);
    }
    const table: string[] = [];
    const freshnessRows: string[] = [];
    for (const c of LEVELS) {
      // the sides take turns, in a rotating order, so that the machine's drift falls on all of them alike
      const runs = new Map<string, Run[]>(Object.keys(sides).map((name) => [name, []]));
      for (let round = 0; round < ROUNDS; round++) {
        const order = Object.entries(sides);
        for (let k = 0; k < order.length; k++) {
          const [name, side] = order[(round + k) % order.length]!;
          runs.get(name)!.push(await measured(enginePid, side.pid, () => load(c, side.send, side, SECONDS / ROUNDS)));
        }
      }
      const [raw, viaApi, floor] = [...runs.values()].map(summarise);
      console.log(`\nconcurrency ${c}`);
      console.log(`  engine  ${fmt(raw!)}`);
      console.log(`  API     ${fmt(viaApi!)}`);
      if (viaApi!.places.n)
        console.log(
          `  API place autocomplete: p50 ${viaApi!.places.p50.toFixed(1)} ms  p99 ${viaApi!.places.p99.toFixed(1)} ms  (${viaApi!.places.n} requests)`,
        );
      if (floor) console.log(`  relay   ${fmt(floor)}`);
      console.log(`  API/engine: p50 x${(viaApi!.p50 / raw!.p50).toFixed(2)}, throughput x${(viaApi!.rps / raw!.rps).toFixed(2)}`);
      if (floor) console.log(`  relay/engine: p50 x${(floor.p50 / raw!.p50).toFixed(2)}, throughput x${(floor.rps / raw!.rps).toFixed(2)}`);
      if (writes) {
        const line = freshnessLine(writes.reset());
        console.log(`  writes: ${line}`);
        freshnessRows.push(`| ${c} | ${line} |`);
      }
      console.log(
        `  API resident size: ${rss.now()} MiB now, ${rss.peak} MiB at most so far${METRICS === 'off' ? '' : `; caches so far: ${await cacheRatios()}`}`,
      );
      const ms = (n: number) => n.toFixed(1);
      table.push(
        `| ${c} | ${ms(raw!.p50)} / ${ms(raw!.p99)} ms | ${ms(viaApi!.p50)} / ${ms(viaApi!.p99)} ms | x${(viaApi!.p50 / raw!.p50).toFixed(2)} | x${(viaApi!.rps / raw!.rps).toFixed(2)} | ` +
          (floor ? `x${(floor.p50 / raw!.p50).toFixed(2)} / x${(floor.rps / raw!.rps).toFixed(2)}` : '') +
          ` | ${viaApi!.cpu.server.toFixed(2)}${floor ? ` / ${floor.cpu.server.toFixed(2)}` : ''} ms | ${rss.peak} MiB |`,
      );
    }
    console.log(
      '\n| clients | engine p50 / p99 | API p50 / p99 | API/engine p50 | API/engine throughput | relay/engine p50 / throughput | CPU per search API / relay | API peak RSS |',
    );
    console.log('|---|---|---|---|---|---|---|---|');
    for (const row of table) console.log(row);
    if (freshnessRows.length) {
      console.log(`\n| clients | ${WRITES_PER_SECOND} writes a second, through every side's runs |`);
      console.log('|---|---|');
      for (const row of freshnessRows) console.log(row);
    }
    console.log(`\nindex at the end: ${await segmentsText()}`);
  } finally {
    await writes?.stop();
    rss.stop();
    api.kill('SIGTERM');
    if (API_PROFILE) await new Promise((resolve) => api.once('exit', resolve));
    relay?.kill('SIGTERM');
    if (ENGINE_CPUS || API_CPUS) execFileSync('taskset', ['-a', '-cp', `0-${cpus().length - 1}`, String(enginePid)], { stdio: 'ignore' });
  }
}

/** Each cache's hits against lookups since the API started, from its /metrics. */
async function cacheRatios(): Promise<string> {
  const res = await request(`http://127.0.0.1:${PORT}/metrics`, { dispatcher });
  const text = await res.body.text();
  const count = (series: string, cache: string, label = 'cache') => Number(new RegExp(`^${series}\\{${label}="${cache}"\\} (\\S+)$`, 'm').exec(text)?.[1] ?? 0);
  const caches = [...new Set([...text.matchAll(/^portal_cache_hits_total\{cache="([^"]+)"\}/gm)].map((m) => m[1]!))];
  return caches
    .map((cache) => {
      const hits = count('portal_cache_hits_total', cache);
      const all = hits + count('portal_cache_misses_total', cache);
      return `${cache} ${all ? ((hits / all) * 100).toFixed(0) : '-'}% of ${all} (${(count('portal_cache_bytes', cache) / 1048576).toFixed(0)} MiB)`;
    })
    .join(', ') + `, sent unasked ${count('portal_search_responses_kept_total', 'unasked', 'how')}, carried ${count('portal_search_responses_kept_total', 'carried', 'how')}, answers taken unasked ${count('portal_search_responses_kept_total', 'answer', 'how')}`;
}

/**
 * The index's segments and the documents deleted in them (replaced ones count until a merge drops them):
 * the engine's cost a search grows with both, so runs on differently merged indices differ.
 */
async function segmentsText(): Promise<string> {
  const stats = await runtime.search.indices.stats({ index: runtime.listingIndex.alias, metric: ['segments', 'docs'] });
  const primaries = stats._all.primaries;
  return `${primaries?.segments?.count ?? '?'} segments, ${primaries?.docs?.deleted ?? '?'} deleted documents among ${primaries?.docs?.count ?? '?'} (properties included)`;
}

/** the node flags of the Dockerfile's CMD */
const PRODUCTION_NODE_FLAGS = args.has('node-flags')
  ? args.get('node-flags')!.split(' ').filter(Boolean)
  : /CMD \["node", (.*), "dist\/main\.js"\]/
      .exec(readFileSync('Dockerfile', 'utf8'))![1]!
      .split(', ')
      .map((f) => JSON.parse(f) as string);

/** the Dockerfile's MALLOC_ARENA_MAX */
const PRODUCTION_MALLOC_ARENA_MAX = /^ENV .*\bMALLOC_ARENA_MAX=(\d+)/m.exec(readFileSync('Dockerfile', 'utf8'))?.[1] ?? '';

const TOKEN_SECONDS = 4 * 3600;
const BENCH_SEARCHERS = 'bench-search.example.org';

/** The realistic mix, around the benchmark data's own places (mix-places.ts). */
async function realisticTraffic(): Promise<Mix> {
  const places = await mixPlaces(runtime.prisma);
  console.log(`realistic mix around ${places.described}`);
  return realisticMix({
    distinct: QUERIES,
    length: 200_000,
    places,
    customers: CUSTOMERS,
    signedInShare: SIGNED_IN,
    placesShare: PLACES_SHARE,
  });
}

/**
 * Access tokens of `count` benchmark customers, each with 5 to 20 favourites among the first pages of
 * the most popular searches (so that signed-in results carry some); created on first use.
 */
async function signedInCustomers(count: number, queries: URLSearchParams[]): Promise<string[]> {
  const { prisma, config } = runtime;
  await prisma.$executeRawUnsafe(`
    INSERT INTO "Customer" (email, "createdVia", "firstName", "updatedAt")
    SELECT 'searcher-' || i || '@${BENCH_SEARCHERS}', 'password', 'Searcher', now() FROM generate_series(1, ${count}) i
    ON CONFLICT (email) DO NOTHING`);
  const customers = await prisma.customer.findMany({
    where: { email: { endsWith: `@${BENCH_SEARCHERS}` } },
    select: { id: true },
    orderBy: { id: 'asc' },
    take: count,
  });
  if ((await prisma.favourite.count({ where: { customerId: { in: customers.map((c) => c.id) } } })) === 0) {
    const popular = new Set<number>();
    const now = new Date();
    for (const q of queries.slice(0, 50)) {
      const raw = await rawRequest(q, now);
      const res = await request(`${ES}/${runtime.listingIndex.alias}/_msearch?filter_path=responses.hits.hits._id`, {
        method: 'POST',
        body: raw.ndjson,
        headers: { 'content-type': 'application/x-ndjson' },
        dispatcher,
      });
      // (filter_path leaves nothing of an answer without hits)
      const { responses } = (await res.body.json()) as { responses?: RawAnswer[] };
      for (const hit of hitsOf(responses?.[0])) popular.add(Number(hit._id));
    }
    const ids = [...popular];
    const rng = new Rng(5);
    const rows = customers.flatMap((c) => {
      const picked = new Set(Array.from({ length: rng.int(5, 20) }, () => ids[rng.int(0, ids.length - 1)]!));
      return [...picked].map((listingId) => ({ customerId: c.id, listingId }));
    });
    await prisma.favourite.createMany({ data: rows, skipDuplicates: true });
  }
  const tokens = new AccessTokenService(prisma, runtime.pool, { secret: config.JWT_SECRET, ttlSeconds: TOKEN_SECONDS });
  return customers.map((c) => tokens.issue(c.id, null).token);
}

/** The API process's resident size, sampled every second (VmRSS), in MiB. */
class PeakResidentSize {
  peak = 0;
  private readonly timer: NodeJS.Timeout;

  constructor(private readonly pid: number) {
    this.timer = setInterval(() => this.now(), 1000);
  }

  now(): number {
    try {
      const kb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${this.pid}/status`, 'utf8'))?.[1] ?? 0);
      const mib = Math.round(kb / 1024);
      this.peak = Math.max(this.peak, mib);
      return mib;
    } catch {
      return 0;
    }
  }

  stop(): void {
    clearInterval(this.timer);
  }
}

/** The bare relay, forwarding the multi-search POSTed to it (see engine-relay.ts). */
function startRelay() {
  return spawn(process.execPath, ['--import', 'tsx', 'scripts/bench/engine-relay.ts'], {
    env: { ...process.env, PORT: String(RELAY_PORT), ELASTICSEARCH_URL: ES, RELAY_INDEX: runtime.listingIndex.alias },
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
