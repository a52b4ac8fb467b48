import { expect } from 'chai';
import { parseSearchParams } from '../../src/listing-search/search-params.ts';
import { ValidationError } from '../../src/core/errors.ts';

describe('search parameters', () => {
  it('gives the same read-only result for the same query, and a new one for another', () => {
    const first = parseSearchParams({ location: 'Leeds', 'bedrooms[]': ['2', '3'], page: '2' });
    const again = parseSearchParams({ location: 'Leeds', 'bedrooms[]': ['2', '3'], page: '2' });
    expect(again).to.equal(first);
    expect(first).to.include({ location: 'Leeds', page: 2, radius: 3 });
    expect(first.bedrooms).to.deep.equal([2, 3]);
    expect(Object.isFrozen(first) && Object.isFrozen(first.bedrooms)).to.equal(true);
    expect(() => (first.bedrooms as number[]).push(4)).to.throw(TypeError);
    expect(parseSearchParams({ location: 'Leeds', 'bedrooms[]': ['2'], page: '2' }).bedrooms).to.deep.equal([2]);
  });

  it('refuses bad input every time it comes, with an error per parameter', () => {
    for (let i = 0; i < 2; i++) {
      const err = (() => {
        try {
          parseSearchParams({ page: '0', radius: '-1', sort_by: 'cheapest' });
        } catch (e) {
          return e;
        }
        return null;
      })();
      expect(err).to.be.instanceOf(ValidationError);
      expect(Object.keys((err as ValidationError).errors).sort()).to.deep.equal(['page', 'radius', 'sort_by']);
    }
  });
});
