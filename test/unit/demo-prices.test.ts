import { expect } from 'chai';
import { Rng } from '../../src/demo/random.ts';
import { PLACES } from '../../src/demo/places.ts';
import { FIRST_HOMES_CAP, OFFERS } from '../../src/demo/offers.ts';
import { openMarketPrice, priceTerms } from '../../src/demo/property-prices.ts';
import { discountPercentage } from '../../src/listings/price-rules.ts';

describe('demo prices of homes sold below the open market', () => {
  const rng = new Rng('demo-prices');
  const options = (place: (typeof PLACES)[number], marketPrice: number) => ({ place, marketPrice, leasehold: true, flat: true, tba: false });

  it('gives First Homes a value and a price at least 30% below it, within the cap', () => {
    for (const place of PLACES) {
      for (const bedrooms of [1, 2, 3, 4]) {
        const marketPrice = openMarketPrice(rng, place, bedrooms, 'Detached house', true);
        const terms = priceTerms(rng, OFFERS['first-homes'], options(place, marketPrice));
        const cap = place.group === 'london' ? FIRST_HOMES_CAP.london : FIRST_HOMES_CAP.elsewhere;
        expect(terms.openMarketValue, place.town).to.be.at.most(marketPrice);
        expect(terms.fullMarketPrice, place.town).to.be.at.most(cap);
        expect(discountPercentage(terms.fullMarketPrice, terms.openMarketValue), `${place.town}: ${terms.fullMarketPrice} of ${terms.openMarketValue}`).to.be.at.least(30);
      }
    }
  });

  it('gives Discount Market Sale a price at least 20% below its value, and other offers no value', () => {
    const place = PLACES[0]!;
    const dms = priceTerms(rng, OFFERS['discount-market-sale'], options(place, 300_000));
    expect(dms).to.include({ openMarketValue: 300_000, fullMarketPrice: 240_000 });
    for (const kind of ['shared-ownership', 'market-sale', 'market-rent'] as const) {
      expect(priceTerms(rng, OFFERS[kind], options(place, 300_000)).openMarketValue, kind).to.equal(null);
    }
  });
});
