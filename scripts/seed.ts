// npm run db:seed                          demo data through the sync services (idempotent)
// npm run db:seed -- --listings 100000 [--distribution spread|crowded]
//                                          benchmark data for the "Benchmark Homes" account: N listings,
//                                          about 10 homes each (bulk INSERT batches above 2,000 listings),
//                                          spread over the UK's towns as a market of that size would be
//                                          (src/demo/market-spread.ts), or crowded into the demo places
// npm run db:seed -- --saved-searches 1000000 [--distribution spread|crowded]
//                                          benchmark saved searches (src/demo/saved-search-seed.ts), N in
//                                          all (more are deleted); nothing else is seeded
// Every write queues its listings in the index outbox; the reindex worker of a running service (or
// `npm run reindex`) brings them into the search index. Needs DATABASE_URL and ELASTICSEARCH_URL.
import { parseArgs } from 'node:util';
import { loadConfig } from '../src/config.ts';
import { openRuntime } from '../src/runtime.ts';
import { londonToday } from '../src/core/london-time.ts';
import { seedBenchmark, seedDemo, type SeedResult } from '../src/demo/seed-runner.ts';
import { AlertChecks } from '../src/alerts/alert-checks.ts';
import { LISTING_DISTRIBUTIONS, type ListingDistribution } from '../src/demo/bench-market.ts';
import { SAVED_SEARCH_DISTRIBUTIONS, seedSavedSearches, type SavedSearchDistribution } from '../src/demo/saved-search-seed.ts';

const { values } = parseArgs({ options: { listings: { type: 'string' }, 'saved-searches': { type: 'string' }, distribution: { type: 'string', default: 'spread' } } });
const wholeOption = (name: string, value: string | undefined): number | null => {
  if (value === undefined) return null;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) {
    console.error(`--${name} must be a whole number of at least 1`);
    process.exit(2);
  }
  return n;
};
const listings = wholeOption('listings', values.listings);
const savedSearches = wholeOption('saved-searches', values['saved-searches']);
const distribution = values.distribution as SavedSearchDistribution & ListingDistribution;
const distributions: readonly string[] = savedSearches !== null ? SAVED_SEARCH_DISTRIBUTIONS : LISTING_DISTRIBUTIONS;
if (!distributions.includes(distribution)) {
  console.error(`--distribution must be one of ${distributions.join(', ')}`);
  process.exit(2);
}

function summary(result: SeedResult, seconds: number, pendingOutbox: number): string {
  const { counts } = result;
  const row = (name: string, t: (typeof counts)['listings']) =>
    `  ${name.padEnd(13)} created ${t.created}, updated ${t.updated}, unchanged ${t.unchanged}`;
  return [
    `seeded in ${seconds.toFixed(1)}s (${result.path === 'bulk' ? 'bulk batches; existing developments left as they are' : 'sync services'})`,
    `  accounts      ${result.accounts.accounts.size} (${result.accounts.newKeys.length} new), housing providers created ${result.accounts.providersCreated}`,
    row('developments', counts.developments),
    row('properties', counts.properties),
    row('listings', counts.listings),
    `  index outbox  ${pendingOutbox} listing changes waiting for the reindex worker${result.path === 'bulk' ? ' (or run `npm run reindex`)' : ''}`,
  ].join('\n');
}

const runtime = openRuntime(loadConfig({ ...process.env, LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn' }));
try {
  const started = Date.now();
  if (savedSearches !== null) {
    const { created, removed, total } = await seedSavedSearches(runtime.prisma, runtime.gazetteer, savedSearches, distribution, (line) => console.log(line));
    console.log(`saved searches (${distribution}): ${created} created, ${removed} removed, ${total} in all, in ${((Date.now() - started) / 1000).toFixed(1)}s`);
  } else {
    const today = londonToday();
    const progress = (line: string) => console.log(line);
    // the seeded listings' alert checks, queued as the service's writes queue them
    const checks = new AlertChecks(runtime.jobs);
    const result =
      listings === null ? await seedDemo(runtime.prisma, today, progress, checks) : await seedBenchmark(runtime.prisma, listings, distribution, today, progress, checks);
    for (const k of result.accounts.newKeys) console.log(`new ${k.kind} account "${k.name}": API key ${k.apiKey} (shown once)`);
    const pending = await runtime.prisma.listingOutbox.count();
    console.log(summary(result, (Date.now() - started) / 1000, pending));
  }
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  process.exitCode = 1;
} finally {
  await runtime.close();
}
