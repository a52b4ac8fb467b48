import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import { PLAN_CASES, planOf } from './search-plan-cases.ts';

// Each search's engine requests (listing-index/search-request.ts) against the bodies read and agreed
// once; a change of these bodies is a change of what the engine is asked, to be read the same way.
describe('listing index: a search\'s requests', () => {
  for (const c of PLAN_CASES) {
    it(`plans ${c.name} as fixtures/search-plans/${c.name}.json`, () => {
      const expected = JSON.parse(readFileSync(new URL(`fixtures/search-plans/${c.name}.json`, import.meta.url), 'utf8')) as unknown;
      expect(JSON.parse(JSON.stringify(planOf(c)))).to.deep.equal(expected);
    });
  }
});
