// The eligibility engine: pure. From a listing's rules, its properties' deposits and what is known
// of the customer, it decides passed, considered, failed (with a message per failed rule) or
// incomplete (a needed value unknown). Search's eligible_only applies the same rules (eligibility-query.ts):
// a listing is shown unless this engine would fail it.
import type { ListingEligibility } from '../listings/listing-document.ts';
import { formatNumber } from '../core/number-format.ts';

export type EligibilityStatus = 'passed' | 'considered' | 'failed' | 'incomplete';

export interface CustomerValues {
  annualHouseholdIncome: number | null;
  deposit: number | null;
  /** whole years on the day of the decision */
  age: number | null;
  eligibleCitizen: boolean | null;
  homeOwnershipStatus: number | null;
  homeLocalAuthorityId: number | null;
  workLocalAuthorityId: number | null;
  /** null when neither the home nor the work local authority is known */
  livesOrWorksInLondon: boolean | null;
}

export interface PropertyTerms {
  id: number;
  depositValue: number | null;
}

export interface Decision {
  status: EligibilityStatus;
  messages: string[];
  successfulProperties: number[];
  /** eligibility fields that would let an incomplete decision be reached */
  missingFields: string[];
}

export const UNKNOWN_CUSTOMER: CustomerValues = {
  annualHouseholdIncome: null,
  deposit: null,
  age: null,
  eligibleCitizen: null,
  homeOwnershipStatus: null,
  homeLocalAuthorityId: null,
  workLocalAuthorityId: null,
  livesOrWorksInLondon: null,
};

const money = (n: number) => `£${formatNumber(Math.round(n))}`;

/** Whole years between a YYYY-MM-DD birth date and a day. */
export function ageOn(dateOfBirth: string, today: string): number {
  const [by, bm, bd] = dateOfBirth.split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = today.split('-').map(Number) as [number, number, number];
  return ty - by - (tm < bm || (tm === bm && td < bd) ? 1 : 0);
}

export function decide(rules: ListingEligibility, properties: PropertyTerms[], c: CustomerValues, today: string): Decision {
  const failed: string[] = [];
  const missing = new Set<string>();
  let preferenceMissed = false;

  if (rules.maxHouseholdIncome != null) {
    if (c.annualHouseholdIncome === null) missing.add('annualHouseholdIncome');
    else if (c.annualHouseholdIncome > rules.maxHouseholdIncome)
      failed.push(`Household income must be at most ${money(rules.maxHouseholdIncome)} a year for this home.`);
  }
  if (rules.eligibleCitizen === true) {
    if (c.eligibleCitizen === null) missing.add('eligibleCitizen');
    else if (!c.eligibleCitizen) failed.push('Only British or EU/EEA citizens are eligible for this home.');
  }
  if (rules.homeOwnershipStatuses?.length) {
    if (c.homeOwnershipStatus === null) missing.add('homeOwnershipStatus');
    else if (!rules.homeOwnershipStatuses.includes(c.homeOwnershipStatus)) failed.push('Your home ownership status does not qualify for this home.');
  }
  if (rules.minAge != null || rules.maxAge != null) {
    if (c.age === null) missing.add('dateOfBirth');
    else if (rules.minAge != null && c.age < rules.minAge) failed.push(`You must be at least ${rules.minAge} years old.`);
    else if (rules.maxAge != null && c.age > rules.maxAge) failed.push(`You must be at most ${rules.maxAge} years old.`);
  }
  if (rules.localAuthorities?.length && rules.localConnection) {
    const known = [c.homeLocalAuthorityId, c.workLocalAuthorityId].filter((v): v is number => v !== null);
    if (known.length === 0) missing.add('homePostcode');
    else if (!known.some((id) => rules.localAuthorities!.includes(id))) {
      if (rules.localConnection === 'required') failed.push('You must live or work in one of the local authorities named for this home.');
      else preferenceMissed = true;
    }
  }
  if (rules.firstDibsUntil && rules.firstDibsUntil >= today) {
    if (c.livesOrWorksInLondon === null) missing.add('homePostcode');
    else if (!c.livesOrWorksInLondon) failed.push(`Until ${rules.firstDibsUntil} only people who live or work in London can apply.`);
  }

  // Deposit: the listing's minimum, and per property its own deposit where one is set.
  let successful = properties.map((p) => p.id);
  const needsDeposit = rules.minDeposit != null || properties.some((p) => p.depositValue !== null);
  if (needsDeposit) {
    if (c.deposit === null) missing.add('deposit');
    else {
      if (rules.minDeposit != null && c.deposit < rules.minDeposit) failed.push(`A deposit of at least ${money(rules.minDeposit)} is needed.`);
      successful = properties.filter((p) => p.depositValue === null || p.depositValue <= c.deposit!).map((p) => p.id);
      if (successful.length === 0 && properties.length > 0) {
        const lowest = Math.min(...properties.map((p) => p.depositValue!));
        failed.push(`A deposit of at least ${money(lowest)} is needed for these homes.`);
      }
    }
  }

  const single = properties.length <= 1;
  if (failed.length) return { status: 'failed', messages: failed, successfulProperties: single ? [] : successful, missingFields: [] };
  if (missing.size) return { status: 'incomplete', messages: [], successfulProperties: [], missingFields: [...missing] };
  return {
    status: preferenceMissed ? 'considered' : 'passed',
    messages: preferenceMissed ? ['Priority goes to people with a local connection; your application will be considered after theirs.'] : [],
    successfulProperties: single ? [] : successful,
    missingFields: [],
  };
}
