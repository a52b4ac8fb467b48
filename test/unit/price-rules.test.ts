import { expect } from 'chai';
import { applyPriceRules, weeklyFromMonthly, type PropertyPrices } from '../../src/listings/price-rules.ts';

const base: PropertyPrices = {
  forSale: true,
  isSharedOwnership: false,
  tenure: 'leasehold',
  fullMarketPrice: 300000,
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
});
