// eligible_only as search filters: exactly the listings that decide() would not fail for these values.
// Every clause below mirrors one failing branch of eligibility-rules.ts; a value that is not known
// cannot fail a rule, so it adds no clause.
import type { CustomerValues } from '../eligibility/eligibility-rules.ts';
import type { LendingAssumptions } from '../affordability/lending.ts';
import { affordableClauses } from './affordability-clauses.ts';
import { IN_POOL } from './pool-clauses.ts';
import { withPropertyMatching as nested } from './property-clauses.ts';

/**
 * With a known income decide() judges money as search's affordability does (over the listing's own
 * pool, whatever the search's property filters): it fails a listing whose pool holds a priced home and
 * no home the household can afford. The engine asks about the minimum share, as affordable_only does
 * (affordability-thresholds.ts). With the savings unknown decide() leaves money unjudged on a listing
 * that needs a deposit (a minimum deposit, or "deposit" among its eligibility fields, which the index
 * does not hold) and counts them as 0 elsewhere: no money clause then, so that no listing the decision
 * leaves to be completed is hidden.
 */
function moneyFails(c: CustomerValues, lending: LendingAssumptions): object | null {
  if (c.annualHouseholdIncome === null || c.deposit === null) return null;
  const affordable = nested([IN_POOL, ...affordableClauses({ income: c.annualHouseholdIncome, deposit: c.deposit }, lending)]);
  const priced = nested([IN_POOL, { exists: { field: 'properties.monthlyCost' } }]);
  return { bool: { filter: [priced], must_not: [affordable] } };
}

/** `lending`: the assumptions the index's costs hold, for the money decide() judges (without them, money is not judged). */
export function eligibilityFilters(c: CustomerValues, today: string, lending?: LendingAssumptions): { filter: object[]; must_not: object[] } {
  const mustNot: object[] = [];
  const filter: object[] = [];
  if (c.annualHouseholdIncome !== null) mustNot.push({ range: { 'eligibility.maxHouseholdIncome': { lt: c.annualHouseholdIncome } } });
  if (c.eligibleCitizen === false) mustNot.push({ term: { 'eligibility.eligibleCitizen': true } });
  if (c.homeOwnershipStatus !== null) {
    mustNot.push({ bool: { filter: [{ exists: { field: 'eligibility.homeOwnershipStatuses' } }], must_not: [{ term: { 'eligibility.homeOwnershipStatuses': c.homeOwnershipStatus } }] } });
  }
  if (c.age !== null) {
    // decide() checks minAge before maxAge, but either failing fails the listing
    mustNot.push({ range: { 'eligibility.minAge': { gt: c.age } } }, { range: { 'eligibility.maxAge': { lt: c.age } } });
  }
  const knownAuthorities = [c.homeLocalAuthorityId, c.workLocalAuthorityId].filter((v): v is number => v !== null);
  if (knownAuthorities.length) {
    mustNot.push({
      bool: {
        filter: [{ term: { 'eligibility.localConnection': 'required' } }, { exists: { field: 'eligibility.localAuthorities' } }],
        must_not: [{ terms: { 'eligibility.localAuthorities': knownAuthorities } }],
      },
    });
  }
  if (c.livesOrWorksInLondon === false) mustNot.push({ range: { 'eligibility.firstDibsUntil': { gte: today } } });
  const money = lending ? moneyFails(c, lending) : null;
  if (money) mustNot.push(money);
  if (c.deposit !== null && !money) {
    // without money judged, decide() compares the savings with the listing's minimum and each home's
    // deposit needed (the one deposit rule's, at its minimum share; none to rent)
    mustNot.push({ range: { 'eligibility.minDeposit': { gt: c.deposit } } });
    filter.push({
      nested: {
        path: 'properties',
        query: { bool: { should: [{ range: { 'properties.depositNeeded': { lte: c.deposit } } }, { bool: { must_not: { exists: { field: 'properties.depositNeeded' } } } }], minimum_should_match: 1 } },
      },
    });
  }
  return { filter, must_not: mustNot };
}
