import { expect } from 'chai';
import { applyPriceRules, discountPercentage, weeklyFromMonthly, type PropertyPrices } from '../../src/listings/price-rules.ts';

const base: PropertyPrices = {
  forSale: true,
  isSharedOwnership: false,
  tenure: 'leasehold',
  fullMarketPrice: 300000,
  openMarketValue: null,
  depositValue: null,
  minSharePercentage: null,
  subsidisedMonthlyRent: null,
  maxGovernmentLoanPercent: null,
  monthlyServiceCharge: 120,
  annualGroundRent: 250,
  reservationFee: 500,
  monthlyRent: null,
  rentalDeposit: null,
  minTenancyMonths: null,
  maxTenancyMonths: null,
  administrationFee: null,
};

describe('price rules', () => {
  it('computes the share value and a deposit on the share for shared ownership', () => {
    const p = applyPriceRules({ ...base, isSharedOwnership: true, minSharePercentage: 25, subsidisedMonthlyRent: 480, depositValue: 99999 }, 10);
    expect(p).to.include({ minShareValue: 75000, depositValue: 7500, subsidisedMonthlyRent: 480, isSharedOwnership: true, minSharePercentage: 25 });
  });

  it('keeps a standard sale deposit as given, else takes the percentage of the full price', () => {
    expect(applyPriceRules({ ...base, depositValue: 15000 }, 10).depositValue).to.equal(15000);
    expect(applyPriceRules(base, 5).depositValue).to.equal(15000);
    expect(applyPriceRules(base, null).depositValue).to.equal(null);
    expect(applyPriceRules(base, 5)).to.include({ minShareValue: null, subsidisedMonthlyRent: null, isSharedOwnership: false });
  });

  it('computes the government loan value from the full price, null when the price is not announced', () => {
    expect(applyPriceRules({ ...base, maxGovernmentLoanPercent: 20 }, null).maxGovernmentLoanValue).to.equal(60000);
    expect(applyPriceRules({ ...base, fullMarketPrice: null, maxGovernmentLoanPercent: 20 }, null)).to.include({ maxGovernmentLoanValue: null, maxGovernmentLoanPercent: 20 });
  });

  it('keeps ground rent for leasehold only', () => {
    expect(applyPriceRules(base, null).annualGroundRent).to.equal(250);
    expect(applyPriceRules({ ...base, tenure: 'freehold' }, null).annualGroundRent).to.equal(null);
  });

  it('computes weekly rent from monthly for rent and blanks the sale fields', () => {
    const p = applyPriceRules({ ...base, forSale: false, monthlyRent: 1300, rentalDeposit: 1500, minTenancyMonths: 12, administrationFee: 50 }, 10);
    expect(p).to.include({ monthlyRent: 1300, weeklyRent: 300, rentalDeposit: 1500, minTenancyMonths: 12, administrationFee: 50 });
    expect(p).to.include({ fullMarketPrice: null, depositValue: null, monthlyServiceCharge: null, reservationFee: null, isSharedOwnership: false });
    expect(weeklyFromMonthly(1000)).to.equal(230.77);
    expect(weeklyFromMonthly(null)).to.equal(null);
  });

  it('keeps every unknown price null (to be announced)', () => {
    const p = applyPriceRules({ ...base, fullMarketPrice: null, isSharedOwnership: true, minSharePercentage: 25, monthlyServiceCharge: null }, 10);
    expect(p).to.include({ fullMarketPrice: null, minShareValue: null, depositValue: null, monthlyServiceCharge: null });
  });

  // price, open-market value → whole percent below it, rounded down (hand-computed)
  const discounts: [number | null, number | null, number | null][] = [
    [175_000, 250_000, 30], // 75,000 / 250,000
    [248_000, 355_000, 30], // 107,000 / 355,000 = 30.14%
    [171_500, 245_000, 30], // 73,500 / 245,000 exactly
    [172_000, 245_000, 29], // 73,000 / 245,000 = 29.80%: never said to be 30
    [140_000, 280_000, 50],
    [240_000, 300_000, 20],
    [199_999.99, 285_714.27, 29], // 85,714.28 / 285,714.27 = 29.99999%
    [300_000, 300_000, 0],
    [300_001, 300_000, null], // dearer than its value: no discount to show
    [null, 250_000, null], // price to be announced
    [175_000, null, null],
    [0, 250_000, 100],
  ];
  for (const [price, value, expected] of discounts) {
    it(`says ${price} against a value of ${value} is ${expected}% below it`, () => {
      expect(discountPercentage(price, value)).to.equal(expected);
    });
  }

  it('shows the open-market value and discount of a sale that is not shared ownership only', () => {
    expect(applyPriceRules({ ...base, fullMarketPrice: 175_000, openMarketValue: 250_000 }, null)).to.include({ openMarketValue: 250_000, discountPercentage: 30 });
    expect(applyPriceRules({ ...base, fullMarketPrice: null, openMarketValue: 250_000 }, null)).to.include({ openMarketValue: 250_000, discountPercentage: null });
    expect(applyPriceRules({ ...base, isSharedOwnership: true, minSharePercentage: 25, openMarketValue: 400_000 }, null)).to.include({ openMarketValue: null, discountPercentage: null });
    expect(applyPriceRules({ ...base, forSale: false, monthlyRent: 900, openMarketValue: 250_000 }, null)).to.include({ openMarketValue: null, discountPercentage: null });
  });
});
