import { expect } from 'chai';
import { affordabilityOf, affordableAtMinimumShare, depositNeededOf, lowestMonthlyCost, monthlyCostOf, sharesOf, type CostedProperty } from '../../src/affordability/affordability.ts';
import { listingAffordability, listingMonthlyCostFrom, poolOf } from '../../src/listings/listing-affordability.ts';
import { boundsOf, optionWithinBounds, shareOptionsOf, thresholdsOf, undominated, withinBounds } from '../../src/affordability/affordability-thresholds.ts';
import { DEFAULT_LENDING, monthlyRepayment, repaymentPerPound } from '../../src/affordability/lending.ts';

// Hand-computed with the default assumptions: r = 4.5 / 12 / 100 = 0.00375, n = 300 months,
// k = r / (1 − 1.00375^−300) = 0.0055583248 a month for each pound borrowed.
const lending = DEFAULT_LENDING;

const outright: CostedProperty = {
  id: 1,
  forSale: true,
  isSharedOwnership: false,
  fullMarketPrice: 200_000,
  minSharePercentage: null,
  subsidisedMonthlyRent: null,
  monthlyServiceCharge: null,
  annualGroundRent: null,
  monthlyRent: null,
};
// £300,000, 25% minimum share, £500 a month on the unsold 75%, £100 service charge
const shared: CostedProperty = { ...outright, id: 2, isSharedOwnership: true, fullMarketPrice: 300_000, minSharePercentage: 25, subsidisedMonthlyRent: 500, monthlyServiceCharge: 100 };
const toRent: CostedProperty = { ...outright, id: 3, forSale: false, fullMarketPrice: null, monthlyRent: 1_000 };

describe('affordability arithmetic', () => {
  it('repays a loan as an annuity', () => {
    expect(repaymentPerPound(lending)).to.be.closeTo(0.0055583248, 1e-10);
    // £180,000 × k = £1,000.50; nothing borrowed costs nothing
    expect(monthlyRepayment(180_000, lending)).to.be.closeTo(1000.4985, 1e-3);
    expect(monthlyRepayment(0, lending)).to.equal(0);
    expect(monthlyRepayment(-5, lending)).to.equal(0);
    // at 0% the loan is repaid in equal parts: £30,000 over 300 months
    expect(monthlyRepayment(30_000, { ...lending, mortgageRatePercent: 0 })).to.equal(100);
  });

  describe('monthlyCostFrom (minimum share, 5% deposit)', () => {
    const cases: { name: string; property: CostedProperty; expected: number | null }[] = [
      // loan 95% of £200,000 = £190,000 × k = £1,056.08
      { name: 'outright sale', property: outright, expected: 1056 },
      // with £250 ground rent a year (£20.83 a month) and £80 service charge: 1,056.08 + 80 + 20.83
      { name: 'outright sale with charges', property: { ...outright, monthlyServiceCharge: 80, annualGroundRent: 250 }, expected: 1157 },
      // 25% = £75,000, loan £71,250 × k = £396.03, + £500 rent + £100 service charge
      { name: 'shared ownership', property: shared, expected: 996 },
      { name: 'to rent', property: toRent, expected: 1000 },
      { name: 'unknown price', property: { ...outright, fullMarketPrice: null }, expected: null },
      { name: 'shared ownership without a minimum share', property: { ...shared, minSharePercentage: null }, expected: null },
      { name: 'rent unknown', property: { ...toRent, monthlyRent: null }, expected: null },
    ];
    for (const c of cases) it(c.name, () => expect(monthlyCostOf(c.property, lending)).to.equal(c.expected));

    it('is the lowest among the properties, unknown prices left out', () => {
      expect(lowestMonthlyCost([outright, shared, { ...outright, fullMarketPrice: null }], lending)).to.equal(996);
      expect(lowestMonthlyCost([{ ...outright, fullMarketPrice: null }], lending)).to.equal(null);
    });
  });

  it('offers the minimum share and the multiples of 5 above it up to 75', () => {
    expect(sharesOf(shared)).to.deep.equal([25, 30, 35, 40, 45, 50, 55, 60, 65, 70, 75]);
    expect(sharesOf({ ...shared, minSharePercentage: 27.5 })).to.deep.equal([27.5, 30, 35, 40, 45, 50, 55, 60, 65, 70, 75]);
    expect(sharesOf({ ...shared, minSharePercentage: 80 })).to.deep.equal([80]);
    expect(sharesOf(outright)).to.deep.equal([100]);
  });

  describe('affordabilityOf', () => {
    const none = { share: null, shareValue: null, deposit: null, mortgage: null, monthlyMortgage: null, monthlyServiceCharge: null };
    const cases: { name: string; property: CostedProperty; income: number; deposit: number; expected: Record<string, unknown> }[] = [
      {
        // deposit £10,000 needed; loan £180,000 ≤ 4.5 × £50,000; £1,000.50 ≤ 40% of £4,166.67
        name: 'outright sale, affordable',
        property: outright,
        income: 50_000,
        deposit: 20_000,
        expected: { status: 'affordable', share: 100, shareValue: 200_000, deposit: 20_000, mortgage: 180_000, monthlyMortgage: 1000, monthlyRent: null, monthlyServiceCharge: null, monthlyCost: 1000, costToIncomePercent: 24, reasons: [] },
      },
      {
        // 25%: deposit £3,750 ≤ £4,000, loan £71,000, £394.64 + £500 + £100 = £994.64 ≤ £1,133.33;
        // 30% needs a deposit of £4,500: the minimum share is the largest affordable
        name: 'shared ownership at the minimum share',
        property: shared,
        income: 34_000,
        deposit: 4_000,
        expected: { status: 'affordable', share: 25, shareValue: 75_000, deposit: 4_000, mortgage: 71_000, monthlyMortgage: 395, monthlyRent: 500, monthlyServiceCharge: 100, monthlyCost: 995, costToIncomePercent: 35.1, reasons: [] },
      },
      {
        // 35%: deposit £5,250 ≤ £6,000, loan £99,000 → £550.27, rent 500 × 65/75 = £433.33, + £100 = £1,083.61 ≤ £1,133.33;
        // 40%: £633.65 + £400 + £100 = £1,133.65 > £1,133.33; 45% needs £6,750 down
        name: 'shared ownership at a larger share',
        property: shared,
        income: 34_000,
        deposit: 6_000,
        expected: { status: 'affordable', share: 35, shareValue: 105_000, deposit: 6_000, mortgage: 99_000, monthlyMortgage: 550, monthlyRent: 433, monthlyServiceCharge: 100, monthlyCost: 1084, costToIncomePercent: 38.2, reasons: [] },
      },
      {
        name: 'none affordable: the deposit',
        property: shared,
        income: 34_000,
        deposit: 2_000,
        // costed at the £3,750 the share needs, never at the £2,000 saved (a breakdown never uses a deposit below
        // the one needed): loan £71,250 → £396.03 + £600 = £996.03 ≤ £1,133.33: only the deposit fails
        expected: { status: 'unaffordable', share: 25, shareValue: 75_000, deposit: 3_750, mortgage: 71_250, monthlyMortgage: 396, monthlyRent: 500, monthlyServiceCharge: 100, monthlyCost: 996, costToIncomePercent: 35.2, reasons: ['A 25% share needs a deposit of £3,750; you have £2,000.'] },
      },
      {
        // loan £160,000 > 4.5 × £30,000 = £135,000; £889.33 ≤ £1,000
        name: 'none affordable: the loan',
        property: outright,
        income: 30_000,
        deposit: 40_000,
        expected: { status: 'unaffordable', share: 100, mortgage: 160_000, monthlyMortgage: 889, monthlyCost: 889, costToIncomePercent: 35.6, reasons: ['This home needs a mortgage of £160,000; lenders lend up to 4.5 times your income, £135,000.'] },
      },
      {
        // loan £180,000 = 4.5 × £40,000 (allowed); £1,000.50 + £400 = £1,400.50 > 40% of £3,333.33 = £1,333.33
        name: 'none affordable: the monthly cost',
        property: { ...outright, monthlyServiceCharge: 400 },
        income: 40_000,
        deposit: 20_000,
        expected: { status: 'unaffordable', monthlyCost: 1400, monthlyServiceCharge: 400, costToIncomePercent: 42, reasons: ['This home would cost £1,400 a month, 42% of your income; it should take at most 40% of your income, £1,333 a month.'] },
      },
      {
        // 25%: £3,750 > £2,000; at the deposit needed, £71,250 > 4.5 × £15,000 = £67,500; £996.03 > £500 (79.7% of £1,250)
        name: 'none affordable: every condition',
        property: shared,
        income: 15_000,
        deposit: 2_000,
        expected: {
          status: 'unaffordable',
          share: 25,
          costToIncomePercent: 79.7,
          reasons: [
            'A 25% share needs a deposit of £3,750; you have £2,000.',
            'A 25% share needs a mortgage of £71,250; lenders lend up to 4.5 times your income, £67,500.',
            'A 25% share would cost £996 a month, 79.7% of your income; it should take at most 40% of your income, £500 a month.',
          ],
        },
      },
      {
        // savings beyond the share's value: all of the value is put down, nothing borrowed
        name: 'savings above the price',
        property: outright,
        income: 10_000,
        deposit: 250_000,
        expected: { status: 'affordable', deposit: 200_000, mortgage: 0, monthlyMortgage: 0, monthlyCost: 0, costToIncomePercent: 0, reasons: [] },
      },
      {
        // 30 × £1,000 = £30,000 ≤ £30,000
        name: 'to rent, affordable',
        property: toRent,
        income: 30_000,
        deposit: 0,
        expected: { status: 'affordable', ...none, monthlyRent: 1000, monthlyCost: 1000, costToIncomePercent: 40, reasons: [] },
      },
      {
        name: 'to rent, unaffordable',
        property: toRent,
        income: 29_000,
        deposit: 0,
        expected: { status: 'unaffordable', ...none, monthlyRent: 1000, monthlyCost: 1000, costToIncomePercent: 41.4, reasons: ['The rent of £1,000 a month needs a household income of £30,000 a year (30 times the rent); yours is £29,000.'] },
      },
      {
        name: 'unknown price',
        property: { ...shared, fullMarketPrice: null },
        income: 34_000,
        deposit: 6_000,
        expected: { status: 'unknown', ...none, monthlyRent: null, monthlyCost: null, costToIncomePercent: null, reasons: [] },
      },
    ];
    for (const c of cases) {
      it(c.name, () => {
        const got = affordabilityOf(c.property, { income: c.income, deposit: c.deposit }, lending);
        expect(Object.keys(got)).to.deep.equal([
          'propertyId',
          'propertyNumber',
          'property',
          'status',
          'share',
          'shareValue',
          'deposit',
          'mortgage',
          'monthlyMortgage',
          'monthlyRent',
          'monthlyServiceCharge',
          'monthlyCost',
          'costToIncomePercent',
          'depositNeeded',
          'breakdown',
          'reasons',
          'assumptions',
        ]);
        expect(got.assumptions).to.deep.equal({ mortgageRatePercent: 4.5, mortgageTermYears: 25, maxLoanToIncome: 4.5, minDepositPercent: 5, maxCostToIncomePercent: 40 });
        for (const [key, value] of Object.entries(c.expected)) expect(got[key as keyof typeof got], key).to.deep.equal(value);
      });
    }
  });

  describe('a verdict names its home (PORTAL-EXTRAS §10)', () => {
    it('gives the home by id, name and price, for sale and to rent', () => {
      const sale = affordabilityOf({ ...shared, propertyNumber: 'Plot 1' }, { income: 34_000, deposit: 4_000 }, lending);
      expect(sale.property).to.deep.equal({ id: shared.id, name: 'Plot 1', fullMarketPrice: shared.fullMarketPrice, monthlyRent: null });
      const rent = affordabilityOf({ ...toRent, propertyNumber: 'Flat 2' }, { income: 30_000, deposit: 0 }, lending);
      expect(rent.property).to.deep.equal({ id: toRent.id, name: 'Flat 2', fullMarketPrice: null, monthlyRent: 1000 });
    });
    it("never costs a breakdown at a deposit below the one needed: the card's figure for the home", () => {
      const p = { ...outright, statedDeposit: 24_000 };
      const a = affordabilityOf(p, { income: 60_000, deposit: 6_000 }, lending);
      expect(a.deposit).to.equal(24_000);
      expect(a.monthlyCost).to.equal(monthlyCostOf(p, lending));
      expect(a.breakdown!.total).to.equal(Math.round((a.breakdown!.mortgage + a.breakdown!.rentOnUnsoldShare + a.breakdown!.serviceCharge + a.breakdown!.groundRent) * 100) / 100);
    });
  });

  describe('listingAffordability', () => {
    const dear = { ...outright, id: 10, fullMarketPrice: 400_000 };
    it('takes the affordable property with the lowest monthly cost', () => {
      // the outright home is cheaper a month (£1,000) but unaffordable on £30,000; the shared one is affordable
      const a = listingAffordability([outright, shared], { income: 30_000, deposit: 20_000 }, lending);
      expect(a.status).to.equal('affordable');
      expect(a.share).to.be.at.least(25);
    });
    it('takes the lowest monthly cost of all when none is affordable', () => {
      const a = listingAffordability([dear, outright], { income: 10_000, deposit: 0 }, lending);
      expect(a).to.include({ status: 'unaffordable', shareValue: 200_000 });
    });
    it('is unknown when no price is known', () => {
      expect(listingAffordability([{ ...outright, fullMarketPrice: null }], { income: 10_000, deposit: 0 }, lending).status).to.equal('unknown');
    });
  });

  describe('the one deposit rule (PORTAL-EXTRAS §10)', () => {
    // the largest of 5% of the share's value, the listing's depositPercentage% of it and its minDeposit
    const cases: { name: string; property: CostedProperty; needed: number | null; monthlyCost: number | null }[] = [
      // 5% of £200,000 = £10,000; loan £190,000 → £1,056.08
      { name: 'the portal minimum', property: outright, needed: 10_000, monthlyCost: 1056 },
      // 15% of £200,000 = £30,000; loan £170,000 × k = £944.92
      { name: "the listing's percentage, outright", property: { ...outright, depositPercentage: 15 }, needed: 30_000, monthlyCost: 945 },
      // 10% of the 25% share (£75,000) = £7,500; loan £67,500 × k = £375.19, + £500 + £100
      { name: "the listing's percentage of the share", property: { ...shared, depositPercentage: 10 }, needed: 7_500, monthlyCost: 975 },
      // £12,000 beats 10% (£7,500); loan £63,000 × k = £350.17, + £600
      { name: "the listing's minimum deposit", property: { ...shared, depositPercentage: 10, minDeposit: 12_000 }, needed: 12_000, monthlyCost: 950 },
      { name: 'none to rent', property: { ...toRent, minDeposit: 12_000 }, needed: null, monthlyCost: 1000 },
      // a standard sale's stated £24,000 beats 5% (£10,000); loan £176,000 × k = £978.27
      { name: "a standard sale's stated deposit, above the rest", property: { ...outright, statedDeposit: 24_000 }, needed: 24_000, monthlyCost: 978 },
      // a stated £6,000 is below 5% (£10,000): the rule's £10,000
      { name: "a standard sale's stated deposit, below the rest", property: { ...outright, statedDeposit: 6_000 }, needed: 10_000, monthlyCost: 1056 },
    ];
    for (const c of cases) {
      it(c.name, () => {
        expect(depositNeededOf(c.property, lending)).to.equal(c.needed);
        expect(monthlyCostOf(c.property, lending)).to.equal(c.monthlyCost);
      });
    }

    it("judges the household's savings by it, naming the figures", () => {
      // £6,000 saved; the 25% share needs 10% of £75,000: costed at that £7,500 (the card's one figure for the
      // home), loan £67,500 → £375.19 + £600 = £975.19
      const a = affordabilityOf({ ...shared, depositPercentage: 10 }, { income: 34_000, deposit: 6_000 }, lending);
      expect(a).to.include({ status: 'unaffordable', share: 25, depositNeeded: 7_500, deposit: 7_500, monthlyCost: 975 });
      expect(a.monthlyCost).to.equal(monthlyCostOf({ ...shared, depositPercentage: 10 }, lending));
      expect(a.reasons).to.deep.equal(['A 25% share needs a deposit of £7,500; you have £6,000.']);
    });

    it("judges the savings by a standard sale's stated deposit, naming it", () => {
      const a = affordabilityOf({ ...outright, statedDeposit: 24_000 }, { income: 60_000, deposit: 20_000 }, lending);
      expect(a).to.include({ status: 'unaffordable', depositNeeded: 24_000 });
      expect(a.reasons).to.deep.equal(['This home needs a deposit of £24,000; you have £20,000.']);
    });

    it("fails a household above the listing's income cap", () => {
      // loan £150,000 and £833.75 a month are fine; the cap is not
      const a = affordabilityOf({ ...outright, maxHouseholdIncome: 80_000 }, { income: 90_000, deposit: 50_000 }, lending);
      expect(a.status).to.equal('unaffordable');
      expect(a.reasons).to.deep.equal(['This home is for households earning up to £80,000 a year; yours is £90,000.']);
    });
  });

  describe('the share within the budget asked (max_monthly_cost)', () => {
    // £34,000 and £6,000: 25% £983.52, 30% £466.90 + £466.67 (500 × 70/75) + £100 = £1,033.57, 35% £1,083.61
    const cases: { budget: number | null; share: number; monthlyCost: number }[] = [
      { budget: null, share: 35, monthlyCost: 1084 },
      { budget: 1_050, share: 30, monthlyCost: 1034 },
      { budget: 1_034, share: 30, monthlyCost: 1034 },
      { budget: 1_000, share: 25, monthlyCost: 984 },
      // no affordable share within it: the largest affordable one
      { budget: 900, share: 35, monthlyCost: 1084 },
    ];
    for (const c of cases) {
      it(`budget ${c.budget ?? 'none'}: a ${c.share}% share`, () => {
        expect(affordabilityOf(shared, { income: 34_000, deposit: 6_000 }, lending, c.budget)).to.include({ status: 'affordable', share: c.share, monthlyCost: c.monthlyCost });
      });
    }

    it('breaks the monthly cost down to the penny, adding up', () => {
      const a = affordabilityOf(shared, { income: 34_000, deposit: 6_000 }, lending, 1_050);
      expect(a.breakdown).to.deep.equal({ mortgage: 466.9, rentOnUnsoldShare: 466.67, serviceCharge: 100, groundRent: 0, total: 1033.57 });
      // £250 ground rent a year is £20.83 a month; loan £190,000 → £1,056.08
      const withGround = affordabilityOf({ ...outright, annualGroundRent: 250 }, { income: 100_000, deposit: 10_000 }, lending);
      expect(withGround.breakdown).to.deep.equal({ mortgage: 1056.08, rentOnUnsoldShare: 0, serviceCharge: 0, groundRent: 20.83, total: 1076.91 });
      expect(withGround.monthlyCost).to.equal(1077);
    });
  });

  describe('the pool of a listing (PORTAL-EXTRAS §10)', () => {
    // a sold £100,000 home (£528.04 a month) beside an available £200,000 one (£1,056.08)
    const sold: CostedProperty = { ...outright, id: 21, fullMarketPrice: 100_000, availabilityStatus: 'closed' };
    const available: CostedProperty = { ...outright, id: 22, availabilityStatus: 'available' };
    const underOffer: CostedProperty = { ...outright, id: 23, fullMarketPrice: 150_000, availabilityStatus: 'under-offer' };
    it('is the available homes, else coming soon, else under offer, else closed', () => {
      expect(poolOf([sold, available, underOffer]).map((p) => p.id)).to.deep.equal([22]);
      expect(poolOf([sold, underOffer]).map((p) => p.id)).to.deep.equal([23]);
      expect(poolOf([sold]).map((p) => p.id)).to.deep.equal([21]);
    });
    it('gives monthlyCostFrom: never a sold home while another is advertised', () => {
      expect(listingMonthlyCostFrom([sold, available], lending)).to.equal(1056);
      expect(listingMonthlyCostFrom([sold], lending)).to.equal(528);
    });
    it("gives the listing's affordability: the sold home does not make it affordable", () => {
      // £30,000 and £10,000 saved: the sold home's £90,000 loan is within 4.5 × income, the available one's £190,000 is not
      const a = listingAffordability([sold, available], { income: 30_000, deposit: 10_000 }, lending);
      expect(a).to.include({ status: 'unaffordable', propertyId: 22 });
      expect(affordabilityOf(sold, { income: 30_000, deposit: 10_000 }, lending).status).to.equal('affordable');
    });
  });

  describe('the thresholds affordable_only filters on', () => {
    it('hold the hand-computed values', () => {
      // V = £75,000; F = £600 → 1200 × 600 / 40 = £18,000 a year; k × 75,000 + 600 = £1,016.87
      const t = thresholdsOf(shared, lending)!;
      expect(t.shareValue).to.equal(75_000);
      expect(t.minIncome).to.be.closeTo(18_000, 1e-9);
      expect(t.fullLoanCost).to.be.closeTo(1016.8744, 1e-3);
      expect(t.minSavings).to.equal(3_750);
      expect(t.maxIncome).to.equal(1e15);
      expect(thresholdsOf(toRent, lending)).to.deep.equal({ shareValue: 0, minSavings: 0, maxIncome: 1e15, minIncome: 30_000, fullLoanCost: 0 });
      // the listing's terms: 10% of £75,000 = £7,500 beats 5%; a £9,000 minimum beats both; an income cap
      expect(thresholdsOf({ ...shared, depositPercentage: 10 }, lending)!.minSavings).to.equal(7_500);
      expect(thresholdsOf({ ...shared, depositPercentage: 10, minDeposit: 9_000, maxHouseholdIncome: 80_000 }, lending)).to.include({ minSavings: 9_000, maxIncome: 80_000 });
      expect(thresholdsOf({ ...outright, fullMarketPrice: null }, lending)).to.equal(null);
    });

    it('decide as the conditions do, over many random properties and households', () => {
      let seed = 7;
      const random = () => ((seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31);
      const pick = <T>(values: T[]) => values[Math.floor(random() * values.length)]!;
      let affordable = 0;
      for (let i = 0; i < 5000; i++) {
        const kind = pick(['outright', 'shared', 'rent']);
        const p: CostedProperty =
          kind === 'rent'
            ? { ...toRent, monthlyRent: Math.round(400 + random() * 2000) }
            : {
                ...outright,
                isSharedOwnership: kind === 'shared',
                fullMarketPrice: Math.round(80_000 + random() * 500_000),
                minSharePercentage: kind === 'shared' ? pick([10, 25, 27.5, 40]) : null,
                subsidisedMonthlyRent: kind === 'shared' ? Math.round(random() * 900) : null,
                monthlyServiceCharge: pick([null, 50, 150.5]),
                annualGroundRent: pick([null, 250]),
                depositPercentage: pick([null, 5, 10, 15]),
                minDeposit: pick([null, null, 5_000, 12_000]),
              };
        p.maxHouseholdIncome = pick([null, null, 60_000, 80_000]);
        const h = { income: Math.round(random() * 120_000), deposit: Math.round(random() * 60_000) };
        const expected = affordableAtMinimumShare(p, h, lending);
        if (expected) affordable++;
        expect(withinBounds(thresholdsOf(p, lending), boundsOf(h, lending)), JSON.stringify({ p, h })).to.equal(expected);
      }
      expect(affordable).to.be.within(500, 4500);
    });
  });

  describe('the share options eligible_only asks the engine about (poolShares)', () => {
    it('hold one option a share, the rent scaled to it', () => {
      // 25%: V = £75,000, F = £600; 50%: V = £150,000, F = £500 × 50/75 + £100 = £433.33
      const options = shareOptionsOf(shared, lending);
      expect(options).to.have.length(sharesOf(shared).length);
      expect(options[0]).to.deep.equal({ shareValue: 75_000, minSavings: 3_750, minIncome: 18_000, fullLoanCost: thresholdsOf(shared, lending)!.fullLoanCost });
      const half = options[sharesOf(shared).indexOf(50)]!;
      expect(half.shareValue).to.equal(150_000);
      expect(half.minSavings).to.equal(7_500);
      expect(half.minIncome).to.be.closeTo((1200 * (500 * 50 / 75 + 100)) / 40, 1e-9);
      expect(shareOptionsOf(outright, lending)).to.have.length(1);
      expect(shareOptionsOf(toRent, lending)).to.deep.equal([{ shareValue: 0, minSavings: 0, minIncome: 30_000, fullLoanCost: 0 }]);
      expect(shareOptionsOf({ ...outright, fullMarketPrice: null }, lending)).to.deep.equal([]);
    });

    it('keep each option once and none another beats on all four values', () => {
      const a = { shareValue: 1, minSavings: 1, minIncome: 5, fullLoanCost: 1 };
      const b = { shareValue: 2, minSavings: 2, minIncome: 1, fullLoanCost: 1 };
      const beaten = { shareValue: 2, minSavings: 2, minIncome: 5, fullLoanCost: 2 };
      expect(undominated([beaten, b, a, { ...a }])).to.deep.equal([a, b]);
    });

    it('decide as the costing does at any share, the income cap aside, over many random properties and households', () => {
      let seed = 11;
      const random = () => ((seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31);
      const pick = <T>(values: T[]) => values[Math.floor(random() * values.length)]!;
      let larger = 0;
      for (let i = 0; i < 5000; i++) {
        const kind = pick(['outright', 'shared', 'shared', 'rent']);
        const p: CostedProperty =
          kind === 'rent'
            ? { ...toRent, monthlyRent: Math.round(400 + random() * 2000) }
            : {
                ...outright,
                isSharedOwnership: kind === 'shared',
                fullMarketPrice: Math.round(80_000 + random() * 500_000),
                minSharePercentage: kind === 'shared' ? pick([10, 25, 27.5, 40, 80]) : null,
                subsidisedMonthlyRent: kind === 'shared' ? Math.round(random() * 1500) : null,
                monthlyServiceCharge: pick([null, 50, 150.5]),
                annualGroundRent: pick([null, 250]),
                depositPercentage: pick([null, 5, 10, 15]),
                minDeposit: pick([null, null, 5_000, 12_000]),
                statedDeposit: kind === 'outright' ? pick([null, 15_000, 40_000]) : null,
              };
        const h = { income: Math.round(random() * 120_000), deposit: Math.round(random() * 150_000) };
        const expected = affordabilityOf(p, h, lending).status === 'affordable';
        if (expected && !affordableAtMinimumShare(p, h, lending)) larger++;
        const b = boundsOf(h, lending);
        const options = undominated(shareOptionsOf(p, lending));
        expect(options.some((o) => optionWithinBounds(o, b)), JSON.stringify({ p, h })).to.equal(expected);
      }
      // the households the minimum share alone would misjudge
      expect(larger).to.be.greaterThan(50);
    });
  });
});
