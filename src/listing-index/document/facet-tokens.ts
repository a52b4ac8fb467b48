// Each indexed property's facet values as tokens, `<facet param>:<value>` in one keyword field, so that
// the counts are one terms aggregation over the matching properties instead of one per facet (the
// engine reads one field a property, not thirteen). A price facet's token is its band: the option whose
// "up to" the price first falls under (listing-search/search-facets.ts adds the bands up).
import { facetsFor, numericOptions, type Facet, type NumericFacet } from '../../listings/facet-definitions.ts';

export const FACET_TOKENS_FIELD = 'properties.facetTokens';

const FACETS: Facet[] = [...new Map([...facetsFor('for-sale'), ...facetsFor('to-rent')].map((f) => [f.param, f])).values()];
/** each price facet's options, worked out once (every indexed property is banded by them) */
const OPTIONS = new Map(FACETS.flatMap((f) => (f.kind === 'numeric' ? [[f.param, numericOptions(f)] as const] : [])));

/**
 * The option whose band holds `price`: the first option the price is "up to", to the half-penny (a
 * rent of £250.004 is "up to £250"); null above the last.
 */
export function bandOf(facet: NumericFacet, price: number): number | null {
  for (const option of OPTIONS.get(facet.param) ?? numericOptions(facet)) if (price < option + 0.005) return option;
  return null;
}

const facetToken = (param: string, value: string | number | boolean): string => `${param}:${String(value)}`;

/** The facet's param and the value of a token. */
export function readToken(token: string): { param: string; value: string } {
  const at = token.indexOf(':');
  return { param: token.slice(0, at), value: token.slice(at + 1) };
}

/** The tokens of an indexed property, from its fields that the facets count (each facet's countField). */
export function facetTokensOf(property: Record<string, unknown>): string[] {
  const tokens: string[] = [];
  for (const facet of FACETS) {
    const raw = property[facet.countField.slice('properties.'.length)];
    for (const value of Array.isArray(raw) ? raw : [raw]) {
      if (value === null || value === undefined) continue;
      if (facet.kind === 'numeric') {
        const band = bandOf(facet, Number(value));
        if (band !== null) tokens.push(facetToken(facet.param, band));
      } else tokens.push(facetToken(facet.param, value as string | number | boolean));
    }
  }
  return [...new Set(tokens)];
}
