// How many homes a search found. The search's `pagination.total` counts listings (a development
// advertising eleven homes is one), while the facets count matching homes (the interface's rule). Each
// home has exactly one availability status, so the Availability facet's counts add up to the homes that
// match: all its options when none is chosen, else the chosen ones (a facet counts without its own
// selection). Bedrooms, one count per home as well, stands in when Availability is not offered.
export interface CountedFacet {
  param: string;
  multiValue: boolean;
  options: { value: string | number; count: number }[];
}

const PARTITIONS = ['status', 'bedrooms'];

/** the homes matching the search, from its facets; null when they do not tell */
export function homesFound(facets: readonly CountedFacet[], chosen: (param: string) => readonly string[]): number | null {
  for (const param of PARTITIONS) {
    const facet = facets.find((f) => f.param === param && f.multiValue);
    if (!facet) continue;
    const selected = new Set(chosen(param));
    return facet.options.filter((o) => selected.size === 0 || selected.has(String(o.value))).reduce((sum, o) => sum + o.count, 0);
  }
  return null;
}

const plural = (n: number, one: string, many: string) => `${n.toLocaleString('en-GB')} ${n === 1 ? one : many}`;

/** "3 developments, 12 homes" (or "1 development, 1 home"); "3 developments" when the homes are not known */
export function countsText(listings: number, homes: number | null): string {
  const developments = plural(listings, 'development', 'developments');
  return homes === null ? developments : `${developments}, ${plural(homes, 'home', 'homes')}`;
}

/**
 * "2 developments match", or "2 developments, 3 homes match" when the homes are known: a count of
 * listings says developments, never homes (a development may advertise several).
 */
export function matchesText(listings: number, homes: number | null = null): string {
  return `${countsText(listings, homes)} ${listings === 1 && (homes === null || homes === 1) ? 'matches' : 'match'}`;
}
