// A saved search's summary names every filter in force, the household's own (work distance, monthly
// budget, affordability, eligibility) as the search page's heading does.
import { expect } from 'chai';
import { parseSearchParams, type SearchParams } from '../../src/search-criteria/search-params.ts';
import { summarise } from '../../src/saved-searches/saved-search-summary.ts';

const params = (query: Record<string, unknown>) => parseSearchParams(query) as SearchParams;

describe('saved search summary', () => {
  const cases: [string, Record<string, unknown>, string][] = [
    ['the place and price alone', { occupancy_type: 'for-sale', location: 'Leeds', radius: 5, max_full_value: 250000 }, 'Homes for sale within 5 miles of Leeds, up to £250,000'],
    ['a work distance', { occupancy_type: 'for-sale', location: 'Leeds', radius: 5, max_distance_from_work: 10, work_postcode: 'LS1 4AP' }, 'Homes for sale within 5 miles of Leeds, within 10 miles of work'],
    ['a monthly budget', { occupancy_type: 'for-sale', location: 'Leeds', radius: 5, max_monthly_cost: 900 }, 'Homes for sale within 5 miles of Leeds, costing up to £900 a month'],
    ['affordable only', { occupancy_type: 'to-rent', affordable_only: '1', household_income: 30000 }, 'Homes to rent anywhere in the UK, that you can afford'],
    [
      'every household filter at once',
      { occupancy_type: 'for-sale', location: 'Leeds', radius: 3, max_distance_from_work: 1, work_postcode: 'LS1 4AP', max_monthly_cost: 1250.5, affordable_only: 'yes', eligible_only: 'true' },
      'Homes for sale within 3 miles of Leeds, within 1 mile of work, costing up to £1,251 a month, that you can afford, that you are eligible for',
    ],
  ];
  for (const [name, query, summary] of cases)
    it(`names ${name}`, () => {
      expect(summarise(params(query))).to.equal(summary);
    });
});
