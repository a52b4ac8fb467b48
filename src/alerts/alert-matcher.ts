// Alert events and the saved searches they match. Every write that changes a listing enqueues a check of
// it on the job queue in its own transaction (alert-checks.ts). Once the index holds the change (no outbox
// row of the listing is left), the matcher compares what the index shows with what it last saw of the listing
// (ListingAlertState): a listing now live that was not is a "new-listing" event; a live listing whose
// priceReducedOn moved is a "price-reduced" event. Each event's saved searches are found without running
// them all (alert-candidates.ts: occupancy type, the rectangle holding the listing's point, price and
// bedroom bounds) and judged with the search's own filters (alert-judge.ts); the matches are stored,
// once per saved search, listing, kind and event, for delivery (alert-delivery.ts): the batch that
// recorded them enqueues in its transaction the e-mails of the customers whose alerts go at once
// (alert-delivery-jobs.ts).
// The checks are taken a batch at a time (one transaction) by whichever instance runs the `alert-check`
// role, and each listing's state row is locked, so several instances share the work and no event is seen
// twice; a check whose listing the index does not hold yet, or taken while the engine is down, is tried
// again later (the kind's retries, src/background.ts).
import { advertisedReductionDay } from './advertised-reduction.ts';
import { recentReduction } from '../listings/price-reductions.ts';
import type pg from 'pg';
import type { PrismaClient } from '../db/prisma.ts';
import type { Prisma } from '../generated/prisma/client.ts';
import { alertListingsRequest } from '../listing-index/alert-requests.ts';
import { sourcesById } from '../listing-index/hit-readers.ts';
import { PREDICATE_SOURCE_FIELDS } from '../listing-index/predicate/listing-predicate.ts';
import { findCandidates, type Candidate, type ListingFacts } from './alert-candidates.ts';
import { judgeCandidates, type EventListing, type JudgeDeps, type Judgement } from './alert-judge.ts';
import type { JobQueue } from '../db/job-queue.ts';
import { ALERT_CHECK_BATCH, ALERT_CHECK_KIND, type AlertCheckData } from './alert-checks.ts';
import { enqueueAlertDeliveries } from './alert-delivery-jobs.ts';

type Tx = Prisma.TransactionClient;
export type AlertKind = 'new-listing' | 'price-reduced';

/** A live listing as matching reads it: its index document and the facts that find its candidates. */
export interface LiveListing extends EventListing {
  facts: ListingFacts;
}

export interface AlertEvent {
  listing: LiveListing;
  kind: AlertKind;
  key: string;
}

export interface MatcherDeps extends JudgeDeps {
  /** the node-postgres pool candidates are read with (committed rows: a batch's own writes are not candidates) */
  pool: Pick<pg.Pool, 'query'>;
  /** the job queue the checks wait on */
  jobs: JobQueue;
}

export interface MatchesOf extends Judgement {
  candidates: number;
  /** the time the candidates took to read (the benchmark's split) */
  readMs: number;
}

export interface MatchRun {
  checked: number;
  events: number;
  matches: number;
  /** checks of listings the index did not hold yet, tried again later */
  waiting: number;
}

/** how long a batch waits for the reindex worker to put its listings' changes in the index before trying them later */
const INDEX_WAIT_MS = 5000;
const INDEX_POLL_MS = 100;

interface IndexedListing {
  location: { lat: number; lon: number } | null;
  forSale: boolean;
  priceReducedOn: string | null;
  properties: { bedrooms: number | null; fullMarketPrice: number | null; monthlyRent: number | null; availabilityStatus?: string | null; priceReducedOn?: string | null }[];
}

export class AlertMatcher {
  constructor(
    private readonly prisma: PrismaClient,
    private readonly deps: MatcherDeps,
  ) {}

  /** Takes the checks waiting now until none is left (a test's or a script's run; the role's worker takes them as they come). */
  async runOnce(now = new Date()): Promise<MatchRun> {
    const total: MatchRun = { checked: 0, events: 0, matches: 0, waiting: 0 };
    await this.deps.jobs.drainBatches<AlertCheckData>(
      ALERT_CHECK_KIND,
      ALERT_CHECK_BATCH,
      async (checks) => {
        const run = await this.check(checks, now);
        total.checked += run.checked;
        total.events += run.events;
        total.matches += run.matches;
        total.waiting += run.waiting.length;
        return run.waiting;
      },
      { retriesToo: true },
    );
    return total;
  }

  /**
   * Matches a batch of checks in one transaction, once the index holds their listings' changes; returns
   * with them the checks whose listing the index does not hold yet (the caller tries those again later).
   */
  async check(checks: AlertCheckData[], now = new Date()): Promise<Omit<MatchRun, 'waiting'> & { waiting: AlertCheckData[] }> {
    const pending = await this.waitForIndex([...new Set(checks.map((c) => c.listing))]);
    const waiting = checks.filter((c) => pending.has(c.listing));
    const ids = [...new Set(checks.map((c) => c.listing).filter((id) => !pending.has(id)))].sort((a, b) => a - b);
    if (ids.length === 0) return { checked: 0, events: 0, matches: 0, waiting };
    return this.prisma.$transaction(
      async (tx) => {
        const events = await this.eventsOf(tx, ids, now);
        const recorded: bigint[] = [];
        for (const event of events) recorded.push(...(await this.match(tx, event, now)));
        // the e-mails of the instant saved searches matched, asked for with the matches (the batch's last
        // statements: a customer's job another batch enqueues waits only for this batch's commit)
        if (recorded.length) await enqueueAlertDeliveries(this.deps.jobs, tx, await instantCustomers(tx, recorded));
        return { checked: checks.length - waiting.length, events: events.length, matches: recorded.length, waiting };
      },
      { timeout: 120_000, maxWait: 10_000 },
    );
  }

  /** The listings of these whose change the index does not hold yet (an outbox row left), after waiting a little for the reindex worker. */
  private async waitForIndex(ids: number[]): Promise<Set<number>> {
    const deadline = performance.now() + INDEX_WAIT_MS;
    for (;;) {
      const rows = await this.prisma.$queryRaw<{ listingId: number }[]>`SELECT DISTINCT "listingId" FROM "ListingOutbox" WHERE "listingId" = ANY(${ids}::int[])`;
      if (rows.length === 0 || performance.now() >= deadline) return new Set(rows.map((r) => r.listingId));
      await new Promise((resolve) => setTimeout(resolve, INDEX_POLL_MS));
    }
  }

  /** Compares the index with the last state seen, and keeps what it shows now. */
  private async eventsOf(tx: Tx, ids: number[], now: Date): Promise<AlertEvent[]> {
    await tx.$executeRaw`INSERT INTO "ListingAlertState" ("listingId", live, "updatedAt") SELECT unnest(${ids}::int[]), false, ${now} ON CONFLICT DO NOTHING`;
    const states = await tx.$queryRaw<{ listingId: number; live: boolean; reducedOn: string | null }[]>`
      SELECT "listingId", live, "reducedOn" FROM "ListingAlertState" WHERE "listingId" = ANY(${ids}::int[]) ORDER BY "listingId" FOR UPDATE`;
    const live = await this.liveListings(ids);
    const events: AlertEvent[] = [];
    for (const state of states) {
      const doc = live.get(state.listingId);
      // the latest cut of any home still offered, the headline's or another's
      const reducedOn = doc ? advertisedReductionDay(doc.properties ?? []) : null;
      if (doc?.location) {
        const listing = { id: state.listingId, source: doc as unknown as Record<string, unknown>, facts: factsOf(doc) };
        if (!state.live) events.push({ listing, kind: 'new-listing', key: now.toISOString() });
        else {
          // (a cut older than the reduction window, first seen here, is no news)
          const cut = recentReduction(reducedOn, now);
          if (cut !== null && cut !== state.reducedOn && (state.reducedOn === null || cut > state.reducedOn)) events.push({ listing, kind: 'price-reduced', key: cut });
        }
      }
      if (state.live !== Boolean(doc) || state.reducedOn !== reducedOn)
        await tx.$executeRaw`UPDATE "ListingAlertState" SET live = ${Boolean(doc)}, "reducedOn" = ${reducedOn}, "updatedAt" = ${now} WHERE "listingId" = ${state.listingId}`;
    }
    return events;
  }

  private async liveListings(ids: number[]): Promise<Map<number, IndexedListing>> {
    // the worker has written these documents (their outbox rows are gone), but a search sees them only
    // after the index's next refresh (up to a second): one refresh per batch, at most once a minute
    await this.deps.search.indices.refresh({ index: this.deps.alias });
    const answer = await this.deps.search.search<IndexedListing>({ index: this.deps.alias, ...alertListingsRequest(ids, PREDICATE_SOURCE_FIELDS) });
    return sourcesById(answer.hits.hits);
  }

  /** The saved searches a live listing matches: candidates, then the judgement. */
  async matchesOf(db: Pick<Tx, '$queryRaw' | '$executeRaw'>, listing: LiveListing, now: Date): Promise<MatchesOf> {
    const started = performance.now();
    const candidates = await findCandidates(this.deps.pool, listing.facts);
    const readMs = performance.now() - started;
    if (candidates.length === 0) return { candidates: 0, readMs, matched: [], byEngine: 0 };
    return { candidates: candidates.length, readMs, ...(await judgeCandidates(this.deps, db, listing, candidates, now)) };
  }

  /** Each of these listings that is live, as matching reads it (for the benchmark). */
  async liveEvents(ids: number[]): Promise<Map<number, LiveListing>> {
    const live = await this.liveListings(ids);
    return new Map(
      [...live].filter(([, doc]) => doc.location).map(([id, doc]) => [id, { id, source: doc as unknown as Record<string, unknown>, facts: factsOf(doc) }]),
    );
  }

  private async match(tx: Tx, event: AlertEvent, now: Date): Promise<bigint[]> {
    const { matched } = await this.matchesOf(tx, event.listing, now);
    return this.record(tx, event, matched);
  }

  /** Stores the matches of an event, once per saved search, listing, kind and event; returns the ids of those it added. */
  async record(db: Pick<Tx, '$queryRaw'>, event: AlertEvent, matched: Candidate[]): Promise<bigint[]> {
    if (matched.length === 0) return [];
    const added = await db.$queryRaw<{ id: bigint }[]>`
      INSERT INTO "AlertMatch" ("savedSearchId", "customerId", "listingId", kind, "eventKey")
      SELECT unnest(${matched.map((m) => m.id)}::int[]), unnest(${matched.map((m) => m.customerId)}::int[]), ${event.listing.id}, ${event.kind}, ${event.key}
      ON CONFLICT DO NOTHING RETURNING id`;
    return added.map((r) => r.id);
  }
}

/** The customers of these matches whose saved search alerts at once (the others' fall due with time: the role's tick). */
async function instantCustomers(tx: Tx, matches: bigint[]): Promise<number[]> {
  const rows = await tx.$queryRaw<{ customerId: number }[]>`
    SELECT DISTINCT m."customerId" FROM "AlertMatch" m JOIN "SavedSearch" s ON s.id = m."savedSearchId"
    WHERE m.id = ANY(${matches}::bigint[]) AND s."alertFrequency" = 'instant'`;
  return rows.map((r) => r.customerId);
}

function factsOf(doc: IndexedListing): ListingFacts {
  const prices = doc.properties.map((p) => (doc.forSale ? p.fullMarketPrice : p.monthlyRent)).filter((n): n is number => n !== null && n !== undefined);
  const bedrooms = doc.properties.map((p) => p.bedrooms).filter((n): n is number => n !== null && n !== undefined);
  return {
    forSale: doc.forSale,
    lat: doc.location!.lat,
    lng: doc.location!.lon,
    minPrice: prices.length ? Math.min(...prices) : null,
    minBedrooms: bedrooms.length ? Math.min(...bedrooms) : null,
    maxBedrooms: bedrooms.length ? Math.max(...bedrooms) : null,
  };
}
