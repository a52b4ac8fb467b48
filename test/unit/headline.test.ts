import { expect } from 'chai';
import { availabilityRank, compareHeadline, headlinePrice, headlineProperty, type HeadlineCandidate } from '../../src/listings/headline.ts';

const sale = (id: number, availabilityStatus: string, fullMarketPrice: number | null): HeadlineCandidate => ({ id, availabilityStatus, fullMarketPrice, monthlyRent: null });
const rent = (id: number, availabilityStatus: string, monthlyRent: number | null): HeadlineCandidate => ({ id, availabilityStatus, fullMarketPrice: null, monthlyRent });

describe('the headline property of a listing', () => {
  const cases: [string, HeadlineCandidate[], number[] | undefined, number | null][] = [
    ['the cheapest available home', [sale(1, 'available', 250000), sale(2, 'available', 180000), sale(3, 'available', 300000)], undefined, 2],
    ['an available home before a cheaper closed one', [sale(1, 'closed', 135000), sale(2, 'available', 195000)], undefined, 2],
    ['an available home before cheaper coming-soon and under-offer ones', [sale(1, 'coming-soon', 100000), sale(2, 'under-offer', 90000), sale(3, 'available', 200000)], undefined, 3],
    ['coming soon when nothing is available', [sale(1, 'under-offer', 90000), sale(2, 'coming-soon', 150000), sale(3, 'closed', 80000)], undefined, 2],
    ['under offer when nothing is available or coming soon', [sale(1, 'closed', 80000), sale(2, 'under-offer', 120000), sale(3, 'under-offer', 110000)], undefined, 3],
    ['a closed home only when nothing else is advertised', [sale(1, 'closed', 200000), sale(2, 'closed', 150000)], undefined, 2],
    ['a known price before one to be announced', [sale(1, 'available', null), sale(2, 'available', 400000)], undefined, 2],
    ['a home to be announced when its rank has no price', [sale(1, 'available', null), sale(2, 'coming-soon', 100000)], undefined, 1],
    ['the lowest id between equal prices', [sale(5, 'available', 200000), sale(3, 'available', 200000), sale(4, 'available', 200000)], undefined, 3],
    ['the cheapest rent to rent', [rent(1, 'available', 1400), rent(2, 'available', 950.5), rent(3, 'closed', 700)], undefined, 2],
    ['among the matching homes only', [sale(1, 'available', 100000), sale(2, 'available', 200000), sale(3, 'closed', 50000)], [2, 3], 2],
    ['a closed matching home when it is the only match', [sale(1, 'available', 100000), sale(2, 'closed', 50000)], [2], 2],
    ['none when no home matches', [sale(1, 'available', 100000)], [7], null],
    ['none of no homes', [], undefined, null],
    ['an unknown availability after every known one', [sale(1, 'withdrawn', 1000), sale(2, 'closed', 9000)], undefined, 2],
  ];
  for (const [what, properties, matching, expected] of cases) {
    it(`chooses ${what}`, () => {
      expect(headlineProperty(properties, matching)?.id ?? null).to.equal(expected);
      // the order of the properties given does not matter
      expect(headlineProperty([...properties].reverse(), matching)?.id ?? null).to.equal(expected);
    });
  }

  it('returns the object given, with whatever else it carries', () => {
    const homes = [{ ...sale(1, 'available', 5), name: 'one' }, { ...sale(2, 'available', 4), name: 'two' }];
    expect(headlineProperty(homes)).to.equal(homes[1]);
  });

  it('ranks availability as search sorts it', () => {
    expect(['available', 'coming-soon', 'under-offer', 'closed', 'other'].map(availabilityRank)).to.deep.equal([0, 1, 2, 3, 4]);
  });

  it('reads the price of the occupancy', () => {
    expect(headlinePrice(sale(1, 'available', 180000))).to.equal(180000);
    expect(headlinePrice(rent(1, 'available', 950))).to.equal(950);
    expect(headlinePrice(sale(1, 'available', null))).to.equal(null);
  });

  it('orders homes as a total order: the same headline whichever is compared first', () => {
    const homes = [sale(1, 'closed', 10), sale(2, 'available', null), sale(3, 'available', 30), sale(4, 'coming-soon', 5), sale(5, 'available', 30)];
    const sorted = [...homes].sort(compareHeadline).map((h) => h.id);
    expect(sorted).to.deep.equal([3, 5, 2, 4, 1]);
  });
});
