// Facet counts: for each facet, the number of matching properties per value, with every other
// facet's selection applied but not its own; the request and the reading of its answer. The money
// filters (max_monthly_cost, affordable_only) choose the listings by their pool (pool-clauses.ts) and
// the properties counted by their own values.
import { facetsFor, type Facet } from '../listings/facet-definitions.ts';
import { EVERY_FACET, listingQuery, propertyClauses, type SearchFilters } from './search-filters.ts';
import type { SearchParams } from '../search-criteria/search-params.ts';
import { FACET_TOKENS_FIELD, readToken } from './document/facet-tokens.ts';

/** above the number of distinct tokens of all facets (about 120 at 100,000 listings), so that every count is exact */
const TOKENS_SIZE = 10_000;

/**
 * Every facet's tokens among the properties counted (document/facet-tokens.ts): one terms aggregation,
 * one field a property, for any number of facets; the reader takes the facets it wants. No `include`:
 * with one, the engine counts each token through a hash of its ordinal (a quarter of its CPU under
 * writes, profiled), without one in an array indexed by it.
 */
const TOKENS_AGG = { terms: { field: FACET_TOKENS_FIELD, size: TOKENS_SIZE } };

/**
 * One nested pass over the properties matching `clauses` (of the listings the enclosing query or filter
 * holds), counting `aggs`: under a filter of them when there are any (without, a filter of every
 * property cost the engine a tenth of the counts' time, profiled).
 */
const propertyPass = (clauses: object[], aggs: Record<string, object>): object => ({
  nested: { path: 'properties' },
  aggs: clauses.length ? { [MATCHING]: { filter: { bool: { filter: clauses } }, aggs } } : aggs,
});

const MATCHING = 'matching';

type TokenPass = Record<string, TokenBuckets | undefined> & { [MATCHING]?: Record<string, TokenBuckets | undefined> };

/** The token counts of a property pass, under its filter or not. */
const tokensOf = (pass: TokenPass | undefined): TokenBuckets | undefined => (pass?.[MATCHING] ?? pass)?.[TOKENS] as TokenBuckets | undefined;

/** The counts request's query and aggregations (see countsRequest). */
export interface CountsRequest {
  query: object;
  aggs: Record<string, object>;
}

/**
 * Facet counts, and `onMatches` (aggregations of the search's own matches, such as the map fingerprint).
 * A facet with a selection counts with every other facet's selection applied but not its own, so the
 * request's query leaves out every facet's selection and each such facet filters by the others'. Every
 * facet counts matching properties, by the tokens of their values (document/facet-tokens.ts; a listing-level
 * value is copied onto each property): the facets nobody has selected are counted in one terms
 * aggregation of one nested pass over the search's
 * matching properties, under a filter of the whole search when something is selected (without a
 * selection the query is the search's own and the pass sits beside it), and each selected facet in a
 * nested pass of its own. (Counting a listing-level value as listing buckets, each with a nested count
 * under it, took a nested pass per bucket.)
 */
export function countsRequest(p: SearchParams, f: SearchFilters, withFacets: boolean, onMatches: Record<string, object>): CountsRequest {
  const whole = listingQuery(f);
  if (!withFacets) return { query: whole, aggs: onMatches };
  const selected = new Set([...f.listing, ...f.property].map((c) => c.facet).filter((x): x is string => x !== null));
  const own: Record<string, object> = {};
  let unselected = 0;
  for (const facet of facetsFor(p.occupancy_type)) {
    const name = facet.param;
    if (selected.has(name)) own[name] = { filter: listingQuery(f, name), aggs: { props: propertyPass([...propertyClauses(f, name), ...f.money], { [TOKENS]: TOKENS_AGG }) } };
    else unselected++;
  }
  const matches: Record<string, object> = { ...onMatches };
  if (unselected) matches[SHARED] = propertyPass([...propertyClauses(f), ...f.money], { [TOKENS]: TOKENS_AGG });
  if (selected.size === 0) return { query: whole, aggs: matches };
  return { query: listingQuery(f, EVERY_FACET), aggs: { ...own, [MATCHES]: { filter: whole, aggs: matches } } };
}

const MATCHES = '_matches';

/** The aggregations counted on the search's own matches, in the answer to a counts request. */
export function aggregationsOfMatches(aggregations: Record<string, unknown> | undefined): Record<string, unknown> | undefined {
  return (aggregations?.[MATCHES] as Record<string, unknown> | undefined) ?? aggregations;
}

const SHARED = '_properties';
const TOKENS = 'tokens';

interface TokenBuckets {
  buckets: { key: string; doc_count: number }[];
}

/**
 * The counts of each of `facets`, by value, in the order the engine gave them (the most frequent
 * first), from the answer to a counts request: a selected facet's own pass, else the shared one.
 */
export function readFacetCounts(aggregations: Record<string, unknown>, facets: Facet[]): Map<string, Map<string, number>> {
  const matches = aggregationsOfMatches(aggregations);
  const shared = countsByFacet(tokensOf(matches?.[SHARED] as TokenPass | undefined));
  const counts = new Map<string, Map<string, number>>();
  for (const facet of facets) {
    const own = aggregations[facet.param] as { props: TokenPass } | undefined;
    counts.set(facet.param, (own ? countsByFacet(tokensOf(own.props)) : shared).get(facet.param) ?? new Map<string, number>());
  }
  return counts;
}

/** Token counts by facet, each facet's values in the order the engine gave them. */
function countsByFacet(tokens: TokenBuckets | undefined): Map<string, Map<string, number>> {
  const byFacet = new Map<string, Map<string, number>>();
  for (const bucket of tokens?.buckets ?? []) {
    const { param, value } = readToken(bucket.key);
    let counts = byFacet.get(param);
    if (!counts) byFacet.set(param, (counts = new Map()));
    counts.set(value, bucket.doc_count);
  }
  return byFacet;
}
