// The two seeds: the default demo (through the sync services) and the benchmark seed of --listings N
// (through the services up to BULK_THRESHOLD listings, in multi-row INSERT batches above it).
import type { PrismaClient } from '../db/prisma.ts';
import { BENCHMARK_ACCOUNT, DEMO_ACCOUNTS, ensureAccounts, type EnsuredAccounts } from './accounts.ts';
import { loadDemoPostcodes } from './postcodes.ts';
import { benchDevelopmentRef, benchPlan, demoPlan, type DevelopmentPlan } from './plan.ts';
import { benchMarket, type ListingDistribution } from './bench-market.ts';
import { ServiceWriter, type WriteCounts } from './service-writer.ts';
import { BulkWriter } from './bulk-writer.ts';
import { assertPlanInSchemaForm } from './bulk-rows.ts';
import { PLACES } from './places.ts';
import { forEachLimit } from './pool.ts';
import { seedPriceHistory } from './price-history.ts';
import type { ListingChangeFollower } from '../sync/outbox.ts';

export const BULK_THRESHOLD = 2000;
const SERVICE_CONCURRENCY = 4;
const BULK_BATCH = 200; // developments (about 400 listings and 4,000 homes) per transaction

export interface SeedResult {
  accounts: EnsuredAccounts;
  counts: WriteCounts;
  path: 'services' | 'bulk';
}

export type Progress = (line: string) => void;

function progressLine(done: number, total: number, counts: WriteCounts, started: number): string {
  const seconds = (Date.now() - started) / 1000;
  const homes = counts.properties.created + counts.properties.updated + counts.properties.unchanged;
  const listings = counts.listings.created + counts.listings.updated + counts.listings.unchanged;
  return `  ${done}/${total} developments, ${listings} listings, ${homes} homes (${seconds.toFixed(1)}s)`;
}

/** Calls `report` at most every few seconds, and always for the last item. */
function throttled(total: number, report: (done: number) => void, everyMs = 3000): (done: number) => void {
  let last = 0;
  return (done) => {
    if (done === total || Date.now() - last >= everyMs) {
      last = Date.now();
      report(done);
    }
  };
}

async function writeThroughServices(
  prisma: PrismaClient,
  accounts: EnsuredAccounts,
  plans: DevelopmentPlan[],
  progress: Progress,
  follower?: ListingChangeFollower,
): Promise<WriteCounts> {
  const writer = new ServiceWriter(prisma, accounts.accounts, follower);
  const started = Date.now();
  await writer.writeAll(
    plans,
    SERVICE_CONCURRENCY,
    throttled(plans.length, (done) => progress(progressLine(done, plans.length, writer.counts, started))),
  );
  return writer.counts;
}

/** `follower`: what else a write of listings causes (the alert checks), as in the service */
export async function seedDemo(prisma: PrismaClient, today: string, progress: Progress, follower?: ListingChangeFollower): Promise<SeedResult> {
  const accounts = await ensureAccounts(prisma, DEMO_ACCOUNTS);
  const plans = demoPlan(await loadDemoPostcodes(prisma), today);
  progress(`demo: ${plans.length} developments in ${PLACES.length} places, through the sync services`);
  const counts = await writeThroughServices(prisma, accounts, plans, progress, follower);
  const histories = await seedPriceHistory(prisma, [...accounts.accounts.values()].map((a) => a.id), new Date(), follower);
  if (histories) progress(`demo: price histories for ${histories} homes`);
  return { accounts, counts, path: 'services' };
}

export async function seedBenchmark(
  prisma: PrismaClient,
  listings: number,
  distribution: ListingDistribution,
  today: string,
  progress: Progress,
  follower?: ListingChangeFollower,
): Promise<SeedResult> {
  const accounts = await ensureAccounts(prisma, [BENCHMARK_ACCOUNT]);
  const market = benchMarket(distribution, await loadDemoPostcodes(prisma), listings);
  const devCount = market.developments;
  progress(`benchmark: ${listings} listings (${distribution}) in ${devCount} developments`);
  if (listings <= BULK_THRESHOLD) {
    progress(`benchmark: through the sync services`);
    const plans = benchPlan(market, [...Array(devCount).keys()], today);
    return { accounts, counts: await writeThroughServices(prisma, accounts, plans, progress, follower), path: 'services' };
  }
  progress(`benchmark: in batches of ${BULK_BATCH} developments`);
  const writer = new BulkWriter(prisma, accounts.accounts.get(BENCHMARK_ACCOUNT.key)!, follower);
  const started = Date.now();
  const report = throttled(devCount, (done) => progress(progressLine(done, devCount, writer.counts, started)));
  assertPlanInSchemaForm(benchPlan(market, [0], today)[0]!);
  // Two batches in flight: one is generated here while PostgreSQL inserts the other.
  let done = 0;
  await forEachLimit(Math.ceil(devCount / BULK_BATCH), 2, async (batch) => {
    const from = batch * BULK_BATCH;
    const indices = Array.from({ length: Math.min(BULK_BATCH, devCount - from) }, (_, k) => from + k);
    const present = await writer.existing(indices.map(benchDevelopmentRef));
    await writer.write(
      benchPlan(
        market,
        indices.filter((i) => !present.has(benchDevelopmentRef(i))),
        today,
      ),
    );
    report((done += indices.length));
  });
  return { accounts, counts: writer.counts, path: 'bulk' };
}
