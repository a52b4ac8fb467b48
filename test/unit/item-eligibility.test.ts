// Eligibility on items is register interest's decision told as {status, reasons}: hand-worked cases over
// one market sale of £100,000 with the default lending assumptions (5% deposit, 4.5 times income).
import { expect } from 'chai';
import { itemEligibility, termsOf, valuesKnown, type ItemEligibility } from '../../src/eligibility/item-eligibility.ts';
import { UNKNOWN_CUSTOMER, type CustomerValues } from '../../src/eligibility/eligibility-rules.ts';
import { CONSIDERED_WITHOUT_LOCAL_CONNECTION } from '../../src/eligibility/eligibility-messages.ts';
import { DEFAULT_LENDING } from '../../src/affordability/lending.ts';
import { costedProperty } from '../../src/listing-index/document/listing-costs.ts';
import type { ListingEligibility } from '../../src/eligibility/listing-eligibility.ts';
import type { PriceFields } from '../../src/listings/price-rules.ts';

const TODAY = '2026-11-27';
const sale = (depositPercentage: number | null, eligibility: ListingEligibility) =>
  costedProperty(
    1,
    true,
    { isSharedOwnership: false, fullMarketPrice: 100_000, minSharePercentage: null, subsidisedMonthlyRent: null, monthlyServiceCharge: null, annualGroundRent: null, monthlyRent: null } as unknown as PriceFields,
    'available',
    { depositPercentage, minDeposit: eligibility.minDeposit ?? null, maxHouseholdIncome: eligibility.maxHouseholdIncome ?? null },
  );
const judge = (eligibility: ListingEligibility, values: Partial<CustomerValues>, eligibilityFields: string[] = [], depositPercentage: number | null = null): ItemEligibility =>
  itemEligibility({ eligibility, eligibilityFields }, [sale(depositPercentage, eligibility)], { ...UNKNOWN_CUSTOMER, ...values }, TODAY, DEFAULT_LENDING);

describe('eligibility on items', () => {
  const cases: [string, ListingEligibility, Partial<CustomerValues>, string[], number | null, ItemEligibility][] = [
    ['passed: £40,000 a year and £50,000 down, a £50,000 loan within 4.5 times the income', { maxHouseholdIncome: 80_000 }, { annualHouseholdIncome: 40_000, deposit: 50_000 }, [], null, { status: 'passed', reasons: [] }],
    [
      'failed on the income cap alone (the home is affordable)',
      { maxHouseholdIncome: 80_000 },
      { annualHouseholdIncome: 95_000, deposit: 50_000 },
      [],
      null,
      { status: 'failed', reasons: ["Your household income of £95,000 is above this home's limit of £80,000 a year."] },
    ],
    // without an income, the savings against the deposit the home needs: 5% of £100,000
    ['failed: £3,000 down where £5,000 is needed', {}, { deposit: 3_000 }, [], null, { status: 'failed', reasons: ["Your deposit of £3,000 is below this home's deposit of £5,000."] }],
    // the listing's 10% is the larger: £10,000 (the one deposit rule, not the home's own deposit value)
    ['failed: £8,000 down where the listing asks 10%', {}, { deposit: 8_000 }, [], 10, { status: 'failed', reasons: ["Your deposit of £8,000 is below this home's deposit of £10,000."] }],
    ['passed: £12,000 down where the listing asks 10%', {}, { deposit: 12_000 }, [], 10, { status: 'passed', reasons: [] }],
    [
      'unknown: the savings a listing naming "deposit" needs, with the figure',
      {},
      { annualHouseholdIncome: 40_000 },
      ['deposit'],
      null,
      { status: 'unknown', reasons: ["The deposit you can put down is needed to check it against this home's deposit of £5,000."] },
    ],
    [
      'considered: outside the preferred local authorities',
      { localAuthorities: [7], localConnection: 'preferred' },
      { homeLocalAuthorityId: 8, livesOrWorksInLondon: false },
      [],
      null,
      { status: 'considered', reasons: [CONSIDERED_WITHOUT_LOCAL_CONNECTION] },
    ],
  ];
  for (const [name, eligibility, values, fields, percentage, expected] of cases) {
    it(name, () => expect(judge(eligibility, values, fields, percentage)).to.deep.equal(expected));
  }

  it('fails on money with the costing\'s reasons: £95,000 borrowed is more than 4.5 times £20,000 (£90,000)', () => {
    const e = judge({}, { annualHouseholdIncome: 20_000, deposit: 5_000 });
    expect(e.status).to.equal('failed');
    expect(e.reasons.join(' ')).to.contain('£90,000');
  });

  it('reads the homes as register interest does: the deposit each needs, and its availability', () => {
    expect(termsOf([sale(10, {})], DEFAULT_LENDING)).to.deep.equal([{ id: 1, depositValue: 10_000, availabilityStatus: 'available' }]);
  });

  it('knows the searcher when any value a rule reads is known', () => {
    expect(valuesKnown(null)).to.equal(false);
    expect(valuesKnown(UNKNOWN_CUSTOMER)).to.equal(false);
    expect(valuesKnown({ ...UNKNOWN_CUSTOMER, livesOrWorksInLondon: false })).to.equal(false);
    for (const known of [{ annualHouseholdIncome: 0 }, { deposit: 0 }, { age: 30 }, { eligibleCitizen: false }, { homeOwnershipStatus: 1 }, { homeLocalAuthorityId: 3 }, { workLocalAuthorityId: 3 }])
      expect(valuesKnown({ ...UNKNOWN_CUSTOMER, ...known }), JSON.stringify(known)).to.equal(true);
  });
});
