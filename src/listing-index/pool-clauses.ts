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

/** every rank a property can have: the known availabilities, then any other code (headline.ts) */
const RANKS = HEADLINE_AVAILABILITY_ORDER.length + 1;

/** A listing whose pool, among the properties matching `propertyFilter`, holds a property matching every `money` clause. */
export function poolHasClause(propertyFilter: readonly object[], money: readonly object[]): object {
  if (propertyFilter.length === 0) return nested([IN_POOL, ...money]);
  const should: object[] = [];
  for (let rank = 0; rank < RANKS; rank++) {
    const here = nested([...propertyFilter, { term: { 'properties.availabilityRank': rank } }, ...money]);
    should.push(rank === 0 ? here : { bool: { filter: [here], must_not: [nested([...propertyFilter, { range: { 'properties.availabilityRank': { lt: rank } } }])] } });
  }
  return { bool: { should, minimum_should_match: 1 } };
}
