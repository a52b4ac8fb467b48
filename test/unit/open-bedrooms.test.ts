// A listing item's bedrooms are those of the homes still to be had: a sold or let home's count only
// when every home is sold or let.
import { expect } from 'chai';
import { openBedroomCounts } from '../../src/listings/open-bedrooms.ts';

describe('open bedroom counts', () => {
  const cases: [string, { bedrooms: number; closed: boolean }[], number[]][] = [
    ['every home open: every count, sorted, once', [{ bedrooms: 3, closed: false }, { bedrooms: 1, closed: false }, { bedrooms: 3, closed: false }], [1, 3]],
    ['a sold home beside an open one: the open one’s alone', [{ bedrooms: 1, closed: false }, { bedrooms: 3, closed: true }], [1]],
    ['a studio still to be had', [{ bedrooms: 0, closed: false }, { bedrooms: 2, closed: true }], [0]],
    ['every home sold or let: all of them', [{ bedrooms: 2, closed: true }, { bedrooms: 1, closed: true }], [1, 2]],
    ['no homes: none', [], []],
  ];
  for (const [name, homes, counts] of cases)
    it(name, () => {
      expect(openBedroomCounts(homes)).to.deep.equal(counts);
    });
});
