// Which of the candidate saved searches a listing really matches: a saved search matches when running it
// would return the listing, `eligible_only` judged with its customer's profile. Each candidate is judged in
// process by its query's predicate (listing-predicate.ts) over the listing's index document, compiled once
// per distinct saved filters and kept (the customer's profile is read at most once a minute); what a
// predicate leaves undecided goes to the engine
// (alert-confirm.ts) with the same parameters and rectangle. A saved search whose filters are not worked
// out (saved before they were kept, or of another version) has them worked out from its query, as the
// search would read it, and stored on the way.
import { LRUCache } from 'lru-cache';
import { GenerationalCache } from '../core/generational-cache.ts';
import type { Prisma } from '../generated/prisma/client.ts';
import type { SearchClient } from '../search/client.ts';
import type { PlaceResolver } from '../places/gazetteer.ts';
import type { Portal, PortalService } from '../portals/portal-settings.ts';
import type { CustomerValues } from '../eligibility/eligibility-rules.ts';
import type { SearchParams } from '../listing-search/search-params.ts';
import type { Rect } from '../places/geo.ts';
import { resolveArea } from '../listing-search/location.ts';
import { listingPredicate, prepareListing, type ListingPredicate } from '../listing-search/listing-predicate.ts';
import { londonToday } from '../core/london-time.ts';
import { savedParams } from '../saved-searches/saved-search-schemas.ts';
import { boxText, criteriaOf, filtersOf, paramsOfFilters, type SavedFilters } from '../saved-searches/saved-search-criteria.ts';
import type { Candidate } from './alert-candidates.ts';
import { confirmWithEngine, type EngineCase } from './alert-confirm.ts';

type Db = Pick<Prisma.TransactionClient, '$queryRaw' | '$executeRaw'>;

export interface JudgeDeps {
  search: SearchClient;
  alias: string;
  gazetteer: PlaceResolver;
  portals: PortalService;
  /** the customers' eligibility values for `eligible_only` queries, null for the others (search-service.ts eligibilityForEach) */
  eligibility: (wanted: readonly { p: SearchParams; customerId: number }[], today: string) => Promise<(CustomerValues | null)[]>;
}

/** A listing as an event shows it: its id and its index document (the fields the predicates read). */
export interface EventListing {
  id: number;
  source: Readonly<Record<string, unknown>>;
}

interface Compiled {
  key: string;
  params: SearchParams;
  rect: Rect;
  predicate: ListingPredicate;
}

// The same saved searches come back event after event, and many people save the same search: a
// compiled predicate is a few hundred bytes, and up to 200,000 are kept.
const compiledFilters = new GenerationalCache<string, Compiled | false>(100_000);

function compiledOf(text: string): Compiled | null {
  let c = compiledFilters.get(text);
  if (c === undefined) {
    try {
      const f = JSON.parse(text) as SavedFilters;
      const params = paramsOfFilters(f);
      c = { key: text, params, rect: f.rect, predicate: listingPredicate(params, f.rect) };
    } catch {
      c = false; // another version: worked out again from the query
    }
    compiledFilters.set(text, c);
  }
  return c || null;
}

export interface Judgement {
  matched: Candidate[];
  /** candidates the predicates left to the engine */
  byEngine: number;
}

export async function judgeCandidates(deps: JudgeDeps, db: Db, listing: EventListing, candidates: Candidate[], now: Date): Promise<Judgement> {
  const compiled = candidates.map((c) => (c.filters === null ? null : compiledOf(c.filters)));
  const missing = candidates.filter((_, i) => compiled[i] === null);
  if (missing.length) {
    const workedOut = await workOutFilters(deps, db, missing.map((c) => c.id));
    candidates.forEach((c, i) => {
      if (compiled[i] === null) compiled[i] = workedOut.get(c.id) ?? null;
    });
  }
  const portals = new Map<number, Portal | null>();
  for (const id of new Set(candidates.map((c) => c.portalId))) portals.set(id, await deps.portals.find(id));

  const today = londonToday(now);
  const eligibility = await eligibilityOf(deps, candidates, compiled, today);

  const l = prepareListing(listing.source, now);
  const matched: Candidate[] = [];
  const undecided: EngineCase[] = [];
  candidates.forEach((candidate, i) => {
    const f = compiled[i];
    const portal = portals.get(candidate.portalId);
    if (!f || !portal) return;
    const values = eligibility.get(i) ?? null;
    const verdict = f.predicate.test(l, { portalId: portal.id, allowedExtraFilters: portal.settings.extraFilters, eligibility: values });
    if (verdict === true) matched.push(candidate);
    else if (verdict === undefined) undecided.push({ candidate, params: f.params, rect: f.rect, key: f.key, portal, eligibility: values });
  });
  if (undecided.length) matched.push(...(await confirmWithEngine(deps, listing.id, undecided, now)));
  return { matched, byEngine: undecided.length };
}

// A customer's values for an eligible_only query, kept a minute: an event's candidates and the next
// events' share customers, and reading profiles was most of an event's fixed cost.
const eligibilityValues = new LRUCache<string, { values: CustomerValues | null }>({ max: 100_000, ttl: 60_000 });

/** The eligibility values of each eligible_only candidate, by its position. */
async function eligibilityOf(deps: JudgeDeps, candidates: Candidate[], compiled: (Compiled | null)[], today: string): Promise<Map<number, CustomerValues | null>> {
  const out = new Map<number, CustomerValues | null>();
  const wanted: { i: number; key: string }[] = [];
  candidates.forEach((c, i) => {
    const f = compiled[i];
    if (!f?.params.eligible_only) return;
    const key = `${c.customerId}\n${today}\n${f.key}`;
    const kept = eligibilityValues.get(key);
    if (kept) out.set(i, kept.values);
    else wanted.push({ i, key });
  });
  if (wanted.length) {
    const values = await deps.eligibility(wanted.map(({ i }) => ({ p: compiled[i]!.params, customerId: candidates[i]!.customerId })), today);
    wanted.forEach(({ i, key }, k) => {
      out.set(i, values[k] ?? null);
      eligibilityValues.set(key, { values: values[k] ?? null });
    });
  }
  return out;
}

/**
 * The filters of these saved searches from their queries, stored with the criteria columns (the place
 * resolved again). A query the search no longer accepts matches nothing.
 */
async function workOutFilters(deps: JudgeDeps, db: Db, ids: number[]): Promise<Map<number, Compiled>> {
  const rows = await db.$queryRaw<{ id: number; query: unknown }[]>`SELECT id, query FROM "SavedSearch" WHERE id = ANY(${ids}::int[])`;
  const out = new Map<number, Compiled>();
  for (const row of rows) {
    let p: SearchParams;
    try {
      p = savedParams(row.query) as SearchParams;
    } catch {
      continue;
    }
    const rect = (await resolveArea(p, deps.gazetteer)).rectBounds;
    const text = JSON.stringify(filtersOf(p, rect));
    const c = criteriaOf(p, rect);
    await db.$executeRaw`
      UPDATE "SavedSearch" SET filters = ${text}, area = ${boxText(rect)}::box, "forSale" = ${c.forSale},
        "maxPrice" = ${c.maxPrice}::float8, "minBedrooms" = ${c.minBedrooms}::int, "maxBedrooms" = ${c.maxBedrooms}::int
      WHERE id = ${row.id}`;
    const compiled = compiledOf(text);
    if (compiled) out.set(row.id, compiled);
  }
  return out;
}
