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
const matchingProperties = (f: SearchFilters) => {
  const clauses = propertyClauses(f);
  return { filter: clauses.length ? { bool: { filter: clauses } } : { match_all: {} } };
};

function valuesAgg(facet: Facet): object {
  if (facet.kind === 'numeric') return { range: { field: facet.field, keyed: true, ranges: numericOptions(facet).map((v) => ({ key: String(v), to: v + 0.005 })) } };
  return { terms: { field: facet.field, size: TERMS_SIZE } };
}

/** The counts request's query and aggregations (see countsRequest). */
export interface CountsRequest {
  query: object;
  aggs: Record<string, object>;
}

/**
 * Facet counts, and `onMatches` (aggregations of the search's own matches, such as the map fingerprint).
 * A facet with a selection counts with every other facet's selection applied but not its own, so the
 * request's query leaves out every facet's selection and each such facet filters by the others'. Facets
 * nobody has selected are counted on the search's matches, all property facets in one nested pass: under
 * a filter of the whole search when something is selected; without a selection the query is the search's
 * own and they sit beside it.
 */
export function countsRequest(p: SearchParams, f: SearchFilters, withFacets: boolean, onMatches: Record<string, object>): CountsRequest {
  const whole = listingQuery(f);
  if (!withFacets) return { query: whole, aggs: onMatches };
  const selected = new Set([...f.listing, ...f.property].map((c) => c.facet).filter((x): x is string => x !== null));
  const own: Record<string, object> = {};
  const matches: Record<string, object> = { ...onMatches };
  const sharedPropertyFacets: Record<string, object> = {};
  for (const facet of facetsFor(p.occupancy_type)) {
    const name = facet.param;
    if (!selected.has(name)) {
      if (facet.level === 'property') sharedPropertyFacets[name] = valuesAgg(facet);
      else matches[name] = { terms: { field: facet.field, size: TERMS_SIZE }, aggs: { props: { nested: { path: 'properties' }, aggs: { matching: matchingProperties(f) } } } };
      continue;
    }
    if (facet.level === 'listing') {
      own[name] = {
        filter: listingQuery(f, name),
        aggs: { values: { terms: { field: facet.field, size: TERMS_SIZE }, aggs: { props: { nested: { path: 'properties' }, aggs: { matching: matchingProperties(f) } } } } },
      };
    } else {
      const clauses = propertyClauses(f, name);
      own[name] = {
        filter: listingQuery(f, name),
        aggs: { props: { nested: { path: 'properties' }, aggs: { matching: { filter: clauses.length ? { bool: { filter: clauses } } : { match_all: {} }, aggs: { values: valuesAgg(facet) } } } } },
      };
    }
  }
  if (Object.keys(sharedPropertyFacets).length) {
    matches[SHARED] = { nested: { path: 'properties' }, aggs: { matching: { ...matchingProperties(f), aggs: sharedPropertyFacets } } };
  }
  if (selected.size === 0) return { query: whole, aggs: matches };
  return { query: listingQuery(f, EVERY_FACET), aggs: { ...own, [MATCHES]: { filter: whole, aggs: matches } } };
}

const MATCHES = '_matches';

/** The aggregations counted on the search's own matches, in the answer to a counts request. */
export function aggregationsOfMatches(aggregations: Record<string, unknown> | undefined): Record<string, unknown> | undefined {
  return (aggregations?.[MATCHES] as Record<string, unknown> | undefined) ?? aggregations;
}

const SHARED = '_properties';

interface FacetAggregation {
  values?: { buckets: Bucket[] };
  props?: { matching: { values: { buckets: Bucket[] | Record<string, Bucket> } } };
}

interface Bucket {
  key: string | number;
  key_as_string?: string;
  doc_count: number;
  props?: { matching: { doc_count: number } };
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
    const own = (aggregations[facet.param] ?? matches?.[facet.param]) as FacetAggregation | undefined;
    const shared = (matches?.[SHARED] as { matching: Record<string, { buckets: Bucket[] | Record<string, Bucket> }> } | undefined)?.matching[facet.param];
    // listing facets: buckets of listing values, counted in matching properties
    const listingBuckets = own ? (own.values ?? (own as unknown as { buckets?: Bucket[] })).buckets : undefined;
    const propertyBuckets = shared?.buckets ?? own?.props?.matching.values.buckets;
    if (facet.level === 'listing') {
      for (const b of (listingBuckets ?? []) as Bucket[]) counts.set(String(b.key_as_string ?? b.key), b.props!.matching.doc_count);
    } else if (Array.isArray(propertyBuckets)) {
      for (const b of propertyBuckets) counts.set(String(b.key), b.doc_count);
    } else {
      for (const [key, b] of Object.entries(propertyBuckets ?? {})) counts.set(key, b.doc_count);
    }
    let options: FacetOption[];
    if (facet.kind === 'numeric') {
      options = numericOptionTexts(facet).map(({ value, key, text }) => ({ value, text, count: counts.get(key) ?? 0 }));
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
