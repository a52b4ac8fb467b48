// The eligibility engine: pure. From a listing's rules, its properties' deposits and what is known
// of the customer, it decides passed, considered (with the reason), failed (with a message per failed
// rule) or incomplete (with a message per needed value unknown): a decision other than passed always
// says why. Search's eligible_only applies the same rules (listing-index/eligibility-clauses.ts): a listing is shown
// unless this engine would fail it.
import type { ListingEligibility } from './listing-eligibility.ts';
import { ASKED, CONSIDERED_WITHOUT_LOCAL_CONNECTION, UNMATCHED_POSTCODE, failure, neededMessage, savingsUnknown, whateverTheSavings, type NeededField } from './eligibility-messages.ts';
import { affordabilityOf, depositNeededFor, depositNeededOf, sharesOf, type Affordability, type CostedProperty } from '../affordability/affordability.ts';
import { formatNumber } from '../core/number-format.ts';
import type { LendingAssumptions } from '../affordability/lending.ts';
import { listingAffordability } from '../listings/listing-affordability.ts';

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
  /** a postcode was given but is not in the postcode data, so its local authority is not known */
  unmatchedPostcode?: boolean;
}

/** What the engine reads of a listing: its rules and the eligibility fields it names. */
export interface ListingRules {
  eligibility: ListingEligibility;
  /** registerInterestFields.eligibilityFields; naming "deposit" makes a deposit needed */
  eligibilityFields: readonly string[];
}

export interface PropertyTerms {
  id: number;
  /** the deposit the home needs: its minimum share's under the one deposit rule (affordability.ts), else its deposit value in older snapshots */
  depositValue: number | null;
  /** its availability code; absent in the snapshots of older applications (taken as still open) */
  availabilityStatus?: string;
}

/** Availability codes of properties still open to a home seeker: those successfulProperties may name. */
export const OPEN_AVAILABILITY: readonly string[] = ['available', 'coming-soon'];

const isOpen = (p: PropertyTerms): boolean => p.availabilityStatus === undefined || OPEN_AVAILABILITY.includes(p.availabilityStatus);

export interface Decision {
  status: EligibilityStatus;
  messages: string[];
  successfulProperties: number[];
  /** eligibility fields that would let an incomplete decision be reached */
  missingFields: NeededField[];
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

/** Whole years between a YYYY-MM-DD birth date and a day. */
export function ageOn(dateOfBirth: string, today: string): number {
  const [by, bm, bd] = dateOfBirth.split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = today.split('-').map(Number) as [number, number, number];
  return ty - by - (tm < bm || (tm === bm && td < bd) ? 1 : 0);
}

/**
 * What a home costs, for the decision to judge money as search's affordability does: each property's
 * costing (affordability.ts) and the lending assumptions the index uses.
 */
export interface MoneyTerms {
  costs: readonly CostedProperty[];
  lending: LendingAssumptions;
}

/** What money decided: reasons it failed, the homes the household can afford, and what could not be told without the savings. */
interface MoneyVerdict {
  reasons: string[];
  affordable: Set<number>;
  /** with the savings unknown: what they would tell (the decision is then considered at worst) */
  unknown: string[];
}

/**
 * The household's money over the pool of these properties (listing-affordability.ts), judged by the
 * one costing search's `affordability` uses; null when the income is not known. The listing's income
 * cap is the income rule's own, so it is left to that rule here.
 *
 * With the savings unknown nothing is judged on a value assumed (PORTAL-EXTRAS §10, "Unknown is not
 * zero"). More savings never make a home less affordable (the deposit, the loan and the repayment all
 * improve with them), so: a home no savings could make affordable (its rent and charges alone above what
 * the income allows, at every share; to rent, the income the rent needs) fails, being judged on the
 * income alone; a home affordable with no savings at all passes; anything between is not known, and
 * says what the savings would tell.
 */
function moneyJudged(properties: PropertyTerms[], c: CustomerValues, money: MoneyTerms | undefined): MoneyVerdict | null {
  if (!money || c.annualHouseholdIncome === null) return null;
  const ids = new Set(properties.map((p) => p.id));
  const costs = money.costs.filter((p) => ids.has(p.id)).map((p) => ({ ...p, maxHouseholdIncome: null }));
  if (costs.length === 0) return null;
  const income = c.annualHouseholdIncome;
  const lending = money.lending;
  const judgeWith = (savings: (p: CostedProperty) => number) => {
    // each home costed once, for the pool's verdict and the homes the household can afford alike
    const each = new Map<CostedProperty, Affordability>(costs.map((p) => [p, affordabilityOf(p, { income, deposit: savings(p) }, lending)]));
    const verdict = listingAffordability(costs, { income, deposit: 0 }, lending, null, (p) => each.get(p)!);
    return { verdict, affordable: new Set(costs.filter((p) => each.get(p)!.status !== 'unaffordable').map((p) => p.id)) };
  };
  if (c.deposit !== null) {
    const known = judgeWith(() => c.deposit!);
    return { reasons: known.verdict.status === 'unaffordable' ? known.verdict.reasons : [], affordable: known.affordable, unknown: [] };
  }
  const whatever = judgeWith(() => Infinity);
  if (whatever.verdict.status === 'unaffordable') {
    const home = costs.find((p) => p.id === whatever.verdict.propertyId);
    return { reasons: home?.forSale ? whatever.verdict.reasons.map(whateverTheSavings) : whatever.verdict.reasons, affordable: new Set(), unknown: [] };
  }
  const none = judgeWith(() => 0);
  if (none.verdict.status !== 'unaffordable') return { reasons: [], affordable: none.affordable, unknown: [] };
  // with exactly the deposit each home's minimum share needs: enough when affordable, else more is needed
  const atNeeded = judgeWith((p) => minimumDeposit(p, lending)).verdict;
  const home = costs.find((p) => p.id === atNeeded.propertyId)!;
  const what = home.isSharedOwnership ? `a ${formatNumber(atNeeded.share!)}% share` : 'this home';
  const unknown =
    atNeeded.status === 'affordable'
      ? savingsUnknown.deposit(atNeeded.depositNeeded, what)
      : savingsUnknown.more(atNeeded.depositNeeded, what, atNeeded.reasons);
  return { reasons: [], affordable: whatever.affordable, unknown: [unknown] };
}

/**
 * The deposit a sale's minimum share needs under the one deposit rule (0 to rent or unpriced): the
 * figure the index holds (`depositNeededOf`, to the penny), and never below the rule's unrounded one,
 * so that exactly this much is enough.
 */
function minimumDeposit(p: CostedProperty, lending: LendingAssumptions): number {
  const share = sharesOf(p)[0];
  if (!p.forSale || p.fullMarketPrice === null || share === undefined) return 0;
  return Math.max(depositNeededOf(p, lending) ?? 0, depositNeededFor(p, (p.fullMarketPrice * share) / 100, lending));
}

/**
 * Whether the listing needs the customer's deposit (a minimum deposit, or "deposit" among its
 * eligibility fields): without it the decision is incomplete rather than judged with savings of 0.
 * Indexed as the listing document's `depositRequired` for eligible_only.
 */
export function depositRequired(listing: ListingRules): boolean {
  return listing.eligibility.minDeposit != null || listing.eligibilityFields.includes('deposit');
}

/** The eligibility fields a listing may name whose value decide() reads, and whether the customer's is known ("deposit" is the deposit rule's own). */
const ASKED_FIELDS: Readonly<Record<string, { field: NeededField; known: (c: CustomerValues) => boolean }>> = {
  annualHouseholdIncome: { field: 'annualHouseholdIncome', known: (c) => c.annualHouseholdIncome !== null },
  dateOfBirth: { field: 'dateOfBirth', known: (c) => c.age !== null },
  eligibleCitizen: { field: 'eligibleCitizen', known: (c) => c.eligibleCitizen !== null },
  homeOwnershipStatus: { field: 'homeOwnershipStatus', known: (c) => c.homeOwnershipStatus !== null },
  // a postcode given but not found is known to have been given (its own message says so when a rule reads it)
  homePostcode: { field: 'homePostcode', known: (c) => c.homeLocalAuthorityId !== null || c.unmatchedPostcode === true },
};

/**
 * A property's deposit is compared with the customer's whenever they gave one; an unknown deposit
 * leaves the decision incomplete only when the listing needs one (a minimum deposit, or "deposit" among
 * its eligibility fields). With `money` and a known income, money is judged as search's affordability
 * judges it (PORTAL-EXTRAS §10): the deposit the one rule asks, the loan and the monthly cost, over
 * the pool of the properties; an unaffordable home fails with the costing's reasons, figures and all,
 * and an affordable one never fails on money.
 */
export function decide(listing: ListingRules, properties: PropertyTerms[], c: CustomerValues, today: string, money?: MoneyTerms): Decision {
  const rules = listing.eligibility;
  const failed: string[] = [];
  const missing = new Set<NeededField>();
  let preferenceMissed = false;

  if (rules.maxHouseholdIncome != null) {
    if (c.annualHouseholdIncome === null) missing.add('annualHouseholdIncome');
    else if (c.annualHouseholdIncome > rules.maxHouseholdIncome) failed.push(failure.income(c.annualHouseholdIncome, rules.maxHouseholdIncome));
  }
  if (rules.eligibleCitizen === true) {
    if (c.eligibleCitizen === null) missing.add('eligibleCitizen');
    else if (!c.eligibleCitizen) failed.push(failure.citizen());
  }
  if (rules.homeOwnershipStatuses?.length) {
    if (c.homeOwnershipStatus === null) missing.add('homeOwnershipStatus');
    else if (!rules.homeOwnershipStatuses.includes(c.homeOwnershipStatus))
      failed.push(failure.homeOwnership(c.homeOwnershipStatus, rules.homeOwnershipStatuses));
  }
  if (rules.minAge != null || rules.maxAge != null) {
    if (c.age === null) missing.add('dateOfBirth');
    else if (rules.minAge != null && c.age < rules.minAge) failed.push(failure.tooYoung(c.age, rules.minAge));
    else if (rules.maxAge != null && c.age > rules.maxAge) failed.push(failure.tooOld(c.age, rules.maxAge));
  }
  if (rules.localAuthorities?.length && rules.localConnection) {
    const known = [c.homeLocalAuthorityId, c.workLocalAuthorityId].filter((v): v is number => v !== null);
    if (known.length === 0) missing.add('homePostcode');
    else if (!known.some((id) => rules.localAuthorities!.includes(id))) {
      if (rules.localConnection === 'required') failed.push(failure.localConnection());
      else preferenceMissed = true;
    }
  }
  if (rules.firstDibsUntil && rules.firstDibsUntil >= today) {
    if (c.livesOrWorksInLondon === null) missing.add('homePostcode');
    else if (!c.livesOrWorksInLondon) failed.push(failure.firstDibs(rules.firstDibsUntil));
  }

  // Deposit: the listing's minimum, and per property its own deposit where one is set; with money
  // judged, the costing's deposit rule holds both.
  let covered = properties;
  const needsDeposit = depositRequired(listing);
  const judged = moneyJudged(properties, c, money);
  if (judged !== null) {
    failed.push(...judged.reasons);
    covered = properties.filter((p) => judged.affordable.has(p.id));
  }
  if (c.deposit === null) {
    if (needsDeposit) missing.add('deposit');
  } else if (judged === null) {
    const deposit = c.deposit;
    if (rules.minDeposit != null && deposit < rules.minDeposit) failed.push(failure.minDeposit(deposit, rules.minDeposit));
    covered = properties.filter((p) => p.depositValue === null || p.depositValue <= deposit);
    // none covered means every property has a deposit, each above the customer's
    if (covered.length === 0 && properties.length > 0) failed.push(failure.propertyDeposit(deposit, properties.map((p) => p.depositValue!)));
  }
  // a value the listing names among its eligibility fields is mandatory (the specification), so without
  // it no decision is reached, even where no rule reads it; a work postcode is left to register
  // interest, which knows whether the customer works (PORTAL-EXTRAS §11)
  const asked = new Set<NeededField>();
  for (const field of listing.eligibilityFields) {
    const needed = ASKED_FIELDS[field];
    if (needed && !missing.has(needed.field) && !needed.known(c)) asked.add(needed.field);
  }
  // what money could not tell without the savings: considered at worst, never failed
  const notKnown = judged?.unknown ?? [];

  const single = properties.length <= 1;
  // a failed rule of the listing fails every property, and a failed deposit of every property leaves none
  if (failed.length) return { status: 'failed', messages: failed, successfulProperties: [], missingFields: [] };
  if (missing.size || asked.size) {
    const figures = {
      maxHouseholdIncome: rules.maxHouseholdIncome ?? null,
      minDeposit: rules.minDeposit ?? null,
      propertyDeposits: properties.map((p) => p.depositValue).filter((d): d is number => d !== null),
    };
    const messages = [...missing].map((f) => (f === 'homePostcode' && c.unmatchedPostcode ? UNMATCHED_POSTCODE : neededMessage(f, figures)));
    messages.push(...[...asked].map((f) => ASKED[f]));
    return { status: 'incomplete', messages, successfulProperties: [], missingFields: [...missing, ...asked] };
  }
  const considered = [...(preferenceMissed ? [CONSIDERED_WITHOUT_LOCAL_CONNECTION] : []), ...notKnown];
  return {
    status: considered.length ? 'considered' : 'passed',
    messages: considered,
    successfulProperties: single ? [] : covered.filter(isOpen).map((p) => p.id),
    missingFields: [],
  };
}
