// Eligibility on a listing item and listing details (PORTAL-EXTRAS §11): register interest's own
// decision (eligibility-rules.ts `decide`, money judged by the one costing) for the listing's homes and
// the searcher's values, told as `{status, reasons}`. Nothing is judged here that decide() does not judge.
import { decide, type CustomerValues, type PropertyTerms } from './eligibility-rules.ts';
import { depositNeededOf, type CostedProperty } from '../affordability/affordability.ts';
import type { LendingAssumptions } from '../affordability/lending.ts';
import type { ListingEligibility } from './listing-eligibility.ts';

export type ItemEligibilityStatus = 'passed' | 'considered' | 'failed' | 'unknown';

export interface ItemEligibility {
  status: ItemEligibilityStatus;
  /** the decision's messages: why it failed, why only considered, or what is still needed */
  reasons: string[];
}

/** What the decision reads of a listing besides its homes' costing, kept in the item's stored facts. */
export interface EligibilityFacts {
  eligibility: ListingEligibility;
  eligibilityFields: readonly string[];
}

/** Whether anything is known of the searcher that a rule could read. */
export function valuesKnown(c: CustomerValues | null): c is CustomerValues {
  return (
    c !== null &&
    (c.annualHouseholdIncome !== null ||
      c.deposit !== null ||
      c.age !== null ||
      c.eligibleCitizen !== null ||
      c.homeOwnershipStatus !== null ||
      c.homeLocalAuthorityId !== null ||
      c.workLocalAuthorityId !== null ||
      c.unmatchedPostcode === true)
  );
}

/**
 * The homes as register interest's decision reads them (applications' snapshotOf): each with the
 * deposit its minimum share needs under the one deposit rule, and its availability.
 */
export function termsOf(costs: readonly CostedProperty[], lending: LendingAssumptions): PropertyTerms[] {
  return costs.map((p) => ({ id: p.id, depositValue: depositNeededOf(p, lending), availabilityStatus: p.availabilityStatus }));
}

/** The listing's eligibility for these values: `decide` over all of its homes, `incomplete` told as `unknown`. */
export function itemEligibility(rules: EligibilityFacts, costs: readonly CostedProperty[], values: CustomerValues, today: string, lending: LendingAssumptions): ItemEligibility {
  const decision = decide(rules, termsOf(costs, lending), values, today, { costs, lending });
  return { status: decision.status === 'incomplete' ? 'unknown' : decision.status, reasons: decision.messages };
}
