// The money filters (max_monthly_cost, affordable_only) and the monthly-cost sort read one pool of a
// listing's homes (listings/listing-affordability.ts): the most advertised among the properties that
// match the search's other property filters. Without such filters the pool is the listing's own, which
// the document marks on each property (`inPool`), so the clause is one nested query as before. With
// them, the pool depends on the search: one should clause per availability rank, each asking for a
// matching property of that rank within the money filters and for no matching property of a better
// rank (as the price sorts pick the headline's rank, price-order.ts). No script.
import { HEADLINE_AVAILABILITY_ORDER } from '../listings/headline.ts';
import { withPropertyMatching as nested } from './property-clauses.ts';

/** A property of its listing's own pool (every availability the listing advertises best). */
export const IN_POOL: object = { term: { 'properties.inPool': true } };

const STATUS_FIELD = 'properties.availabilityStatus';

/**
 * The ranks a matching property can have: those of the availabilities the filters allow (the `status`
 * facet's selection), else every one. The synchronisation API takes only the four codes, so no
 * property has the rank of an unknown code.
 */
function ranksAllowed(propertyFilter: readonly object[]): number[] {
  const every = HEADLINE_AVAILABILITY_ORDER.map((_, rank) => rank);
  const status = propertyFilter.find((c): c is { terms: Record<string, string[]> } => STATUS_FIELD in ((c as { terms?: object }).terms ?? {}));
  if (!status) return every;
  const wanted = new Set(status.terms[STATUS_FIELD]);
  return every.filter((rank) => wanted.has(HEADLINE_AVAILABILITY_ORDER[rank]!));
}

/** A listing whose pool, among the properties matching `propertyFilter`, holds a property matching every `money` clause. */
export function poolHasClause(propertyFilter: readonly object[], money: readonly object[]): object {
  if (propertyFilter.length === 0) return nested([IN_POOL, ...money]);
  const ranks = ranksAllowed(propertyFilter);
  // one availability allowed: every matching property is of the pool
  if (ranks.length <= 1) return nested([...propertyFilter, ...money]);
  const should = ranks.map((rank, i) => {
    const here = nested([...propertyFilter, { term: { 'properties.availabilityRank': rank } }, ...money]);
    return i === 0 ? here : { bool: { filter: [here], must_not: [nested([...propertyFilter, { range: { 'properties.availabilityRank': { lt: rank } } }])] } };
  });
  return { bool: { should, minimum_should_match: 1 } };
}
