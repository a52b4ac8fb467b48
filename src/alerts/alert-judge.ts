// Which of the candidate saved searches a listing really matches: a saved search matches when running it
// would return the listing, `eligible_only` judged with its customer's profile (read at most once a
// minute). Each candidate is judged in process by its query's predicate (listing-predicate.ts) over the
// listing's index document, compiled from its saved filters and kept; what a predicate leaves undecided
// goes to the engine (alert-confirm.ts) with the same parameters and rectangle. A saved search whose
// filters are not worked out (saved before they were kept, or of another version) has them worked out
// from its query, as the search would read it, and stored on the way.
import { LRUCache } from 'lru-cache';
import { GenerationalCache } from '../core/generational-cache.ts';
import type { Prisma } from '../generated/prisma/client.ts';
import type { SearchClient } from '../search/client.ts';
import type { PlaceResolver } from '../places/gazetteer.ts';
import type { Portal, PortalService } from '../portals/portal-settings.ts';
import type { CustomerValues } from '../eligibility/eligibility-rules.ts';
import type { SearchParams } from '../search-criteria/search-params.ts';
import type { Rect } from '../places/geo.ts';
import { resolveArea, type SearchArea } from '../search-criteria/search-area.ts';
import { listingPredicate, prepareListing, type ListingPredicate, type PredicateContext } from '../listing-index/predicate/listing-predicate.ts';
import { londonToday } from '../core/london-time.ts';
import { savedParams } from '../saved-searches/saved-search-schemas.ts';
import { paramsOfFilters, writeDerived, type SavedFilters } from '../saved-searches/saved-search-criteria.ts';
import type { Candidate } from './alert-candidates.ts';
import { confirmWithEngine, type EngineCase } from './alert-confirm.ts';
import type { SearchPerson } from '../search-criteria/search-person.ts';
import type { LendingAssumptions } from '../affordability/lending.ts';

type Db = Pick<Prisma.TransactionClient, '$queryRaw' | '$executeRaw'>;

export interface JudgeDeps {
  search: SearchClient;
  alias: string;
  gazetteer: PlaceResolver;
  portals: PortalService;
  /** the customers' eligibility values for `eligible_only` queries, null for the others (search-service.ts eligibilityForEach) */
  eligibility: (wanted: readonly { p: SearchParams; customerId: number }[], today: string) => Promise<(CustomerValues | null)[]>;
  /** the searchers of `affordable_only` and `max_distance_from_work` queries, null for the others (search-service.ts personForEach) */
  people: (wanted: readonly { p: SearchParams; customerId: number }[]) => Promise<(SearchPerson | null)[]>;
  /** the lending assumptions the index holds costs for */
  lending: () => Promise<LendingAssumptions>;
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
  within: SearchArea['within'];
  predicate: ListingPredicate;
}

/** `provisional`: also filters of a place resolved before the national postcode file was in (else null: worked out again). */
function compile(text: string, provisional = false): Compiled | null {
  try {
    const f = JSON.parse(text) as SavedFilters;
    if (f.provisional && !provisional) return null;
    const params = paramsOfFilters(f);
    const within = f.within ?? null;
    return { key: text, params, rect: f.rect, within, predicate: listingPredicate(params, f.rect, within) };
  } catch {
    return null; // another version: worked out again from the query
  }
}

// The same saved searches come back event after event: up to 200,000 compiled predicates (a few hundred
// bytes each) are kept by saved search, with the filters text they were compiled from, so that a changed
// saved search is compiled again. Many people save the same search: a saved search not kept yet finds its
// predicate by that text when another has it. (Looked up by text every time, the 165 characters hashed
// cost ten times more than the look-up by id.)
const compiledSearches = new GenerationalCache<number, { text: string; compiled: Compiled | null }>(100_000);
const compiledTexts = new GenerationalCache<string, Compiled | null>(50_000);

function compiledFor(c: Candidate): Compiled | null {
  if (c.filters === null) return null;
  const kept = compiledSearches.get(c.id);
  if (kept !== undefined && kept.text === c.filters) return kept.compiled;
  let compiled = compiledTexts.get(c.filters);
  if (compiled === undefined) {
    compiled = compile(c.filters);
    compiledTexts.set(c.filters, compiled);
  }
  compiledSearches.set(c.id, { text: c.filters, compiled });
  return compiled;
}

export interface Judgement {
  matched: Candidate[];
  /** candidates the predicates left to the engine */
  byEngine: number;
}

export async function judgeCandidates(deps: JudgeDeps, db: Db, listing: EventListing, candidates: Candidate[], now: Date): Promise<Judgement> {
  const compiled: (Compiled | null)[] = new Array(candidates.length);
  const missing: number[] = [];
  for (let i = 0; i < candidates.length; i++) if ((compiled[i] = compiledFor(candidates[i]!)) === null) missing.push(i);
  if (missing.length) {
    const workedOut = await workOutFilters(deps, db, missing.map((i) => candidates[i]!.id));
    for (const i of missing) compiled[i] = workedOut.get(candidates[i]!.id) ?? null;
  }
  // each portal with the context its candidates are judged in (eligible_only ones get their customer's values)
  const portals = new Map<number, { portal: Portal; ctx: PredicateContext } | null>();
  for (const id of new Set(candidates.map((c) => c.portalId))) {
    const portal = await deps.portals.find(id);
    portals.set(id, portal && { portal, ctx: { portalId: portal.id, allowedExtraFilters: portal.settings.extraFilters, eligibility: null } });
  }

  const today = londonToday(now);
  const [eligibility, people, lending] = await Promise.all([eligibilityOf(deps, candidates, compiled, today), peopleOf(deps, candidates, compiled), deps.lending()]);

  const l = prepareListing(listing.source, now);
  const matched: Candidate[] = [];
  const undecided: EngineCase[] = [];
  // (a loop, not callbacks: this runs for every candidate)
  for (let i = 0; i < candidates.length; i++) {
    const candidate = candidates[i]!;
    const f = compiled[i];
    const on = portals.get(candidate.portalId);
    if (!f || !on) continue;
    const values = f.params.eligible_only ? (eligibility.get(i) ?? null) : null;
    const person = people.get(i) ?? null;
    const ctx = values || person ? { ...on.ctx, eligibility: values, person, lending } : on.ctx;
    const verdict = f.predicate.test(l, ctx);
    if (verdict === true) matched.push(candidate);
    else if (verdict === undefined) undecided.push({ candidate, params: f.params, rect: f.rect, within: f.within, key: f.key, portal: on.portal, eligibility: values, person, lending });
  }
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
  for (let i = 0; i < candidates.length; i++) {
    const f = compiled[i];
    if (!f?.params.eligible_only) continue;
    const key = `${candidates[i]!.customerId}\n${today}\n${f.key}`;
    const kept = eligibilityValues.get(key);
    if (kept) out.set(i, kept.values);
    else wanted.push({ i, key });
  }
  if (wanted.length) {
    const values = await deps.eligibility(wanted.map(({ i }) => ({ p: compiled[i]!.params, customerId: candidates[i]!.customerId })), today);
    wanted.forEach(({ i, key }, k) => {
      out.set(i, values[k] ?? null);
      eligibilityValues.set(key, { values: values[k] ?? null });
    });
  }
  return out;
}

// A customer's home, work and household for an affordable_only or max_distance_from_work query, kept a
// minute as eligibility values are.
const searchPeople = new LRUCache<string, { person: SearchPerson | null }>({ max: 100_000, ttl: 60_000 });

/** The searcher of each candidate whose query needs one, by its position. */
async function peopleOf(deps: JudgeDeps, candidates: Candidate[], compiled: (Compiled | null)[]): Promise<Map<number, SearchPerson | null>> {
  const out = new Map<number, SearchPerson | null>();
  const wanted: { i: number; key: string }[] = [];
  for (let i = 0; i < candidates.length; i++) {
    const f = compiled[i];
    if (!f || (!f.params.affordable_only && f.params.max_distance_from_work === null)) continue;
    const key = `${candidates[i]!.customerId}\n${f.key}`;
    const kept = searchPeople.get(key);
    if (kept) out.set(i, kept.person);
    else wanted.push({ i, key });
  }
  if (wanted.length) {
    const people = await deps.people(wanted.map(({ i }) => ({ p: compiled[i]!.params, customerId: candidates[i]!.customerId })));
    wanted.forEach(({ i, key }, k) => {
      out.set(i, people[k] ?? null);
      searchPeople.set(key, { person: people[k] ?? null });
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
    const area = await resolveArea(p, deps.gazetteer);
    const text = await writeDerived(db, row.id, p, area.rectBounds, area.within, area.provisional);
    const compiled = compile(text, true);
    if (compiled) out.set(row.id, compiled);
  }
  return out;
}
