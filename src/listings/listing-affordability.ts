// A listing's money (PORTAL-EXTRAS §10): worked out over one pool of its homes — the most advertised
// ones among those given (the search's matching properties, or all of them): the available ones; only
// when none is available, coming soon, then under offer; closed ones only when nothing else is. The
// headline (headline.ts) is the pool's cheapest home by price, and `monthlyCostFrom`, `max_monthly_cost`,
// the monthly-cost sort, `affordable_only` and the item's affordability all read this same pool, so a
// sold home never feeds the money while an available one is advertised. The costing of each home is
// affordability/affordability.ts's.
import { affordabilityOf, lowestMonthlyCost, unknownAffordability, type Affordability, type CostedProperty, type Household } from '../affordability/affordability.ts';
import type { LendingAssumptions } from '../affordability/lending.ts';
import { availabilityRank, compareHeadline, type HeadlineCandidate } from './headline.ts';

/** The rank of a property's availability; one whose availability is not known counts as available. */
const rankOf = (p: { availabilityStatus?: string }): number => availabilityRank(p.availabilityStatus ?? 'available');

/** The best (lowest) availability rank among the properties; null when there are none. */
export function poolRank(properties: readonly { availabilityStatus?: string }[]): number | null {
  let best: number | null = null;
  for (const p of properties) {
    const r = rankOf(p);
    if (best === null || r < best) best = r;
  }
  return best;
}

/** The pool: the properties of the best availability rank among those given. */
export function poolOf<T extends { availabilityStatus?: string }>(properties: readonly T[]): T[] {
  const best = poolRank(properties);
  return properties.filter((p) => rankOf(p) === best);
}

/** The lowest monthly cost in the pool of these properties (the item's `monthlyCostFrom`). */
export function listingMonthlyCostFrom(properties: readonly CostedProperty[], lending: LendingAssumptions): number | null {
  return lowestMonthlyCost(poolOf(properties), lending);
}

/**
 * A listing's affordability: over the pool of `properties`, that of the home with the lowest monthly
 * cost among those the household can afford, or, when it can afford none, the lowest among them all
 * (unknown prices last). `maxMonthlyCost`: the search's budget (affordability.ts reports the largest
 * affordable share within it).
 */
export function listingAffordability(
  properties: readonly CostedProperty[],
  h: Household,
  lending: LendingAssumptions,
  maxMonthlyCost: number | null = null,
  /** each property's affordability for this household, when the caller has worked it out already */
  judge: (p: CostedProperty) => Affordability = (p) => affordabilityOf(p, h, lending, maxMonthlyCost),
): Affordability {
  const judged = poolOf(properties).map((p) => ({ p, a: judge(p) }));
  // equal costs: the better headline (headline.ts), so that a tie names the home the item shows first
  const better = (x: (typeof judged)[number], y: (typeof judged)[number]) => {
    const cost = (x.a.monthlyCost ?? Infinity) - (y.a.monthlyCost ?? Infinity);
    return cost < 0 || ((cost === 0 || Number.isNaN(cost)) && compareHeadline(headlineCandidate(x.p), headlineCandidate(y.p)) < 0);
  };
  const cheapest = (list: typeof judged) => list.reduce<(typeof judged)[number] | null>((best, j) => (best === null || better(j, best) ? j : best), null);
  return (cheapest(judged.filter((j) => j.a.status === 'affordable')) ?? cheapest(judged))?.a ?? unknownAffordability(lending);
}

/** A property as the headline choice reads it; one whose availability is not known counts as available. */
function headlineCandidate(p: CostedProperty): HeadlineCandidate {
  return { id: p.id, availabilityStatus: p.availabilityStatus ?? 'available', fullMarketPrice: p.fullMarketPrice, monthlyRent: p.monthlyRent };
}
