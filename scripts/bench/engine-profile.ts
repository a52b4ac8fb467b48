// npx tsx scripts/bench/engine-profile.ts [--queries=200] [--profile=8]
// Where the engine's time goes on the realistic mix's searches (with the benchmark's DATABASE_URL and
// ES_INDEX_PREFIX): sends each search's engine requests as the API builds them, one request at a time,
// twice (the second may come from the shard request cache), and prints the engine's `took` summed by
// request (results, counts, featured pool and items, map); then profiles the first searches' requests
// (`profile: true`) and prints the time of each aggregation and of the query by request.
import { loadConfig } from '../../src/config.ts';
import { openRuntime } from '../../src/runtime.ts';
import { parseSearchParams } from '../../src/search-criteria/search-params.ts';
import { resolveArea } from '../../src/search-criteria/search-area.ts';
import { buildFilters } from '../../src/listing-index/search-filters.ts';
import { planSearch } from '../../src/listing-index/search-request.ts';
import { PortalService } from '../../src/portals/portal-settings.ts';
import { searchPerson } from '../../src/search-criteria/search-person.ts';
import { UNKNOWN_CUSTOMER } from '../../src/eligibility/eligibility-rules.ts';
import { realisticMix } from './search-mix.ts';
import { mixPlaces } from './mix-places.ts';

const args = new Map(process.argv.slice(2).map((a) => a.replace(/^--/, '').split('=') as [string, string]));
const QUERIES = Number(args.get('queries') ?? 200);
const PROFILED = Number(args.get('profile') ?? 8);
const runtime = openRuntime(loadConfig({ ...process.env, LOG_LEVEL: 'warn' }));
const index = runtime.listingIndex.alias;
const NAMES = ['main', 'counts', 'map', 'featuredPool', 'featuredItems'] as const;

interface ProfileNode {
  type: string;
  description: string;
  time_in_nanos: number;
  children?: ProfileNode[];
}

async function search(
  body: object,
  cached: boolean,
): Promise<{ took: number; profile?: { shards: { searches: { query: ProfileNode[] }[]; aggregations: ProfileNode[] }[] } }> {
  const res = await fetch(`${process.env.ELASTICSEARCH_URL}/${index}/_search${cached ? '' : '?request_cache=false'}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as { took: number; error?: unknown };
  if (json.error) throw new Error(JSON.stringify(json.error));
  return json as Awaited<ReturnType<typeof search>>;
}

try {
  const portal = (await new PortalService(runtime.prisma).find(1))!;
  const mix = realisticMix({
    distinct: QUERIES,
    length: 1,
    places: await mixPlaces(runtime.prisma),
    customers: 0,
    signedInShare: 0,
    placesShare: 0,
  });
  const now = new Date();
  const lending = await runtime.indexer.lending();
  const plans = [];
  for (const q of mix.queries) {
    const p = parseSearchParams(Object.fromEntries([...new Set(q.keys())].map((k) => [k, k.endsWith('[]') ? q.getAll(k) : q.get(k)])));
    const area = await resolveArea(p, runtime.gazetteer);
    const eligibility = p.eligible_only ? { ...UNKNOWN_CUSTOMER, annualHouseholdIncome: p.household_income } : null;
    const person = await searchPerson(p, null, runtime.gazetteer).catch(() => null);
    if (!person) continue;
    const filters = buildFilters(p, { rect: area.rectBounds, portalId: 1, now, eligibility, allowedExtraFilters: [], person, lending });
    plans.push({ q, plan: planSearch(p, filters, area, portal.settings, null, person) });
  }
  for (const pass of ['first (request cache off)', 'first', 'again']) {
    const took: Record<string, number[]> = {};
    for (const { plan } of plans) {
      for (const name of NAMES) {
        const body = plan[name];
        if (!body) continue;
        (took[name] ??= []).push((await search(body, pass !== 'first (request cache off)')).took);
      }
    }
    console.log(`\n${pass}: engine took (ms) by request over ${plans.length} searches`);
    for (const [name, list] of Object.entries(took)) {
      const sum = list.reduce((a, b) => a + b, 0);
      console.log(
        `  ${name.padEnd(14)} sent ${String(list.length).padStart(4)}  total ${String(sum).padStart(6)}  mean ${(sum / list.length).toFixed(2)}`,
      );
    }
  }
  const ms = (n: number) => (n / 1e6).toFixed(2);
  for (const { q, plan } of plans.slice(0, PROFILED)) {
    console.log(`\n${decodeURIComponent(q.toString())}`);
    for (const name of NAMES) {
      const body = plan[name];
      if (!body) continue;
      const { took, profile } = await search({ ...body, profile: true }, false);
      const shard = profile!.shards[0]!;
      const queryTime = shard.searches.reduce((a, s) => a + s.query.reduce((b, n) => b + n.time_in_nanos, 0), 0);
      console.log(`  ${name}: took ${took} ms, query ${ms(queryTime)} ms`);
      const walk = (n: ProfileNode, depth: number) => {
        console.log(`    ${'  '.repeat(depth)}${n.description} (${n.type}) ${ms(n.time_in_nanos)} ms`);
        for (const c of n.children ?? []) walk(c, depth + 1);
      };
      for (const agg of shard.aggregations) walk(agg, 0);
    }
  }
} finally {
  await runtime.close();
}
