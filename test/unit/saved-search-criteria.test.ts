import { expect } from 'chai';
import { searchQuerySchema } from '../../src/search-criteria/search-params.ts';
import { FILTERS_VERSION, OTHER_PARAMETERS, PLACE_PARAMETERS, SELECTING_PARAMETERS, filtersOf, paramsOfFilters } from '../../src/saved-searches/saved-search-criteria.ts';
import { validateSavedQuery } from '../../src/saved-searches/saved-search-schemas.ts';

const rect = { north: 53.9, south: 53.7, east: -1.4, west: -1.7 };

describe('saved-search filters', () => {
  it('name every search parameter once: choosing listings, saying where, or neither', () => {
    const named = [...SELECTING_PARAMETERS, ...PLACE_PARAMETERS, ...OTHER_PARAMETERS];
    expect(new Set(named).size).to.equal(named.length);
    expect([...named].sort()).to.deep.equal(Object.keys(searchQuerySchema.fields).sort());
  });

  it('keep the choosing parameters that are not defaults, and give them back as the search read them', () => {
    for (const query of [
      { location: 'Leeds', radius: 5 },
      { occupancy_type: 'to-rent', max_monthly_rent: 950, 'bedrooms[]': ['1', '2'], pets_allowed: 'yes', location: 'Leeds' },
      { area: '53.8,-1.6;53.9,-1.5;53.7,-1.4', schemes: ['shared-ownership'], eligible_only: true, household_income: 40000, reduced_only: '1', new_homes: 'resale' },
    ]) {
      const { params } = validateSavedQuery(query);
      const filters = filtersOf(params, rect);
      expect(filters.v).to.equal(FILTERS_VERSION);
      expect(filters.rect).to.deep.equal(rect);
      expect(Object.keys(filters.params)).to.not.include.members(['location', 'radius', 'page', 'size']);
      const back = paramsOfFilters(JSON.parse(JSON.stringify(filters)));
      for (const key of [...SELECTING_PARAMETERS, 'extraFilters', 'polygon'] as const) expect(back[key], key).to.deep.equal(params[key]);
    }
    expect(filtersOf(validateSavedQuery({ location: 'Leeds' }).params, rect).params).to.deep.equal({});
  });

  it('refuse filters of another version', () => {
    expect(() => paramsOfFilters({ v: FILTERS_VERSION + 1, rect, params: {} })).to.throw(/version/);
  });
});
