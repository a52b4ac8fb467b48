// A kept engine answer brought up to date by a write instead of being discarded: the total, every facet
// count and the map's count by each written listing's contributions before and after, read with the
// search's filters in JavaScript (listing-index/predicate/listing-predicate.ts) exactly as the engine
// counts them (listing-index/facet-counts.ts): a facet pass counts the properties of the listings
// passing the search without that facet's own clauses, by their facet tokens, each property read on its
// own clauses and money filters. The page and the featured pool are not worked out here: when the
// listing is on the page, may enter it or may shift it, the page is marked stale and asked of the engine
// alone (as the featured pool and its items when the listing is featured), never the counts.
// Anything the predicate cannot decide, or a search it does not mirror (keywords, eligibility, a
// household's affordability, the distance from work), gives no delta: the answer is discarded as before.
import type { CompletionContext } from './search-service.ts';
import type { SearchParams } from '../search-criteria/search-params.ts';
import { facetsFor } from '../listings/facet-definitions.ts';
import { ListingPredicate, prepareListing, type PredicateContext, type PreparedListing, type Verdict } from '../listing-index/predicate/listing-predicate.ts';
import type { DocumentChange } from '../listing-index/delta-documents.ts';
import { FACET_TOKENS_FIELD } from '../listing-index/document/facet-tokens.ts';
import { MAP_DIGEST_FIELD } from '../listing-index/document/map-listing-fields.ts';

/** The parts of the answer the engine must be asked for again (the page; the featured pool and its items). */
export interface StaleParts {
  page: boolean;
  featured: boolean;
}

interface Bucket {
  key: string;
  doc_count: number;
}
interface TokenPass {
  matching?: { tokens?: { buckets: Bucket[] } };
  tokens?: { buckets: Bucket[] };
}
interface Part {
  hits?: { total?: { value: number; relation?: string }; hits?: { _id: string }[] };
  aggregations?: Record<string, unknown>;
}

const RESERVED = new Set(['_matches', '_properties', '_mapCount', '_mapSum']);
const TOKENS_PROPERTY_FIELD = FACET_TOKENS_FIELD.slice('properties.'.length);

/** Whether a search's filters are all mirrored by the predicate (others keep discarding). */
export function deltaCovers(p: SearchParams): boolean {
  return !p.keywords?.trim() && !p.eligible_only && !p.affordable_only && p.max_distance_from_work === null;
}

/** The search's predicate, and one without each facet's own clauses (a facet pass's listings). */
class SearchContributions {
  private readonly whole: ListingPredicate;
  private readonly except = new Map<string, ListingPredicate>();
  private readonly ctx: PredicateContext;
  private readonly now: Date;

  constructor(private readonly context: Readonly<CompletionContext>) {
    const { p, area, portal, person, lending, today } = context;
    this.whole = new ListingPredicate(p, area.rectBounds, area.within ?? null);
    this.ctx = { portalId: portal.id, allowedExtraFilters: portal.settings.extraFilters, eligibility: null, person, lending };
    this.now = new Date(`${today}T12:00:00Z`);
  }

  prepare(doc: Record<string, unknown> | null): PreparedListing | null {
    return doc ? prepareListing(doc, this.now) : null;
  }

  without(param: string): ListingPredicate {
    let predicate = this.except.get(param);
    if (!predicate) {
      const p = this.context.p as unknown as Record<string, unknown>;
      const cleared = { ...p, [param]: Array.isArray(p[param]) ? [] : null } as unknown as SearchParams;
      this.except.set(param, (predicate = new ListingPredicate(cleared, this.context.area.rectBounds, this.context.area.within ?? null)));
    }
    return predicate;
  }

  passes(l: PreparedListing | null, predicate = this.whole): Verdict {
    return l === null ? false : predicate.test(l, this.ctx);
  }

  /** The facet tokens the pass of `predicate` counts for this listing, with their numbers; null when it cannot tell. */
  tokens(l: PreparedListing | null, doc: Record<string, unknown> | null, predicate = this.whole): Map<string, number> | null {
    const counted = new Map<string, number>();
    const pass = this.passes(l, predicate);
    if (pass === undefined) return null;
    if (!pass) return counted;
    const verdicts = predicate.propertyVerdicts(l!, this.ctx);
    const props = doc!.properties;
    const list = props === undefined || props === null ? [] : Array.isArray(props) ? (props as Record<string, unknown>[]) : [props as Record<string, unknown>];
    if (verdicts === undefined || verdicts.length !== list.length) return null;
    for (const [i, verdict] of verdicts.entries()) {
      if (verdict === undefined) return null;
      if (!verdict) continue;
      const raw = list[i]?.[TOKENS_PROPERTY_FIELD];
      if (raw !== undefined && raw !== null && !Array.isArray(raw) && typeof raw !== 'string') return null;
      // a nested document counts once for each distinct token it holds
      for (const token of new Set(raw === undefined || raw === null ? [] : (Array.isArray(raw) ? raw : [raw]) as unknown[])) {
        if (typeof token !== 'string') return null;
        counted.set(token, (counted.get(token) ?? 0) + 1);
      }
    }
    return counted;
  }
}

/** Token counts after, less those before. */
function tokenDelta(before: Map<string, number> | null, after: Map<string, number> | null): Map<string, number> | null {
  if (!before || !after) return null;
  const delta = new Map<string, number>();
  for (const [k, n] of after) delta.set(k, n);
  for (const [k, n] of before) delta.set(k, (delta.get(k) ?? 0) - n);
  return delta;
}

/** Applies the delta to a terms aggregation's buckets, in the engine's order (count descending, then key by its bytes); false when a count would fall below 0. */
function applyBuckets(agg: { buckets: Bucket[] } | undefined, delta: Map<string, number>): boolean {
  if (!agg) return false;
  const counts = new Map(agg.buckets.map((b) => [b.key, b.doc_count]));
  for (const [k, n] of delta) counts.set(k, (counts.get(k) ?? 0) + n);
  const buckets: Bucket[] = [];
  for (const [key, doc_count] of counts) {
    if (doc_count < 0) return false;
    if (doc_count > 0) buckets.push({ key, doc_count });
  }
  buckets.sort((a, b) => b.doc_count - a.doc_count || Buffer.compare(Buffer.from(a.key), Buffer.from(b.key)));
  agg.buckets = buckets;
  return true;
}

const tokensAgg = (pass: TokenPass | undefined) => pass?.matching?.tokens ?? pass?.tokens;

function isFeatured(doc: Record<string, unknown> | null): boolean {
  const v = doc?.displayAs;
  return Array.isArray(v) ? v.includes('featured') : v === 'featured';
}

/**
 * The answer after these changes (in the order the index took them), and which of its parts must be
 * asked again; null when a delta cannot be proven exact (the answer is then discarded).
 */
export function answerAfter(context: Readonly<CompletionContext>, answerText: string, changes: readonly DocumentChange[]): { text: string; stale: StaleParts } | null {
  const { p, plan } = context;
  if (!deltaCovers(p)) return null;
  const parsed = JSON.parse(answerText) as { responses?: Part[] };
  const responses = parsed.responses;
  const expected = 1 + Number(plan.counts) + Number(plan.featuredPool) + Number(plan.featuredItems);
  if (!Array.isArray(responses) || responses.length !== expected) return null;
  const [main, ...rest] = responses;
  const counts = plan.counts ? rest[0] : null;
  const total = main?.hits?.total;
  if (!main || !total || typeof total.value !== 'number' || (total.relation !== undefined && total.relation !== 'eq')) return null;
  const onPage = new Set((main.hits?.hits ?? []).map((h) => Number(h._id)));

  const search = new SearchContributions(context);
  const aggs = counts?.aggregations;
  const matches = (aggs?._matches as Record<string, unknown> | undefined) ?? aggs;
  const facets = new Set(facetsFor(p.occupancy_type).map((f) => f.param));
  const own = aggs ? Object.keys(aggs).filter((k) => !RESERVED.has(k)) : [];
  if (own.some((k) => !facets.has(k))) return null;
  const stale: StaleParts = { page: false, featured: false };

  for (const change of changes) {
    const before = search.prepare(change.before);
    const after = search.prepare(change.after);
    const was = search.passes(before);
    const is = search.passes(after);
    if (was === undefined || is === undefined) return null;
    total.value += Number(is) - Number(was);
    if (total.value < 0) return null;
    if (p.size > 0 && (onPage.has(change.id) || is || (was && p.page > 1))) stale.page = true;
    if ((was && isFeatured(change.before)) || (is && isFeatured(change.after))) stale.featured = true;
    if (!matches) continue;
    // the map's fingerprint: the count of matches with a digest moves exactly; their sum is the engine's
    // own floating-point sum, which a delta cannot reproduce, so a changed one is left unknown and the map
    // is asked for (listing-search/map-listing-cache.ts)
    const count = matches._mapCount as { value: number | null } | undefined;
    const sum = matches._mapSum as { value: number | null } | undefined;
    if (count && sum) {
      const digestOf = (pass: boolean, doc: Record<string, unknown> | null) => (pass && typeof doc?.[MAP_DIGEST_FIELD] === 'number' ? (doc[MAP_DIGEST_FIELD] as number) : null);
      const d0 = digestOf(was, change.before);
      const d1 = digestOf(is, change.after);
      if (d0 !== d1) {
        count.value = sum.value = null;
      }
    }
    const shared = matches._properties as TokenPass | undefined;
    if (shared) {
      const delta = tokenDelta(search.tokens(before, change.before), search.tokens(after, change.after));
      if (!delta || !applyBuckets(tokensAgg(shared), delta)) return null;
    }
    for (const param of own) {
      const predicate = search.without(param);
      const delta = tokenDelta(search.tokens(before, change.before, predicate), search.tokens(after, change.after, predicate));
      if (!delta || !applyBuckets(tokensAgg((aggs![param] as { props?: TokenPass }).props), delta)) return null;
    }
  }
  return { text: JSON.stringify(parsed), stale };
}
