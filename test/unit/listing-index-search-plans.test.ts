import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import { PLAN_CASES, planOf } from './search-plan-cases.ts';

// Each search's engine requests (listing-index/search-request.ts) against the bodies read and agreed
// once; a change of these bodies is a change of what the engine is asked, to be read the same way.
describe('listing index: a search\'s requests', () => {
  for (const c of PLAN_CASES) {
    it(`plans ${c.name} as fixtures/search-plans/${c.name}.json`, () => {
      const expected = JSON.parse(readFileSync(new URL(`fixtures/search-plans/${c.name}.json`, import.meta.url), 'utf8')) as unknown;
      const { scope: _scope, ...requests } = planOf(c);
      expect(JSON.parse(JSON.stringify(requests))).to.deep.equal(expected);
    });
  }
});

// What of the index each search reads (listing-index/index-footprint.ts): its always-applied clauses.
describe("listing index: a search's scope", () => {
  const LONDON = { north: 51.6, south: 51.4, east: 0.1, west: -0.3 };
  const byName = (name: string) => planOf(PLAN_CASES.find((c) => c.name === name)!).scope;

  it('is the rectangle searched and to rent or for sale', () => {
    expect(byName('to-rent-first-page')).to.deep.equal({ forSale: false, where: { rect: LONDON } });
    // keywords filter here, and the price sort scores by the listings' own prices
    expect(byName('for-sale-filtered-price-sort')).to.deep.equal({ forSale: true, where: { rect: LONDON } });
  });

  it("is a drawn area's bounding rectangle", () => {
    expect(byName('near-work-affordable-in-area')).to.deep.equal({ forSale: true, where: { rect: { north: 53.9, south: 53.7, east: -1.4, west: -1.7 } } });
  });

  it('is a region, county or local authority searched by its id', () => {
    const plan = planOf({ name: 'county', query: { occupancy_type: 'to-rent' } }, { kind: 'county', id: 12 });
    expect(plan.scope).to.deep.equal({ forSale: false, where: { area: 'county', id: 12 } });
  });

  it('is none when the keywords score: relevance reads the whole index', () => {
    expect(planOf({ name: 'relevance', query: { keywords: 'garden', sort_by: 'relevance' } }).scope).to.equal(null);
    expect(planOf({ name: 'newest', query: { keywords: 'garden', sort_by: 'newest' } }).scope).to.not.equal(null);
  });
});
