import { expect } from 'chai';
import { multiSearchBody, type SearchPlan } from '../../src/listing-search/search-request.ts';

describe('multi-search body', () => {
  it('writes the plan\'s requests in answer order, each after an empty header, leaving out those not planned', () => {
    const plan = { main: { size: 20 }, counts: null, map: { size: 1000 }, featuredPool: { size: 200 }, featuredItems: { size: 4 }, featuredPerPage: 2, full: true } as SearchPlan;
    expect(multiSearchBody(plan)).to.equal('{}\n{"size":20}\n{}\n{"size":200}\n{}\n{"size":4}\n');
  });
});
