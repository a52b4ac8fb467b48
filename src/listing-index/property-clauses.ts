// Clauses on a property's fields (inside the nested `properties`), and the nested clause that asks for
// a listing with a property matching them.

/** A range on a field, either bound null for none; null when both are. */
export function rangeClause(field: string, gte: number | null, lte: number | null): object | null {
  if (gte === null && lte === null) return null;
  return { range: { [field]: { ...(gte !== null ? { gte } : {}), ...(lte !== null ? { lte } : {}) } } };
}

/** The portals' extra filters, by name (a portal allows some of them). */
export const EXTRA_FILTER_CLAUSES: Record<string, object> = {
  wheelchair_accesible: { terms: { 'properties.features': ['Wheelchair accessible', 'Step-free access'] } },
  off_street_parking: { exists: { field: 'properties.parking' } },
  pets_allowed: { term: { 'properties.features': 'Pets allowed' } },
};

/** A property reduced in price on or after this day (YYYY-MM-DD). */
export const reducedSinceClause = (day: string): object => ({ range: { 'properties.priceReducedOn': { gte: day } } });

/** A listing with a property matching every clause; `innerHits` asks for those properties back. */
export function withPropertyMatching(clauses: object[], innerHits?: object): object {
  return { nested: { path: 'properties', query: { bool: { filter: clauses } }, ...(innerHits ? { inner_hits: innerHits } : {}) } };
}
