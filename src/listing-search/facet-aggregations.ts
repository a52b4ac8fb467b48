// Facet counts: for each facet, the number of matching properties per option, with every other
// facet's selection applied but not its own.
import { facetsFor, numericOptions, type Facet, type NumericFacet } from '../listing-index/facet-definitions.ts';
import { EVERY_FACET, listingQuery, propertyClauses, type SearchFilters } from './search-filters.ts';
import type { SearchParams } from './search-params.ts';
import { formatNumber } from '../core/number-format.ts';
import { FACET_TOKENS_FIELD, readToken } from '../listing-index/facet-tokens.ts';
import type { FacetPayload } from './search-payload.ts';

export type FacetOption = FacetPayload['options'][number];

export type FacetResult = FacetPayload;

/** at most this many options of a dynamic facet, the most frequent first */
const TERMS_SIZE = 50;
/** above the number of distinct tokens of any facets, so that every count is exact */
const TOKENS_SIZE = 10_000;

/**
 * The tokens of `facets` among the properties counted (facet-tokens.ts): one terms aggregation, one
 * field a property, for any number of facets.
 */
function tokensAgg(facets: Facet[]): object {
  return { terms: { field: FACET_TOKENS_FIELD, size: TOKENS_SIZE, include: `(${facets.map((f) => f.param).join('|')}):.*` } };
}

/** One nested pass over the properties matching `clauses` (of the listings the enclosing query or filter holds), counting `aggs`. */
const propertyPass = (clauses: object[], aggs: Record<string, object>): object => ({
  nested: { path: 'properties' },
  aggs: { matching: { filter: clauses.length ? { bool: { filter: clauses } } : { match_all: {} }, aggs } },
});

/** The counts request's query and aggregations (see countsRequest). */
export interface CountsRequest {
  query: object;
  aggs: Record<string, object>;
}

/**
 * Facet counts, and `onMatches` (aggregations of the search's own matches, such as the map fingerprint).
 * A facet with a selection counts with every other facet's selection applied but not its own, so the
 * request's query leaves out every facet's selection and each such facet filters by the others'. Every
 * facet counts matching properties, by the tokens of their values (facet-tokens.ts; a listing-level
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
  const unselected: Facet[] = [];
  for (const facet of facetsFor(p.occupancy_type)) {
    const name = facet.param;
    if (selected.has(name)) own[name] = { filter: listingQuery(f, name), aggs: { props: propertyPass(propertyClauses(f, name), { [TOKENS]: tokensAgg([facet]) }) } };
    else unselected.push(facet);
  }
  const matches: Record<string, object> = { ...onMatches };
  if (unselected.length) matches[SHARED] = propertyPass(propertyClauses(f), { [TOKENS]: tokensAgg(unselected) });
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

export interface OptionCatalogue {
  /** known option values and their texts for a facet; dynamic facets have none */
  options(facet: Facet): { value: string | number; text: string }[];
  text(facet: Facet, value: string | number): string;
}

// A search's facets hold some 80 price options: their texts (Intl formatting) are written once.
const numericTexts = new WeakMap<NumericFacet, { value: number; key: string; text: string }[]>();

function numericOptionTexts(facet: NumericFacet): { value: number; key: string; text: string }[] {
  let texts = numericTexts.get(facet);
  if (!texts) {
    texts = numericOptions(facet).map((value) => ({ value, key: String(value), text: `${facet.prefix}${formatNumber(value)}` }));
    numericTexts.set(facet, texts);
  }
  return texts;
}

/** Turns the aggregation results into the spec's facet objects. */
export function readFacets(p: SearchParams, aggregations: Record<string, unknown>, catalogue: OptionCatalogue): FacetResult[] {
  const matches = aggregationsOfMatches(aggregations);
  const shared = countsByFacet((matches?.[SHARED] as { matching: Record<string, TokenBuckets> } | undefined)?.matching[TOKENS]);
  return facetsFor(p.occupancy_type).map((facet) => {
    const own = aggregations[facet.param] as { props: { matching: Record<string, TokenBuckets> } } | undefined;
    // a facet's values, most frequent first (the terms aggregation's order)
    const counts = (own ? countsByFacet(own.props.matching[TOKENS]) : shared).get(facet.param) ?? new Map<string, number>();
    let options: FacetOption[];
    if (facet.kind === 'numeric') {
      // each option counts its band and every band below it
      let upTo = 0;
      options = numericOptionTexts(facet).map(({ value, key, text }) => ({ value, text, count: (upTo += counts.get(key) ?? 0) }));
    } else if (facet.param === 'new_homes') {
      options = [
        { value: 'new-build', text: 'New build', count: counts.get('true') ?? 0 },
        { value: 'resale', text: 'Resale', count: counts.get('false') ?? 0 },
      ];
    } else {
      const known = catalogue.options(facet);
      const seen = new Set(known.map((o) => String(o.value)));
      const found = facet.dynamic ? [...counts.keys()].slice(0, TERMS_SIZE) : [...counts.keys()];
      const extra = found.filter((k) => !seen.has(k)).map((k) => {
        const value = facet.field.endsWith('rooms') ? Number(k) : k;
        return { value, text: catalogue.text(facet, value) };
      });
      options = [...known, ...extra].map(({ value, text }) => ({ value, text, count: counts.get(String(value)) ?? 0 }));
      if (facet.field.endsWith('rooms')) options.sort((a, b) => Number(a.value) - Number(b.value));
    }
    return { name: facet.name, param: facet.param, multiValue: facet.multiValue, options };
  });
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
