// The search's facets as the interface shows them: each facet's options with their texts and the
// counts the engine gave (listing-index/facet-counts.ts).
import { facetsFor, numericOptions, type Facet, type NumericFacet } from '../listings/facet-definitions.ts';
import { readFacetCounts } from '../listing-index/facet-counts.ts';
import type { SearchParams } from '../search-criteria/search-params.ts';
import { formatNumber } from '../core/number-format.ts';
import type { FacetPayload } from './search-payload.ts';

export type FacetOption = FacetPayload['options'][number];

/** at most this many options of a dynamic facet, the most frequent first */
const TERMS_SIZE = 50;

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

/** Turns the answer to the counts request into the spec's facet objects. */
export function readFacets(p: SearchParams, aggregations: Record<string, unknown>, catalogue: OptionCatalogue): FacetPayload[] {
  const facets = facetsFor(p.occupancy_type);
  const countsOf = readFacetCounts(aggregations, facets);
  return facets.map((facet) => {
    // a facet's values, most frequent first (the terms aggregation's order)
    const counts = countsOf.get(facet.param)!;
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
