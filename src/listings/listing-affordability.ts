// A listing's affordability for a household: one of its homes' (affordability/affordability.ts), chosen
// as the item shows its homes.
import { affordabilityOf, UNKNOWN_AFFORDABILITY, type Affordability, type CostedProperty, type Household } from '../affordability/affordability.ts';
import type { LendingAssumptions } from '../affordability/lending.ts';
import { compareHeadline, type HeadlineCandidate } from './headline.ts';

/**
 * A listing's affordability: that of the property with the lowest monthly cost among those the
 * household can afford, or, when it can afford none, the lowest among them all (unknown prices last).
 */
export function listingAffordability(properties: readonly CostedProperty[], h: Household, lending: LendingAssumptions): Affordability {
  const judged = properties.map((p) => ({ p, a: affordabilityOf(p, h, lending) }));
  // equal costs: the better headline (headline.ts), so that a tie names the home the item shows first
  const better = (x: (typeof judged)[number], y: (typeof judged)[number]) => {
    const cost = (x.a.monthlyCost ?? Infinity) - (y.a.monthlyCost ?? Infinity);
    return cost < 0 || ((cost === 0 || Number.isNaN(cost)) && compareHeadline(headlineCandidate(x.p), headlineCandidate(y.p)) < 0);
  };
  const cheapest = (list: typeof judged) => list.reduce<(typeof judged)[number] | null>((best, j) => (best === null || better(j, best) ? j : best), null);
  return (cheapest(judged.filter((j) => j.a.status === 'affordable')) ?? cheapest(judged))?.a ?? { ...UNKNOWN_AFFORDABILITY, reasons: [] };
}

/** A property as the headline choice reads it; one whose availability is not known counts as available. */
function headlineCandidate(p: CostedProperty): HeadlineCandidate {
  return { id: p.id, availabilityStatus: p.availabilityStatus ?? 'available', fullMarketPrice: p.fullMarketPrice, monthlyRent: p.monthlyRent };
}
