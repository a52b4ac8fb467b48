import { expect } from 'chai';
import { matchedQueryNames, readItems, sourcesById } from '../../src/listing-index/hit-readers.ts';

describe('listing index: hit readers', () => {
  it('reads stored items with their facts, leaving out hits without one', () => {
    const item = { id: 3, view: { listing: { name: 'A' } }, partnerSources: [] };
    expect(readItems([{ fields: { item: [JSON.stringify(item)], itemFacts: ['{"f":1}'] } }, { fields: {} }, {}])).to.deep.equal([{ ...item, facts: '{"f":1}' }]);
  });

  it('keys sources by document id', () => {
    expect([...sourcesById([{ _id: '4', _source: { a: 1 } }, { _id: '10', _source: { a: 2 } }])]).to.deep.equal([[4, { a: 1 }], [10, { a: 2 }]]);
  });

  it('gathers the names of the queries the hits matched', () => {
    expect([...matchedQueryNames([{ matched_queries: ['0', '2'] }, {}, { matched_queries: ['2'] }])]).to.deep.equal(['0', '2']);
  });
});
