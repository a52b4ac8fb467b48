// What a card leads with, a feature facet's choices and a home's reduction news, as the portal works them
// out (web/src/format.ts).
import { expect } from 'chai';
import { cardLeadOf, cardPriceText, foldFeatureOptions, recentReductionOf, type PriceFields } from '../../web/src/format.ts';

const shared: PriceFields = {
  forSale: true,
  isSharedOwnership: true,
  fullMarketPrice: 200000,
  minSharePercentage: 25,
  minShareValue: 50000,
  subsidisedMonthlyRent: 343.75,
  monthlyRent: null,
};

describe('portal card lead', () => {
  it('leads with the price under the price sorts, the monthly cost under the monthly-cost sort, nothing else', () => {
    expect(['price-low-high', 'price-high-low', 'monthly-cost-low-high', 'newest', 'rent-low-high', null].map(cardLeadOf)).to.deep.equal([
      'price',
      'price',
      'monthly-cost',
      null,
      null,
      null,
    ]);
  });

  it('gives shared ownership its full price first under a price sort, and the share after it', () => {
    expect(cardPriceText(shared, 'price')).to.deep.equal({ main: '£200,000', details: ['share from £50,000 (25%)', 'plus £343.75 a month rent on the rest'] });
    expect(cardPriceText({ ...shared, minSharePercentage: null }, 'price').details[0]).to.equal('share from £50,000');
  });

  it('leaves shared ownership as the share otherwise, and a price to be announced or another sale as they are', () => {
    expect(cardPriceText(shared, null).main).to.equal('£50,000');
    expect(cardPriceText(shared, 'monthly-cost').main).to.equal('£50,000');
    expect(cardPriceText({ ...shared, fullMarketPrice: null, minShareValue: null }, 'price').main).to.equal('Price to be announced');
    expect(cardPriceText({ ...shared, isSharedOwnership: false, minSharePercentage: null, minShareValue: null }, 'price').main).to.equal('£200,000');
  });
});

describe('portal feature facet choices', () => {
  it('offers a feature spelt out in full elsewhere once, under the fuller name, standing for both with both counts', () => {
    const options = [
      { value: 'Allocated parking', text: 'Allocated parking', count: 3 },
      { value: 'Garage', text: 'Garage', count: 2 },
      { value: 'Allocated parking space', text: 'Allocated parking space', count: 4 },
      { value: 'garage', text: 'garage', count: 1 },
    ];
    expect(foldFeatureOptions(options)).to.deep.equal([
      { text: 'Allocated parking space', values: ['Allocated parking', 'Allocated parking space'], count: 7 },
      { text: 'Garage', values: ['Garage', 'garage'], count: 3 },
    ]);
  });

  it('keeps values that merely begin alike apart', () => {
    const options = [
      { value: 'Garden', text: 'Garden', count: 1 },
      { value: 'Gardener', text: 'Gardener', count: 1 },
    ];
    expect(foldFeatureOptions(options).map((g) => g.text)).to.deep.equal(['Garden', 'Gardener']);
  });
});

describe('portal reduction news of a home', () => {
  const today = new Date('2026-11-29T10:00:00Z');
  it('is the latest reduction while within 30 days, else nothing', () => {
    const history = [
      { date: '2026-09-01', change: 'added' },
      { date: '2026-10-30', change: 'reduced' },
      { date: '2026-11-20', change: 'increased' },
    ];
    expect(recentReductionOf(history, today)).to.equal('2026-10-30');
    expect(recentReductionOf([{ date: '2026-10-29', change: 'reduced' }], today)).to.equal(null);
    expect(recentReductionOf([{ date: '2026-11-29', change: 'added' }], today)).to.equal(null);
    expect(recentReductionOf([], today)).to.equal(null);
  });
});
