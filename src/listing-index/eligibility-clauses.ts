// eligible_only as search filters: exactly the listings that decide() would not fail for these values.
// Every clause below mirrors one failing branch of eligibility-rules.ts; a value that is not known
// cannot fail a rule, so it adds no clause.
import type { CustomerValues } from '../eligibility/eligibility-rules.ts';

export function eligibilityFilters(c: CustomerValues, today: string): { filter: object[]; must_not: object[] } {
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
  if (c.deposit !== null) {
    mustNot.push({ range: { 'eligibility.minDeposit': { gt: c.deposit } } });
    filter.push({
      nested: {
        path: 'properties',
        query: { bool: { should: [{ range: { 'properties.depositValue': { lte: c.deposit } } }, { bool: { must_not: { exists: { field: 'properties.depositValue' } } } }], minimum_should_match: 1 } },
      },
    });
  }
  return { filter, must_not: mustNot };
}
