// Facet counts: for each facet, the number of matching properties per option, with every other
// facet's selection applied but not its own.
import { facetsFor, numericOptions, type Facet, type NumericFacet } from './facet-definitions.ts';
import { EVERY_FACET, listingQuery, propertyClauses, type SearchFilters } from './search-filters.ts';
import type { SearchParams } from './search-params.ts';
import { formatNumber } from '../core/number-format.ts';

export interface FacetOption {
  value: string | number;
  text: string;
  count: number;
}

export interface FacetResult {
  name: string;
  param: string;
  multiValue: boolean;
  options: FacetOption[];
}

const TERMS_SIZE = 50;

// A numeric facet's option v counts the properties at v or below ("up to £v"). The engine counts each
// property in the one band between two options it falls in (disjoint ranges: a property is collected
// once, where options "up to" would collect it up to 20 times), and readFacets adds the bands up.
function valuesAgg(facet: Facet): object {
  if (facet.kind === 'numeric') return { range: { field: facet.countField, keyed: true, ranges: numericBands(facet) } };
  return { terms: { field: facet.countField, size: TERMS_SIZE } };
}

/** The bands of a numeric facet: each option's key, from the option before it (exclusive) to it (inclusive). */
function numericBands(facet: NumericFacet): { key: string; from?: number; to: number }[] {
  const edge = (v: number) => v + 0.005;
  return numericOptions(facet).map((v, i, all) => (i === 0 ? { key: String(v), to: edge(v) } : { key: String(v), from: edge(all[i - 1]!), to: edge(v) }));
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
 * facet counts matching properties, a listing-level one by the copy of its value on each property
 * (countField): the facets nobody has selected are counted in one nested pass over the search's
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
  const unselected: Record<string, object> = {};
  for (const facet of facetsFor(p.occupancy_type)) {
    const name = facet.param;
    if (selected.has(name)) own[name] = { filter: listingQuery(f, name), aggs: { props: propertyPass(propertyClauses(f, name), { values: valuesAgg(facet) }) } };
    else unselected[name] = valuesAgg(facet);
  }
  const matches: Record<string, object> = { ...onMatches };
  if (Object.keys(unselected).length) matches[SHARED] = propertyPass(propertyClauses(f), unselected);
  if (selected.size === 0) return { query: whole, aggs: matches };
  return { query: listingQuery(f, EVERY_FACET), aggs: { ...own, [MATCHES]: { filter: whole, aggs: matches } } };
}

const MATCHES = '_matches';

/** The aggregations counted on the search's own matches, in the answer to a counts request. */
export function aggregationsOfMatches(aggregations: Record<string, unknown> | undefined): Record<string, unknown> | undefined {
  return (aggregations?.[MATCHES] as Record<string, unknown> | undefined) ?? aggregations;
}

const SHARED = '_properties';

type Buckets = { buckets: Bucket[] | Record<string, Bucket> };

interface Bucket {
  key?: string | number;
  key_as_string?: string;
  doc_count: number;
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
  return facetsFor(p.occupancy_type).map((facet) => {
    const counts = new Map<string, number>();
    const own = aggregations[facet.param] as { props: { matching: { values: Buckets } } } | undefined;
    const shared = (matches?.[SHARED] as { matching: Record<string, Buckets | undefined> } | undefined)?.matching[facet.param];
    const buckets = (own ? own.props.matching.values : shared)?.buckets ?? [];
    // terms buckets come as a list (a boolean's key is 1 or 0, its key_as_string true or false), keyed ranges by key
    if (Array.isArray(buckets)) for (const b of buckets) counts.set(String(b.key_as_string ?? b.key), b.doc_count);
    else for (const [key, b] of Object.entries(buckets)) counts.set(key, b.doc_count);
    let options: FacetOption[];
    if (facet.kind === 'numeric') {
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
      const extra = [...counts.keys()].filter((k) => !seen.has(k)).map((k) => {
        const value = facet.field.endsWith('rooms') ? Number(k) : k;
        return { value, text: catalogue.text(facet, value) };
      });
      options = [...known, ...extra].map(({ value, text }) => ({ value, text, count: counts.get(String(value)) ?? 0 }));
      if (facet.field.endsWith('rooms')) options.sort((a, b) => Number(a.value) - Number(b.value));
    }
    return { name: facet.name, param: facet.param, multiValue: facet.multiValue, options };
  });
}
