// The portal's words on cards and listing pages (web/src/format.ts, web/src/pager.ts): the pager's
// pages and gaps, a studio said once, furnishing only when it narrows, a feature under one name, and
// no second monthly figure beside a rent.
import { expect } from 'chai';
import { distinctFeatures, homeKindParts, monthlyCostRepeatsRent, openBedrooms, rentTerms } from '../../web/src/format.ts';
import { pagerItems } from '../../web/src/pager.ts';

describe('portal card words', () => {
  const pages: [number, number, (number | 'gap')[]][] = [
    [1, 1, [1]],
    [1, 2, [1, 2]],
    [1, 5, [1, 2, 'gap', 5]],
    [3, 5, [1, 2, 3, 4, 5]],
    [5, 21, [1, 'gap', 4, 5, 6, 'gap', 21]],
    [4, 21, [1, 2, 3, 4, 5, 'gap', 21]],
    [21, 21, [1, 'gap', 20, 21]],
    [18, 21, [1, 'gap', 17, 18, 19, 20, 21]],
  ];
  for (const [current, last, expected] of pages)
    it(`shows page ${current} of ${last} as ${expected.join(' ')}`, () => expect(pagerItems(current, last)).to.deep.equal(expected));

  it('says a studio once when its kind already says it', () => {
    expect(homeKindParts([0], 'Studio apartment')).to.deep.equal(['Studio apartment']);
    expect(homeKindParts(0, 'studio flat')).to.deep.equal(['Studio flat']);
    expect(homeKindParts([0], 'Apartment')).to.deep.equal(['Studio', 'Apartment']);
    expect(homeKindParts([0, 2], 'Studio apartment')).to.deep.equal(['Studio to 2 bedrooms', 'Studio apartment']);
    expect(homeKindParts([2], 'Apartment')).to.deep.equal(['2 bedrooms', 'Apartment']);
    expect(homeKindParts([], null)).to.deep.equal([]);
  });

  it('says nothing of the furnishing when every kind is allowed', () => {
    expect(rentTerms({ forSale: false, furnitureStatus: ['furnished', 'part-furnished', 'unfurnished'] })).to.deep.equal([]);
    expect(rentTerms({ forSale: false, furnitureStatus: ['unfurnished', 'furnished'] })).to.deep.equal(['Unfurnished or furnished']);
  });

  it('gives a feature once, under its fullest name', () => {
    expect(
      distinctFeatures([
        { section: 'Parking', values: ['Allocated parking', 'Garage'] },
        { section: 'Outside', values: ['Garden'] },
        { section: 'Parking', values: ['Allocated parking space', 'garage'] },
      ]),
    ).to.deep.equal([
      { section: 'Parking', values: ['Garage'] },
      { section: 'Outside', values: ['Garden'] },
      { section: 'Parking', values: ['Allocated parking space'] },
    ]);
    // a word that only starts another is not the same feature
    expect(distinctFeatures([{ section: 'Parking', values: ['Car', 'Carport'] }])).to.deep.equal([
      { section: 'Parking', values: ['Car', 'Carport'] },
    ]);
  });

  it('leaves out a monthly cost that repeats the rent', () => {
    expect(monthlyCostRepeatsRent({ forSale: false, monthlyRent: 800 }, 800)).to.equal(true);
    expect(monthlyCostRepeatsRent({ forSale: false, monthlyRent: 800 }, 900)).to.equal(false);
    expect(monthlyCostRepeatsRent({ forSale: true, monthlyRent: null }, 800)).to.equal(false);
    expect(monthlyCostRepeatsRent({ forSale: false, monthlyRent: null }, null)).to.equal(false);
  });

  it('counts the bedrooms of the homes still to be had, all of them only when every home is sold or let', () => {
    const home = (bedrooms: number, code: string) => ({ bedrooms, availabilityStatus: { code } });
    expect(openBedrooms([1, 3], [home(1, 'available'), home(3, 'closed')])).to.deep.equal([1]);
    expect(openBedrooms([1, 2, 3], [home(3, 'under-offer'), home(1, 'coming-soon'), home(2, 'closed')])).to.deep.equal([1, 3]);
    expect(openBedrooms([1, 3], [home(1, 'closed'), home(3, 'closed')])).to.deep.equal([1, 3]);
    expect(openBedrooms([2], [])).to.deep.equal([2]);
  });
});
