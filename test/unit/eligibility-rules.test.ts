import { readFileSync } from 'node:fs';
import { expect } from 'chai';
import {
  UNKNOWN_CUSTOMER,
  decide,
  type CustomerValues,
  type ListingRules,
  type PropertyTerms,
} from '../../src/eligibility/eligibility-rules.ts';
import { HOME_OWNERSHIP_STATUSES, NEEDED, UNMATCHED_POSTCODE } from '../../src/eligibility/eligibility-messages.ts';
import type { ListingEligibility } from '../../src/eligibility/listing-eligibility.ts';
import { Rng } from '../../src/demo/random.ts';
import { DEFAULT_LENDING } from '../../src/affordability/lending.ts';

const TODAY = '2026-11-22';
const ONE: PropertyTerms[] = [{ id: 1, depositValue: 15000 }];
const listing = (eligibility: ListingEligibility, eligibilityFields: string[] = []): ListingRules => ({ eligibility, eligibilityFields });
const customer = (values: Partial<CustomerValues>): CustomerValues => ({ ...UNKNOWN_CUSTOMER, ...values });
const run = (rules: ListingRules, c: Partial<CustomerValues>, properties = ONE) => decide(rules, properties, customer(c), TODAY);

describe('eligibility rules', () => {
  describe('failed: a message per failed rule naming the value and the limit', () => {
    const cases: [string, ListingEligibility, Partial<CustomerValues>, string][] = [
      [
        'income',
        { maxHouseholdIncome: 90000 },
        { annualHouseholdIncome: 95000 },
        "Your household income of £95,000 is above this home's limit of £90,000 a year.",
      ],
      [
        'citizenship',
        { eligibleCitizen: true },
        { eligibleCitizen: false },
        'This home is only for British or EU/EEA citizens, and you have told us you are not one.',
      ],
      [
        'home ownership',
        { homeOwnershipStatuses: [1, 2] },
        { homeOwnershipStatus: 4 },
        'This home is only for first-time buyers or people who own no property at the moment, and your home ownership status is "Owns one or more properties".',
      ],
      ['minimum age', { minAge: 18 }, { age: 17 }, 'You must be 18 or over to apply for this home, and you are 17.'],
      ['maximum age', { minAge: 18, maxAge: 65 }, { age: 70 }, 'You must be 65 or under to apply for this home, and you are 70.'],
      [
        'local connection required',
        { localAuthorities: [1, 2], localConnection: 'required' },
        { homeLocalAuthorityId: 3, livesOrWorksInLondon: false },
        'You must live or work in one of the local authority areas this home is offered to, and neither your home nor your work postcode is in one.',
      ],
      [
        'first dibs',
        { firstDibsUntil: '2027-06-30' },
        { workLocalAuthorityId: 3, livesOrWorksInLondon: false },
        'Until 30 June 2027 this home is offered only to people who live or work in London, and neither your home nor your work postcode is in London.',
      ],
      [
        'minimum deposit',
        { minDeposit: 20000 },
        { deposit: 16000 },
        "Your deposit of £16,000 is below this home's minimum deposit of £20,000.",
      ],
      ["the home's deposit", {}, { deposit: 10000 }, "Your deposit of £10,000 is below this home's deposit of £15,000."],
    ];
    for (const [name, rules, values, message] of cases) {
      it(name, () => {
        expect(run(listing(rules), values)).to.deep.equal({
          status: 'failed',
          messages: [message],
          successfulProperties: [],
          missingFields: [],
        });
      });
    }

    it('names the lowest deposit when no home of the listing is covered, and lists every failed rule', () => {
      const properties = [
        { id: 1, depositValue: 12000 },
        { id: 2, depositValue: 9000 },
      ];
      const decision = run(listing({ maxHouseholdIncome: 60000 }), { annualHouseholdIncome: 61000, deposit: 500 }, properties);
      expect(decision.status).to.equal('failed');
      expect(decision.messages).to.deep.equal([
        "Your household income of £61,000 is above this home's limit of £60,000 a year.",
        'Your deposit of £500 is below the deposit of every home in this listing (the lowest is £9,000).',
      ]);
    });
  });

  describe('incomplete: a message per value still needed', () => {
    it('names each missing value once, in the order of the rules', () => {
      const rules = listing(
        {
          maxHouseholdIncome: 80000,
          eligibleCitizen: true,
          homeOwnershipStatuses: [1],
          minAge: 18,
          localAuthorities: [1],
          localConnection: 'preferred',
          firstDibsUntil: '2027-01-01',
          minDeposit: 1000,
        },
        [],
      );
      const decision = run(rules, {});
      expect(decision.status).to.equal('incomplete');
      expect(decision.missingFields).to.deep.equal([
        'annualHouseholdIncome',
        'eligibleCitizen',
        'homeOwnershipStatus',
        'dateOfBirth',
        'homePostcode',
        'deposit',
      ]);
      expect(decision.messages).to.deep.equal([
        "Your annual household income is needed to check it against this home's limit of £80,000 a year.",
        'We need to know whether you are a British or EU/EEA citizen: this home is only for them.',
        'Your home ownership status (for example, first-time buyer) is needed: this home is not open to every buyer.',
        'Your date of birth is needed to check the age limits for this home.',
        'Your home or work postcode is needed to check whether you live or work in the area this home is offered to.',
        "The deposit you can put down is needed to check it against this home's minimum deposit of £1,000.",
      ]);
    });

    it('says why when a postcode was given but its local authority is not known', () => {
      const decision = run(listing({ localAuthorities: [1], localConnection: 'required' }), { unmatchedPostcode: true });
      expect(decision).to.deep.include({ status: 'incomplete', missingFields: ['homePostcode'], messages: [UNMATCHED_POSTCODE] });
    });
  });

  describe('the deposit', () => {
    it('is not needed when the listing neither names it nor sets a minimum, whatever the homes cost', () => {
      const properties = [
        { id: 1, depositValue: 15000 },
        { id: 2, depositValue: 30000 },
      ];
      const decision = run(listing({ maxHouseholdIncome: 80000 }, ['annualHouseholdIncome']), { annualHouseholdIncome: 40000 }, properties);
      expect(decision).to.deep.equal({ status: 'passed', messages: [], successfulProperties: [1, 2], missingFields: [] });
    });

    it('is needed when the listing names it among its eligibility fields or sets a minimum, with the figure it is checked against', () => {
      const cases: [ListingRules, PropertyTerms[], string][] = [
        [listing({}, ['deposit']), ONE, "The deposit you can put down is needed to check it against this home's deposit of £15,000."],
        [listing({ minDeposit: 5000 }), ONE, "The deposit you can put down is needed to check it against this home's minimum deposit of £5,000."],
        [
          listing({}, ['deposit']),
          [
            { id: 1, depositValue: 30000 },
            { id: 2, depositValue: null },
            { id: 3, depositValue: 12499.5 },
          ],
          'The deposit you can put down is needed to check it against the deposits of the homes here (from £12,500).',
        ],
        // no home sets a deposit: nothing to name
        [listing({}, ['deposit']), [{ id: 1, depositValue: null }], NEEDED.deposit],
      ];
      for (const [rules, properties, message] of cases) {
        expect(run(rules, {}, properties)).to.deep.equal({
          status: 'incomplete',
          messages: [message],
          successfulProperties: [],
          missingFields: ['deposit'],
        });
      }
    });

    it("is compared with each home's deposit when given, required or not", () => {
      const properties = [
        { id: 1, depositValue: 15000 },
        { id: 2, depositValue: 30000 },
        { id: 3, depositValue: null },
      ];
      for (const rules of [listing({}), listing({}, ['deposit']), listing({ minDeposit: 1000 })]) {
        expect(run(rules, { deposit: 20000 }, properties)).to.deep.equal({
          status: 'passed',
          messages: [],
          successfulProperties: [1, 3],
          missingFields: [],
        });
      }
    });
  });

  it('considered: says that priority goes to people with a local connection', () => {
    const decision = run(listing({ localAuthorities: [1], localConnection: 'preferred' }), {
      homeLocalAuthorityId: 2,
      livesOrWorksInLondon: false,
    });
    expect(decision.status).to.equal('considered');
    expect(decision.messages).to.have.length(1);
    expect(decision.messages[0]).to.match(/^Priority goes to people who live or work in the local authority areas/);
  });

  it('never leaves a decision other than passed without a message, for 5,000 random listings and customers', () => {
    const rng = new Rng(1122);
    const maybe = <T>(value: () => T, p = 0.5): T | null => (rng.next() < p ? value() : null);
    const pick = <T>(list: T[]): T => list[Math.floor(rng.next() * list.length)]!;
    const seen = new Set<string>();
    for (let n = 0; n < 5000; n++) {
      const rules = listing(
        {
          maxHouseholdIncome: maybe(() => pick([40000, 80000])),
          minDeposit: maybe(() => pick([1000, 15000]), 0.3),
          eligibleCitizen: maybe(() => rng.next() < 0.7),
          homeOwnershipStatuses: maybe(() => pick([[1], [1, 2, 3], [4]])),
          localAuthorities: maybe(() => pick([[1], [2, 3]]), 0.4),
          localConnection: maybe(() => pick(['required', 'preferred'] as const), 0.7),
          minAge: maybe(() => pick([18, 55]), 0.3),
          maxAge: maybe(() => 65, 0.2),
          firstDibsUntil: maybe(() => pick(['2026-01-01', TODAY, '2027-06-30']), 0.3),
        },
        rng.next() < 0.3 ? ['deposit'] : [],
      );
      const properties = Array.from({ length: 1 + Math.floor(rng.next() * 3) }, (_, i) => ({
        id: i,
        depositValue: maybe(() => pick([2000, 20000]), 0.6),
      }));
      const home = maybe(() => pick([1, 2, 4]), 0.5);
      const c = customer({
        annualHouseholdIncome: maybe(() => pick([30000, 90000]), 0.7),
        deposit: maybe(() => pick([500, 10000, 30000]), 0.6),
        age: maybe(() => 17 + Math.floor(rng.next() * 60), 0.6),
        eligibleCitizen: maybe(() => rng.next() < 0.8, 0.7),
        homeOwnershipStatus: maybe(() => 1 + Math.floor(rng.next() * 4), 0.7),
        homeLocalAuthorityId: home,
        livesOrWorksInLondon: home === null ? null : home === 4,
        unmatchedPostcode: home === null && rng.next() < 0.3,
      });
      const decision = decide(rules, properties, c, TODAY);
      seen.add(decision.status);
      if (decision.status !== 'passed') expect(decision.messages, JSON.stringify({ rules, properties, c })).to.not.be.empty;
      if (decision.status === 'incomplete') expect(decision.messages).to.have.length(decision.missingFields.length);
    }
    expect([...seen].sort()).to.deep.equal(['considered', 'failed', 'incomplete', 'passed']);
  });

  it('names the home ownership statuses as the lookup list does', () => {
    const data = JSON.parse(readFileSync(new URL('../../prisma/data/lookups.json', import.meta.url), 'utf8')) as Record<
      string,
      { id: number; name: string }[]
    >;
    const list = data['home-ownership-statuses']!.map((s) => ({ id: s.id, name: s.name }));
    expect(Object.entries(HOME_OWNERSHIP_STATUSES).map(([id, s]) => ({ id: Number(id), name: s.name }))).to.deep.equal(list);
  });
});

describe('eligibility rules: money judged as search judges it (PORTAL-EXTRAS §10)', () => {
  // a £300,000 home, 25% share (£75,000), £500 rent on the rest; the listing asks 10% of the share (£7,500)
  const home = { id: 1, forSale: true, isSharedOwnership: true, fullMarketPrice: 300_000, minSharePercentage: 25, subsidisedMonthlyRent: 500, monthlyServiceCharge: null, annualGroundRent: null, monthlyRent: null, availabilityStatus: 'available', depositPercentage: 10, minDeposit: null, maxHouseholdIncome: 80_000 };
  // the same, sold, and cheaper: it never decides while the available one is advertised
  const sold = { ...home, id: 2, fullMarketPrice: 100_000, availabilityStatus: 'closed' };
  const terms: PropertyTerms[] = [
    { id: 1, depositValue: 7_500, availabilityStatus: 'available' },
    { id: 2, depositValue: 2_500, availabilityStatus: 'closed' },
  ];
  const money = { costs: [home, sold], lending: DEFAULT_LENDING };
  const rules = listing({ maxHouseholdIncome: 80_000 }, ['annualHouseholdIncome', 'deposit']);
  const cases: { name: string; values: Partial<CustomerValues>; properties?: PropertyTerms[]; status: string; messages: string[] }[] = [
    // £8,000 down: loan £67,000 → £372.41 + £500 = £872.41 ≤ 40% of £2,833.33
    { name: 'affordable: passed', values: { annualHouseholdIncome: 34_000, deposit: 8_000 }, status: 'passed', messages: [] },
    // £6,000 is below the £7,500 the rule asks
    { name: 'the deposit the rule asks', values: { annualHouseholdIncome: 34_000, deposit: 6_000 }, status: 'failed', messages: ['A 25% share needs a deposit of £7,500; you have £6,000.'] },
    // loan £67,000 > 4.5 × £14,000 = £63,000; £872.41 > 40% of £1,166.67 = £466.67 (it is 74.8%)
    {
      name: 'the loan and the monthly cost',
      values: { annualHouseholdIncome: 14_000, deposit: 8_000 },
      status: 'failed',
      messages: [
        'A 25% share needs a mortgage of £67,000; lenders lend up to 4.5 times your income, £63,000.',
        'A 25% share would cost £872 a month, 74.8% of your income; it should take at most 40% of your income, £467 a month.',
      ],
    },
    // the sold home alone would be affordable on £14,000 with £8,000 down; the pool is the available one
    { name: 'the sold home does not decide', values: { annualHouseholdIncome: 14_000, deposit: 8_000 }, properties: terms, status: 'failed', messages: ['A 25% share needs a mortgage of £67,000; lenders lend up to 4.5 times your income, £63,000.', 'A 25% share would cost £872 a month, 74.8% of your income; it should take at most 40% of your income, £467 a month.'] },
    // the income cap is the income rule's, said once
    { name: 'above the income cap: the income rule alone', values: { annualHouseholdIncome: 90_000, deposit: 8_000 }, status: 'failed', messages: ["Your household income of £90,000 is above this home's limit of £80,000 a year."] },
    // no income: money is not judged; the deposit rule's figure is the home's deposit
    { name: 'no income: the deposit alone', values: { deposit: 8_000 }, status: 'incomplete', messages: ["Your annual household income is needed to check it against this home's limit of £80,000 a year."] },
  ];
  for (const c of cases) {
    it(c.name, () => {
      const d = decide(rules, c.properties ?? [terms[0]!], customer(c.values), TODAY, money);
      expect(d.status).to.equal(c.status);
      expect(d.messages).to.deep.equal(c.messages);
    });
  }
});
