// Benchmark of place autocomplete (not a test): a few thousand prefixes of the gazetteer's own names,
// district codes and postcodes (some with a typo), timed in process (the service call) and over HTTP (one
// client, requests one after another). Runs on the database DATABASE_URL names; its gazetteer is loaded
// once before timing.
//   --queries=3000 --rounds=3   queries per round; rounds after a first one that warms up
import type { AddressInfo } from 'node:net';
import { Agent, request } from 'undici';
import { loadConfig } from '../../src/config.ts';
import { openRuntime } from '../../src/runtime.ts';
import { buildApp } from '../../src/app.ts';
import { PlaceSuggestionService } from '../../src/places/place-suggestion-service.ts';
import { Rng } from '../../src/demo/random.ts';

const args = new Map(process.argv.slice(2).map((a) => a.replace(/^--/, '').split('=') as [string, string]));
const QUERIES = Number(args.get('queries') ?? 3000);
const ROUNDS = Number(args.get('rounds') ?? 3);

const config = loadConfig({ ...process.env, LOG_LEVEL: 'silent', REINDEX_WORKER: 'false', PORT: '0' });
const runtime = openRuntime(config);
const service = new PlaceSuggestionService(runtime.prisma, runtime.gazetteer);
const built = buildApp(runtime);
const server = built.app.listen(0, '127.0.0.1');
await new Promise<void>((resolve) => server.once('listening', resolve));
const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

let started = performance.now();
const entries = await service.warm();
console.log(`index: ${entries} places in ${Math.round(performance.now() - started)} ms (gazetteer load included)`);

// the queries: prefixes of 2 letters to the whole name, a sixth of them with one letter changed
const gazetteer = await runtime.gazetteer.loaded();
const rng = new Rng(42);
const names = gazetteer.places().map((p) => p.name);
const postcodes = (await runtime.prisma.postcode.findMany({ select: { postcode: true }, take: 5000 })).map((p) => p.postcode);
const queries: string[] = [];
while (queries.length < QUERIES) {
  const fromPostcodes = postcodes.length > 0 && rng.next() < 0.15;
  const source = fromPostcodes ? postcodes[Math.floor(rng.next() * postcodes.length)]! : names[Math.floor(rng.next() * names.length)]!;
  let q = source.slice(0, 2 + Math.floor(rng.next() * (source.length - 1)));
  if (!fromPostcodes && q.length >= 5 && rng.next() < 1 / 6) {
    const at = 1 + Math.floor(rng.next() * (q.length - 1));
    q = q.slice(0, at) + 'x' + q.slice(at + 1);
  }
  queries.push(q.toLowerCase());
}

const percentile = (times: number[], p: number) => [...times].sort((a, b) => a - b)[Math.min(times.length - 1, Math.floor((p / 100) * times.length))]!;
const report = (label: string, times: number[]) =>
  console.log(`${label.padEnd(28)} p50 ${percentile(times, 50).toFixed(3)} ms   p99 ${percentile(times, 99).toFixed(3)} ms   max ${Math.max(...times).toFixed(3)} ms   (${times.length} requests)`);

const agent = new Agent({ connections: 1 });
for (let round = 0; round <= ROUNDS; round++) {
  const inProcess: number[] = [];
  for (const q of queries) {
    started = performance.now();
    await service.suggest({ q, size: 8 });
    inProcess.push(performance.now() - started);
  }
  const http: number[] = [];
  for (const q of queries) {
    started = performance.now();
    const res = await request(`${base}/api/rest/portal/places?q=${encodeURIComponent(q)}`, { dispatcher: agent });
    await res.body.arrayBuffer();
    http.push(performance.now() - started);
    if (res.statusCode !== 200) throw new Error(`${q}: ${res.statusCode}`);
  }
  const name = round === 0 ? 'warm-up' : `round ${round}`;
  report(`${name}: service call`, inProcess);
  report(`${name}: HTTP round trip`, http);
}
await agent.close();
server.close();
await runtime.prisma.$disconnect();
process.exit(0);
