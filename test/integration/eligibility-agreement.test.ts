// Search's eligible_only and the eligibility engine must never disagree: random listings are indexed
// on the real node, random customers searched for, and every answer compared with decide().
import { expect } from 'chai';
import { testApp } from '../support/test-app.ts';
import { IndexManager, loadIndexDefinition } from '../../src/search/index-manager.ts';
import { UNKNOWN_CUSTOMER, decide, type CustomerValues, type ListingRules, type PropertyTerms } from '../../src/eligibility/eligibility-rules.ts';
import { eligibilityFilters } from '../../src/listing-index/eligibility-clauses.ts';
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
  const docs: { id: number; rules: ListingRules; properties: PropertyTerms[] }[] = [];
  // three listings for the deposit rule: property deposits only; "deposit" among its eligibility fields; a minimum deposit
  const DEPOSIT_FREE = 1001;
  const NAMES_DEPOSIT = 1002;
  const MIN_DEPOSIT = 1003;
  const depositTerms = (id: number) => [
    { id: id * 10, depositValue: 8000 },
    { id: id * 10 + 1, depositValue: 20000 },
  ];
  const depositListings = [
    { id: DEPOSIT_FREE, rules: { eligibility: { maxHouseholdIncome: 80000 }, eligibilityFields: [] }, properties: depositTerms(DEPOSIT_FREE) },
    { id: NAMES_DEPOSIT, rules: { eligibility: { maxHouseholdIncome: 80000 }, eligibilityFields: ['deposit'] }, properties: depositTerms(NAMES_DEPOSIT) },
    { id: MIN_DEPOSIT, rules: { eligibility: { minDeposit: 5000 }, eligibilityFields: [] }, properties: depositTerms(MIN_DEPOSIT) },
  ];
  const decideFor = (d: (typeof docs)[number], customer: CustomerValues) => decide(d.rules, d.properties, customer, TODAY);
  /** The ids search returns among `ids` with eligible_only for this customer. */
  const searchIds = async (customer: CustomerValues, ids?: number[]) => {
    const { filter, must_not } = eligibilityFilters(customer, TODAY);
    const res = await testApp().runtime.search.search({
      index: manager.alias,
      size: 1000,
      _source: false,
      query: { bool: { filter: [...filter, ...(ids ? [{ terms: { id: ids } }] : [])], must_not } },
    });
    return res.hits.hits.map((h) => Number(h._id)).sort((a, b) => a - b);
  };

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
      const eligibilityFields = random() < 0.3 ? ['annualHouseholdIncome', 'deposit'] : random() < 0.5 ? ['annualHouseholdIncome'] : [];
      docs.push({ id, rules: { eligibility, eligibilityFields }, properties });
    }
    docs.push(...depositListings);
    await search.bulk({ refresh: true, operations: docs.flatMap((d) => [{ index: { _index: manager.alias, _id: String(d.id) } }, { id: d.id, eligibility: d.rules.eligibility, properties: d.properties }]) });
  });
  after(() => manager.destroy());

  it('returns exactly the listings decide() does not fail, for 300 random customers', async () => {
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
      const decisions = docs.map((d) => ({ d, decision: decideFor(d, customer) }));
      const expected = decisions.filter(({ decision }) => decision.status !== 'failed').map(({ d }) => d.id);
      expect(await searchIds(customer), JSON.stringify(customer)).to.deep.equal(expected);
      for (const { d, decision } of decisions) {
        const context = `${JSON.stringify(customer)} on ${JSON.stringify(d)}`;
        // a decision other than passed always says why
        if (decision.status !== 'passed') expect(decision.messages, context).to.not.be.empty;
        // an unknown deposit is missing only where the listing needs one
        if (decision.missingFields.includes('deposit'))
          expect(d.rules.eligibility.minDeposit != null || d.rules.eligibilityFields.includes('deposit'), context).to.equal(true);
      }
      compared++;
      if (expected.length < docs.length) excludedSome++;
    }
    expect(compared).to.equal(300);
    expect(excludedSome, 'the random customers exercise the rules').to.be.greaterThan(200);
  });

  it('a customer without a deposit is eligible for a listing that does not require one, and not for one that does', async () => {
    const noDeposit: CustomerValues = { ...UNKNOWN_CUSTOMER, annualHouseholdIncome: 50000 };
    const [free, names, minimum] = depositListings.map((d) => decideFor(d, noDeposit));
    expect(free).to.deep.equal({ status: 'passed', messages: [], successfulProperties: [DEPOSIT_FREE * 10, DEPOSIT_FREE * 10 + 1], missingFields: [] });
    for (const decision of [names, minimum]) {
      expect(decision).to.include({ status: 'incomplete' });
      expect(decision!.missingFields).to.deep.equal(['deposit']);
      // each names the figure the deposit will be checked against
      expect(decision!.messages).to.have.length(1);
      expect(decision!.messages[0]).to.match(/^The deposit you can put down is needed to check it against .*£[\d,]+/);
    }
    // search shows what the engine does not fail: the first as eligible, the other two still to be completed
    expect(await searchIds(noDeposit, [DEPOSIT_FREE, NAMES_DEPOSIT, MIN_DEPOSIT])).to.deep.equal([DEPOSIT_FREE, NAMES_DEPOSIT, MIN_DEPOSIT]);
  });

  it("compares a deposit given with the properties' deposits whether or not the listing requires one", async () => {
    const ids = [DEPOSIT_FREE, NAMES_DEPOSIT, MIN_DEPOSIT];
    // 10,000 covers the 8,000 property only, and the minimum of 5,000
    const some: CustomerValues = { ...UNKNOWN_CUSTOMER, annualHouseholdIncome: 50000, deposit: 10000 };
    for (const d of depositListings) {
      const decision = decideFor(d, some);
      expect(decision.status).to.equal('passed');
      expect(decision.successfulProperties).to.deep.equal([d.id * 10]);
    }
    expect(await searchIds(some, ids)).to.deep.equal(ids);
    // 3,000 covers no property (and not the minimum): failed everywhere, and left out of search
    const little: CustomerValues = { ...UNKNOWN_CUSTOMER, deposit: 3000 };
    const free = decideFor(depositListings[0]!, little);
    expect(free.status).to.equal('failed');
    expect(free.messages).to.deep.equal(['Your deposit of £3,000 is below the deposit of every home in this listing (the lowest is £8,000).']);
    expect(decideFor(depositListings[2]!, little).messages).to.deep.equal([
      "Your deposit of £3,000 is below this home's minimum deposit of £5,000.",
      'Your deposit of £3,000 is below the deposit of every home in this listing (the lowest is £8,000).',
    ]);
    expect(await searchIds(little, ids)).to.deep.equal([]);
  });
});
