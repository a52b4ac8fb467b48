// npx tsx scripts/bench/compare-versions.ts --before=http://127.0.0.1:3901 --after=http://127.0.0.1:3902 [--searches=300] [--rounds=3]
// Two versions of the service on the same data, asked the same searches: the realistic mix's most
// popular ones (search-mix.ts, around the benchmark data's places), without the parameters the older
// version may not know (--without=...), one at a time, the sides taking turns. Prints p50, p95,
// searches/s and the CPU per search of the engine and of each side's process (from /proc, so run it on
// the machine of both; each side's pid is the one listening on its port). Start both sides with their
// caches off (SEARCH_RESPONSE_CACHE_MB=0 MAP_LISTING_CACHE_SIZE=0 MAP_ARRAY_CACHE_MB=0), each on an
// index of its own mapping (ES_INDEX_PREFIX), with the benchmark's DATABASE_URL (docs/benchmarks.md).
import { readFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { loadConfig } from '../../src/config.ts';
import { openRuntime } from '../../src/runtime.ts';
import { realisticMix } from './search-mix.ts';
import { mixPlaces } from './mix-places.ts';

const arg = (name: string, fallback: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback;
const ROUND_PARAMS = 'keywords,home_postcode,work_postcode,max_distance_from_work,max_monthly_cost,affordable_only,household_income,deposit,epc_bands[],council_tax_bands[],min_floor_area,max_service_charge';
const WITHOUT = arg('without', ROUND_PARAMS).split(',').filter(Boolean);
const WITHOUT_SORTS = arg('without-sorts', 'nearest-work,nearest-home,monthly-cost-low-high,relevance').split(',');
const SEARCHES = Number(arg('searches', '300'));
const ROUNDS = Number(arg('rounds', '3'));

/** CPU milliseconds a process has used (user + system), from /proc */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * (1000 / 100);
}

function listeningPid(url: string): number {
  const port = new URL(url).port;
  const out = execFileSync('ss', ['-ltnpH', `sport = :${port}`], { encoding: 'utf8' });
  const pid = /pid=(\d+)/.exec(out)?.[1];
  if (!pid) throw new Error(`nothing listens on ${url}`);
  return Number(pid);
}

const config = loadConfig();
const runtime = await openRuntime(config);
const places = await mixPlaces(runtime.prisma);
const mix = realisticMix({ distinct: 5000, length: 1000, places, customers: 0, signedInShare: 0, placesShare: 0 });
const searches = mix.queries.filter((q) => !WITHOUT.some((k) => q.has(k)) && !WITHOUT_SORTS.includes(q.get('sort_by') ?? '')).slice(0, SEARCHES);
const engine = listeningPid(config.ELASTICSEARCH_URL);
const sides = [
  { name: 'before', base: arg('before', 'http://127.0.0.1:3901') },
  { name: 'after', base: arg('after', 'http://127.0.0.1:3902') },
].map((s) => ({ ...s, pid: listeningPid(s.base) }));

async function pass(side: (typeof sides)[number]) {
  const times: number[] = [];
  let errors = 0;
  const engine0 = cpuMs(engine);
  const side0 = cpuMs(side.pid);
  const started = performance.now();
  for (const q of searches) {
    const t = performance.now();
    const res = await fetch(`${side.base}/api/rest/portal/search?${q}`);
    await res.arrayBuffer();
    if (res.status !== 200) errors++;
    times.push(performance.now() - t);
  }
  const seconds = (performance.now() - started) / 1000;
  times.sort((a, b) => a - b);
  const at = (share: number) => times[Math.min(times.length - 1, Math.floor(times.length * share))]!.toFixed(1);
  const perSearch = (ms: number) => (ms / searches.length).toFixed(2);
  return `p50 ${at(0.5)} ms  p95 ${at(0.95)} ms  ${(searches.length / seconds).toFixed(0)} searches/s  CPU/search: engine ${perSearch(cpuMs(engine) - engine0)} ms, service ${perSearch(cpuMs(side.pid) - side0)} ms  (${errors} errors)`;
}

console.log(`${searches.length} of the realistic mix's ${mix.queries.length} searches (without ${WITHOUT.length} parameters and ${WITHOUT_SORTS.length} sorts), one at a time`);
for (const side of sides) await pass(side); // warm-up
for (let round = 1; round <= ROUNDS; round++) {
  for (const side of round % 2 ? sides : [...sides].reverse()) console.log(`round ${round}  ${side.name.padEnd(6)}  ${await pass(side)}`);
}
await runtime.prisma.$disconnect();
process.exit(0);
