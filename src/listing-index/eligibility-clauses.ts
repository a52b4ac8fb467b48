// eligible_only as search filters: exactly the listings that decide() would not fail for these values.
// Every clause below mirrors one failing branch of eligibility-rules.ts; a value that is not known
// cannot fail a rule, so it adds no clause.
import type { CustomerValues } from '../eligibility/eligibility-rules.ts';
import type { LendingAssumptions } from '../affordability/lending.ts';
import { shareClauses } from './affordability-clauses.ts';
import { boundsOf } from '../affordability/affordability-thresholds.ts';
import { IN_POOL } from './pool-clauses.ts';
import { withPropertyMatching as nested } from './property-clauses.ts';

const DEPOSIT_REQUIRED = 'depositRequired';

/**
 * With a known income decide() judges money as search's affordability does, over the listing's own
 * pool (whatever the search's property filters): it fails a listing whose pool holds a priced home and
 * no home the household can afford at any share the costing tries. The document holds those shares as
 * `poolShares` (affordability-thresholds.ts), so the clause is: a priced pool home, and no share within
 * the household's four bounds. With the savings unknown decide() fails only what no savings could make
 * affordable (eligibility-rules.ts moneyJudged): the bounds of unlimited savings, of which only the
 * income's own is finite (the least income the rent and charges of a share need). A document of an
 * older mapping (no `depositRequired`) is not judged on money here.
 */
function moneyFails(c: CustomerValues, lending: LendingAssumptions): object | null {
  if (c.annualHouseholdIncome === null) return null;
  const income = c.annualHouseholdIncome;
  const current = { exists: { field: DEPOSIT_REQUIRED } };
  const priced = nested([IN_POOL, { exists: { field: 'properties.monthlyCost' } }]);
  const within = c.deposit === null ? [{ range: { 'poolShares.minIncome': { lte: boundsOf({ income, deposit: 0 }, lending).maxMinIncome } } }] : shareClauses({ income, deposit: c.deposit }, lending);
  const share = { nested: { path: 'poolShares', query: { bool: { filter: within } } } };
  return { bool: { filter: [current, priced], must_not: [share] } };
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
  if (c.deposit !== null && (!lending || c.annualHouseholdIncome === null)) {
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
