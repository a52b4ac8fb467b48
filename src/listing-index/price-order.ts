// The price sorts order listings by the headline price their items show (listings/headline.ts): the
// price of the most advertised, then cheapest, of the properties that match the search. The engine runs
// no scripts, and a sort on a nested field can only take the minimum of one value over the matching
// properties, so the order comes from the listing's score instead: one should clause per availability
// rank, each matching only the listings whose best matching property has that rank, scoring the lowest
// price among those properties (a nested query, score_mode min, over a function_score of the price).
// Exactly one clause matches a listing, so its score is its headline price. A listing whose headline
// has no price yet (to be announced) scores past every price and comes last, in both directions.
//
// Scores are 32-bit floats: whole pounds are exact up to 16,777,216, pence below that and to the penny
// for rents. With a partner source, partner listings come first whatever the sort: the score is then
// the natural logarithm of 1 + price, with PARTNER_GAP added to the listings that come second, which
// keeps prices apart to about four parts in a million.
import { HEADLINE_AVAILABILITY_ORDER } from '../listings/headline.ts';
import { partnerClause } from './listing-clauses.ts';
import { withPropertyMatching as nested } from './property-clauses.ts';

const PARTNER_GAP = 32;
/** above any price's score (ln(1 + price) stays under 31 for any price below £10^13) */
const UNPRICED_LOG = PARTNER_GAP - 1;
const UNPRICED_PLAIN = 1e30;

export interface PriceOrder {
  /** should clauses of the main query: together they score each listing */
  should: object[];
  sort: object[];
}

function headlineScoring(field: string, propertyFilter: object[], log: boolean, unpricedScore: number): object[] {
  const clauses: object[] = [];
  HEADLINE_AVAILABILITY_ORDER.forEach((status, rank) => {
    const inRank = [...propertyFilter, { term: { 'properties.availabilityStatus': status } }];
    const priced = [...inRank, { exists: { field } }];
    const better = rank > 0 ? [nested([...propertyFilter, { terms: { 'properties.availabilityStatus': HEADLINE_AVAILABILITY_ORDER.slice(0, rank) } }])] : [];
    const price = { field_value_factor: { field, modifier: log ? 'ln1p' : 'none', missing: 0 }, boost_mode: 'replace' };
    clauses.push({
      bool: {
        must: [{ nested: { path: 'properties', score_mode: 'min', query: { function_score: { query: { bool: { filter: priced } }, ...price } } } }],
        must_not: better,
      },
    });
    clauses.push({ constant_score: { filter: { bool: { filter: [nested(inRank)], must_not: [...better, nested(priced)] } }, boost: unpricedScore } });
  });
  return clauses;
}

/** The query's scoring and the sort of a price sort on `field` (a property's fullMarketPrice or monthlyRent). */
export function priceOrder(field: string, order: 'asc' | 'desc', propertyFilter: object[], partnerSource: string | null): PriceOrder {
  const tieBreak = { id: { order: 'asc' } };
  const sort = [{ _score: { order } }, tieBreak];
  const asc = order === 'asc';
  if (partnerSource === null) return { should: headlineScoring(field, propertyFilter, false, asc ? UNPRICED_PLAIN : 0), sort };
  // partner listings first: ascending, the others are lifted past them; descending, they are
  const partner = partnerClause(partnerSource);
  const second = { constant_score: { filter: asc ? { bool: { must_not: [partner] } } : partner, boost: PARTNER_GAP } };
  return { should: [...headlineScoring(field, propertyFilter, true, asc ? UNPRICED_LOG : 0), second], sort };
}
