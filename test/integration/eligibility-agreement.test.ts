// Search's eligible_only and the eligibility engine must never disagree: random listings are indexed
// on the real node, random customers searched for, and every answer compared with decide().
import { expect } from 'chai';
import { testApp } from '../support/test-app.ts';
import { IndexManager, loadIndexDefinition } from '../../src/search/index-manager.ts';
import { decide, type CustomerValues } from '../../src/eligibility/eligibility-rules.ts';
import { eligibilityFilters } from '../../src/eligibility/eligibility-query.ts';
import type { ListingEligibility } from '../../src/listings/listing-document.ts';
import { Rng } from '../../src/demo/random.ts';


const TODAY = '2026-11-22';

describe('eligibility: search and the engine agree', function () {
  this.timeout(120_000);
  const rng = new Rng(20261122);
  const random = () => rng.next();
  const pick = <T>(list: T[]): T => list[Math.floor(random() * list.length)]!;
  const maybe = <T>(value: () => T, p = 0.5): T | null => (random() < p ? value() : null);
  let manager: IndexManager;
  const docs: { id: number; eligibility: ListingEligibility; properties: { id: number; depositValue: number | null }[] }[] = [];

  before(async () => {
    const { search, config } = testApp().runtime;
    manager = new IndexManager(search, `${config.ES_INDEX_PREFIX}_eligcheck`, loadIndexDefinition('listings'));
    await manager.destroy();
    await manager.ensure();
    for (let id = 1; id <= 300; id++) {
      const eligibility: ListingEligibility = {
        maxHouseholdIncome: maybe(() => pick([40000, 60000, 80000, 90000])),
        minDeposit: maybe(() => pick([1000, 5000, 15000]), 0.3),
        eligibleCitizen: maybe(() => random() < 0.7, 0.5),
        homeOwnershipStatuses: maybe(() => pick([[1], [1, 2], [1, 2, 3], [4]]), 0.5),
        localAuthorities: maybe(() => pick([[1], [2, 3], [4]]), 0.4),
        localConnection: maybe(() => pick(['required', 'preferred'] as const), 0.7),
        minAge: maybe(() => pick([18, 21, 55]), 0.3),
        maxAge: maybe(() => pick([40, 65]), 0.2),
        firstDibsUntil: maybe(() => pick(['2026-01-01', TODAY, '2027-06-30']), 0.3),
      };
      const properties = Array.from({ length: 1 + Math.floor(random() * 3) }, (_, i) => ({ id: id * 10 + i, depositValue: maybe(() => pick([2000, 8000, 20000]), 0.6) }));
      docs.push({ id, eligibility, properties });
    }
    await search.bulk({ refresh: true, operations: docs.flatMap((d) => [{ index: { _index: manager.alias, _id: String(d.id) } }, { id: d.id, eligibility: d.eligibility, properties: d.properties }]) });
  });
  after(() => manager.destroy());

  it('returns exactly the listings decide() does not fail, for 300 random customers', async () => {
    const { search } = testApp().runtime;
    let compared = 0;
    let excludedSome = 0;
    for (let n = 0; n < 300; n++) {
      const customer: CustomerValues = {
        annualHouseholdIncome: maybe(() => pick([30000, 50000, 70000, 85000, 120000]), 0.7),
        deposit: maybe(() => pick([500, 3000, 10000, 30000]), 0.7),
        age: maybe(() => 17 + Math.floor(random() * 60), 0.6),
        eligibleCitizen: maybe(() => random() < 0.8, 0.7),
        homeOwnershipStatus: maybe(() => 1 + Math.floor(random() * 4), 0.7),
        homeLocalAuthorityId: maybe(() => 1 + Math.floor(random() * 6), 0.6),
        workLocalAuthorityId: maybe(() => 1 + Math.floor(random() * 6), 0.4),
        livesOrWorksInLondon: null,
      };
      if (customer.homeLocalAuthorityId !== null || customer.workLocalAuthorityId !== null) customer.livesOrWorksInLondon = random() < 0.4;
      const { filter, must_not } = eligibilityFilters(customer, TODAY);
      const res = await search.search({ index: manager.alias, size: 1000, _source: false, query: { bool: { filter, must_not } } });
      const found = res.hits.hits.map((h) => Number(h._id)).sort((a, b) => a - b);
      const expected = docs.filter((d) => decide(d.eligibility, d.properties, customer, TODAY).status !== 'failed').map((d) => d.id);
      expect(found, JSON.stringify(customer)).to.deep.equal(expected);
      compared++;
      if (expected.length < docs.length) excludedSome++;
    }
    expect(compared).to.equal(300);
    expect(excludedSome, 'the random customers exercise the rules').to.be.greaterThan(200);
  });
});
