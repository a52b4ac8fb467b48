// The portal's price rules (web/src/format.ts): null prices are "to be announced", shared ownership
// shows the share, its price and the rent on the rest, rent shows a month and a week (one wording everywhere).
import { expect } from 'chai';
import { bedroomsText, firstHomesWithoutFigures, priceText, ratingBand, TO_BE_ANNOUNCED, type PriceFields } from '../../web/src/format.ts';

const sale = (o: Partial<PriceFields> = {}): PriceFields => ({
  forSale: true,
  isSharedOwnership: false,
  fullMarketPrice: null,
  minSharePercentage: null,
  minShareValue: null,
  monthlyRent: null,
  ...o,
});

describe('portal price text', () => {
  it('shows a standard sale with the deposit the one rule asks, never the stated one beside it', () => {
    expect(priceText(sale({ fullMarketPrice: 240000, depositValue: 24000, depositNeeded: 24000 }))).to.deep.equal({
      main: '£240,000',
      details: ['Deposit £24,000'],
    });
    // a provider's deposit below the rule's: the rule's figure alone
    expect(priceText(sale({ fullMarketPrice: 240000, depositValue: 6000, depositNeeded: 12000 })).details).to.deep.equal(['Deposit £12,000']);
    expect(priceText(sale({ fullMarketPrice: 240000, depositValue: 6000, depositNeeded: null })).details).to.deep.equal([]);
  });

  it('shows a home sold below its value with the discount and the value after its price', () => {
    expect(priceText(sale({ fullMarketPrice: 175000, openMarketValue: 250000, discountPercentage: 30, depositValue: 8750, depositNeeded: 8750 }))).to.deep.equal({
      main: '£175,000',
      qualifier: '30% below the market value of £250,000',
      details: ['Deposit £8,750'],
    });
    // no discount to name, or no value: the price alone
    expect(priceText(sale({ fullMarketPrice: 250000, openMarketValue: 250000, discountPercentage: 0 }))).to.deep.equal({ main: '£250,000', details: [] });
    expect(priceText(sale({ fullMarketPrice: null, openMarketValue: 250000, discountPercentage: null }))).to.deep.equal({ main: TO_BE_ANNOUNCED, details: [] });
  });

  it("says First Homes' own rule only when no discount is given", () => {
    const firstHomes = [{ text: 'First Homes' }];
    expect(firstHomesWithoutFigures({ forSale: true, discountPercentage: null, schemes: firstHomes })).to.equal(true);
    expect(firstHomesWithoutFigures({ forSale: true, discountPercentage: 30, schemes: firstHomes })).to.equal(false);
    expect(firstHomesWithoutFigures({ forSale: true, discountPercentage: null, schemes: [{ text: 'Shared Ownership' }] })).to.equal(false);
  });

  it('shows shared ownership as the share price, the share of the full price and the rent on the rest', () => {
    expect(
      priceText(
        sale({
          isSharedOwnership: true,
          fullMarketPrice: 180000,
          minSharePercentage: 25,
          minShareValue: 45000,
          subsidisedMonthlyRent: 309.38,
        }),
      ),
    ).to.deep.equal({
      main: '£45,000',
      details: ['for a 25% share of £180,000', 'plus £309.38 a month rent on the rest'],
    });
  });

  it('shows rent a month and a week, computing the week when it is not given', () => {
    expect(priceText(sale({ forSale: false, monthlyRent: 1300, weeklyRent: 300 }))).to.deep.equal({
      main: '£1,300 a month',
      details: ['£300 a week'],
    });
    expect(priceText(sale({ forSale: false, monthlyRent: 950 })).details).to.deep.equal(['£219.23 a week']);
  });

  it('says "price to be announced" for null prices of every kind', () => {
    expect(priceText(sale()).main).to.equal(TO_BE_ANNOUNCED);
    expect(priceText(sale({ forSale: false })).main).to.equal(TO_BE_ANNOUNCED);
    expect(priceText(sale({ isSharedOwnership: true, fullMarketPrice: 200000 }))).to.deep.equal({
      main: TO_BE_ANNOUNCED,
      details: ['Full market value £200,000'],
    });
  });

  it('writes bedroom ranges and rating bands', () => {
    expect(bedroomsText([0, 1, 3])).to.equal('Studio to 3 bedrooms');
    expect(bedroomsText([2])).to.equal('2 bedrooms');
    expect(bedroomsText(1)).to.equal('1 bedroom');
    expect([92, 81, 80, 55, 39, 21, 20].map(ratingBand)).to.deep.equal(['A', 'B', 'C', 'D', 'E', 'F', 'G']);
  });
});
