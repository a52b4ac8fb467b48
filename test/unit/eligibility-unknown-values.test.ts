// Unknown is not zero in a decision (PORTAL-EXTRAS §10, fifth round; the specification's register-interest
// rules 3-4): a value is mandatory only when the listing names it among its eligibility fields; one it
// does not name and the customer has not given never fails the decision, and money the decision cannot
// judge without it makes the decision considered at worst, saying what was not known.
import { expect } from 'chai';
import { UNKNOWN_CUSTOMER, decide, type CustomerValues, type ListingRules, type MoneyTerms, type PropertyTerms } from '../../src/eligibility/eligibility-rules.ts';
import { ASKED } from '../../src/eligibility/eligibility-messages.ts';
import { DEFAULT_LENDING, type LendingAssumptions } from '../../src/affordability/lending.ts';
import type { CostedProperty } from '../../src/affordability/affordability.ts';
import { itemEligibility } from '../../src/eligibility/item-eligibility.ts';

const TODAY = '2026-11-28';
// A shared-ownership home of £200,000, a 25% share (£50,000), £400 a month on the unsold 75%; the
// listing asks a 5% deposit: the share needs max(5% of £50,000, 5% of £50,000) = £2,500.
const SHARED: CostedProperty = {
  id: 1,
  forSale: true,
  isSharedOwnership: true,
  fullMarketPrice: 200_000,
  minSharePercentage: 25,
  subsidisedMonthlyRent: 400,
  monthlyServiceCharge: null,
  annualGroundRent: null,
  monthlyRent: null,
  availabilityStatus: 'available',
  depositPercentage: 5,
  minDeposit: null,
  statedDeposit: null,
  maxHouseholdIncome: null,
};
const TERMS: PropertyTerms[] = [{ id: 1, depositValue: 2_500, availabilityStatus: 'available' }];
const money = (costs: CostedProperty[], lending: LendingAssumptions = DEFAULT_LENDING): MoneyTerms => ({ costs, lending });
const customer = (values: Partial<CustomerValues>): CustomerValues => ({ ...UNKNOWN_CUSTOMER, ...values });
const INCOME_AND_CITIZENSHIP: ListingRules = { eligibility: { eligibleCitizen: true }, eligibilityFields: ['annualHouseholdIncome', 'eligibleCitizen'] };

describe('eligibility: an unknown value is not zero', () => {
  describe('the savings not given, on a listing that does not ask for a deposit (hand-worked figures)', () => {
    // the repayment of one pound at 4.5% over 25 years: r = 0.00375, n = 300, k = r / (1 − 1.00375^−300) = 0.0055583248
    const cases: { name: string; values: Partial<CustomerValues>; costs?: CostedProperty[]; lending?: LendingAssumptions; status: string; messages: string[] }[] = [
      {
        // with £2,500 down: a loan of £47,500 ≤ 4.5 × £45,000 = £202,500; £47,500 × k = £264.02 + £400 = £664.02 ≤ 40% of £3,750 = £1,500
        name: '£45,000 a year: affordable with the deposit needed, so only whether they have it is not known',
        values: { annualHouseholdIncome: 45_000, eligibleCitizen: true },
        status: 'considered',
        messages: ['Tell us your savings to see whether you have the deposit of £2,500 a 25% share needs.'],
      },
      {
        // with £2,500 down: £664.02 > 40% of £916.67 = £366.67 (72.4%); with more savings a 35% share's rent of
        // 400 × 65/75 = £346.67 is within it, so savings could change it: considered, not failed
        name: '£11,000 a year: not affordable with only the deposit needed, affordable with more savings',
        values: { annualHouseholdIncome: 11_000, eligibleCitizen: true },
        status: 'considered',
        messages: [
          'Tell us your savings to see whether you can afford this home: with only the deposit of £2,500 a 25% share needs, a 25% share would cost £664 a month, 72.4% of your income; it should take at most 40% of your income, £367 a month. More savings would lower the mortgage.',
        ],
      },
      {
        // 40% of £3,000 / 12 = £100 a month, below the rent on the unsold share at any share up to 75% (£133.33 at 75%,
        // £400 at 25%): no savings could make it affordable, so it fails on the income given
        name: '£3,000 a year: the rent on the unsold share alone is above what the income allows, whatever the savings',
        values: { annualHouseholdIncome: 3_000, eligibleCitizen: true },
        status: 'failed',
        messages: ['Whatever your savings, a 25% share would cost £400 a month, 160% of your income; it should take at most 40% of your income, £100 a month.'],
      },
      {
        // a known deposit below what is needed still fails with the figures
        name: 'a known deposit of £2,000 below the £2,500 needed fails with both figures',
        values: { annualHouseholdIncome: 45_000, deposit: 2_000, eligibleCitizen: true },
        status: 'failed',
        messages: ['A 25% share needs a deposit of £2,500; you have £2,000.'],
      },
      {
        name: 'a known deposit of £0 is a value given: it fails with the figures',
        values: { annualHouseholdIncome: 45_000, deposit: 0, eligibleCitizen: true },
        status: 'failed',
        messages: ['A 25% share needs a deposit of £2,500; you have £0.'],
      },
      {
        name: 'a known deposit of £2,500 passes',
        values: { annualHouseholdIncome: 45_000, deposit: 2_500, eligibleCitizen: true },
        status: 'passed',
        messages: [],
      },
      {
        // no deposit is needed at all (0%, no listing percentage): £100,000 × k = £555.83 ≤ £1,500 and £100,000 ≤ £202,500
        name: 'a home affordable with no savings at all passes without them',
        values: { annualHouseholdIncome: 45_000, eligibleCitizen: true },
        costs: [{ ...SHARED, isSharedOwnership: false, fullMarketPrice: 100_000, minSharePercentage: null, subsidisedMonthlyRent: null, depositPercentage: null }],
        lending: { ...DEFAULT_LENDING, minDepositPercent: 0 },
        status: 'passed',
        messages: [],
      },
      {
        // a standard sale of £240,000: 5% is £12,000; £228,000 ≤ £202,500? no, so not affordable at the deposit needed
        // (the loan); with £37,500 or more down the loan is within: more savings could change it
        name: 'a standard sale not affordable with only the deposit needed says the loan, and that more savings would lower it',
        values: { annualHouseholdIncome: 45_000, eligibleCitizen: true },
        costs: [{ ...SHARED, isSharedOwnership: false, fullMarketPrice: 240_000, minSharePercentage: null, subsidisedMonthlyRent: null, depositPercentage: null }],
        status: 'considered',
        messages: [
          'Tell us your savings to see whether you can afford this home: with only the deposit of £12,000 this home needs, this home needs a mortgage of £228,000; lenders lend up to 4.5 times your income, £202,500. More savings would lower the mortgage.',
        ],
      },
      {
        // to rent the savings do not matter: 30 × £900 = £27,000 a year needed
        name: 'to rent, an income below the rent multiple fails whatever the savings (which are not asked)',
        values: { annualHouseholdIncome: 25_000, eligibleCitizen: true },
        costs: [{ ...SHARED, forSale: false, isSharedOwnership: false, fullMarketPrice: null, minSharePercentage: null, subsidisedMonthlyRent: null, depositPercentage: null, monthlyRent: 900 }],
        status: 'failed',
        messages: ['The rent of £900 a month needs a household income of £27,000 a year (30 times the rent); yours is £25,000.'],
      },
      {
        name: 'to rent, an income of 30 times the rent passes without the savings',
        values: { annualHouseholdIncome: 27_000, eligibleCitizen: true },
        costs: [{ ...SHARED, forSale: false, isSharedOwnership: false, fullMarketPrice: null, minSharePercentage: null, subsidisedMonthlyRent: null, depositPercentage: null, monthlyRent: 900 }],
        status: 'passed',
        messages: [],
      },
    ];
    for (const c of cases) {
      it(c.name, () => {
        const costs = c.costs ?? [SHARED];
        const terms = costs.map((p) => ({ id: p.id, depositValue: null, availabilityStatus: 'available' }));
        const d = decide(INCOME_AND_CITIZENSHIP, c.costs ? terms : TERMS, customer(c.values), TODAY, money(costs, c.lending));
        expect({ status: d.status, messages: d.messages }).to.deep.equal({ status: c.status, messages: c.messages });
        // search's item eligibility is the same decision
        const item = itemEligibility(INCOME_AND_CITIZENSHIP, costs, customer(c.values), TODAY, c.lending ?? DEFAULT_LENDING);
        expect(item).to.deep.equal({ status: c.status, reasons: c.messages });
      });
    }

    it('never says "you have £0" of savings not given', () => {
      for (const income of [3_000, 11_000, 20_000, 45_000, 90_000]) {
        const d = decide(INCOME_AND_CITIZENSHIP, TERMS, customer({ annualHouseholdIncome: income, eligibleCitizen: true }), TODAY, money([SHARED]));
        expect(d.messages.join(' '), String(income)).to.not.contain('you have £0');
      }
    });

    it('a listing that asks for a deposit: incomplete without it (not failed), naming the figure', () => {
      const asks: ListingRules = { eligibility: {}, eligibilityFields: ['annualHouseholdIncome', 'deposit'] };
      const d = decide(asks, TERMS, customer({ annualHouseholdIncome: 45_000 }), TODAY, money([SHARED]));
      expect(d).to.deep.equal({
        status: 'incomplete',
        messages: ["The deposit you can put down is needed to check it against this home's deposit of £2,500."],
        successfulProperties: [],
        missingFields: ['deposit'],
      });
    });
  });

  describe('every combination of the eligibility fields asked and the values given', () => {
    const FIELDS = ['annualHouseholdIncome', 'deposit', 'dateOfBirth', 'homePostcode', 'workPostcode', 'eligibleCitizen', 'homeOwnershipStatus'] as const;
    type Field = (typeof FIELDS)[number];
    // values that pass every rule of the listing below, and can afford its home (£45,000 and £2,500 down)
    const GIVEN: Record<Field, Partial<CustomerValues>> = {
      annualHouseholdIncome: { annualHouseholdIncome: 45_000 },
      deposit: { deposit: 2_500 },
      dateOfBirth: { age: 30 },
      homePostcode: { homeLocalAuthorityId: 7 },
      workPostcode: { workLocalAuthorityId: 8 },
      eligibleCitizen: { eligibleCitizen: true },
      homeOwnershipStatus: { homeOwnershipStatus: 1 },
    };
    const subsets = Array.from({ length: 1 << FIELDS.length }, (_, mask) => FIELDS.filter((_, i) => mask & (1 << i)));

    it('asked and not given: incomplete naming exactly those (a work postcode left to register interest); never failed', () => {
      let incomplete = 0;
      let considered = 0;
      for (const asked of subsets) {
        for (const given of subsets) {
          const values = customer(Object.assign({}, ...given.map((f) => GIVEN[f])));
          if (values.homeLocalAuthorityId !== null || values.workLocalAuthorityId !== null) values.livesOrWorksInLondon = false;
          const rules: ListingRules = { eligibility: {}, eligibilityFields: asked };
          const d = decide(rules, TERMS, values, TODAY, money([SHARED]));
          const context = `asked ${asked.join(',') || '-'}; given ${given.join(',') || '-'}: ${JSON.stringify(d)}`;
          const lacking = asked.filter((f) => f !== 'workPostcode' && !given.includes(f));
          expect(d.status, context).to.not.equal('failed');
          expect(d.missingFields, context).to.have.members(lacking);
          if (lacking.length) {
            incomplete++;
            expect(d.status, context).to.equal('incomplete');
            expect(d.messages, context).to.have.length(lacking.length);
            for (const f of lacking.filter((f) => f !== 'deposit')) expect(d.messages, context).to.include(ASKED[f as Exclude<Field, 'workPostcode'>]);
          } else if (given.includes('annualHouseholdIncome') && !given.includes('deposit')) {
            // money judged with the income, the savings not known: considered, saying what they would tell
            considered++;
            expect(d.status, context).to.equal('considered');
            expect(d.messages, context).to.deep.equal(['Tell us your savings to see whether you have the deposit of £2,500 a 25% share needs.']);
          } else {
            expect(d.status, context).to.equal('passed');
            expect(d.messages, context).to.deep.equal([]);
          }
        }
      }
      expect(incomplete).to.be.greaterThan(10_000);
      expect(considered).to.be.greaterThan(100);
    });

    it('unasked values not given never fail, even where the savings given are too little to judge the rest', () => {
      // £2,000 given is below the £2,500 needed: that known value fails, and only when the income is known too
      for (const given of subsets) {
        const values = customer({ ...Object.assign({}, ...given.map((f) => GIVEN[f])), deposit: 2_000 });
        const d = decide({ eligibility: {}, eligibilityFields: [] }, TERMS, values, TODAY, money([SHARED]));
        // without the income, the savings are compared with the home's deposit (£2,500): a known value below it
        const expected = given.includes('annualHouseholdIncome') ? ['A 25% share needs a deposit of £2,500; you have £2,000.'] : ["Your deposit of £2,000 is below this home's deposit of £2,500."];
        expect({ status: d.status, messages: d.messages }, given.join(',')).to.deep.equal({ status: 'failed', messages: expected });
      }
    });
  });
});
