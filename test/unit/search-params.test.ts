import { expect } from 'chai';
import { parseSearchParams, searchQuerySchema } from '../../src/search-criteria/search-params.ts';
import { ValidationError } from '../../src/core/errors.ts';
import { validateQuery } from '../../src/core/validation.ts';
import { Rng } from '../../src/demo/random.ts';

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

  it('reads every query as the whole schema would, though it validates only the parameters sent', () => {
    const values: Record<string, unknown[]> = {
      occupancy_type: ['for-sale', 'to-rent', 'both'],
      location: ['Leeds', '', 'x'.repeat(201)],
      radius: ['5', '-1', 'far'],
      area: ['', 'POLYGON((-1.6 53.8,-1.5 53.8,-1.5 53.9,-1.6 53.8))', 'POLYGON((1 2))'],
      page: ['2', '0', ['2', '3']],
      size: ['20', '101'],
      min_bedrooms: ['2', '-1'],
      max_full_value: ['250000', 'lots'],
      max_monthly_rent: ['900'],
      'bedrooms[]': [['2', '3'], ['x']],
      'status[]': [['available'], ['sold']],
      schemes: ['shared-ownership', ['a', 'b']],
      pets_allowed: ['yes', 'maybe', '0'],
      new_homes: ['resale', 'old'],
      lat: ['53.8', '91'],
      household_income: ['40000'],
      unknown_parameter: ['anything'],
    };
    const names = Object.keys(values);
    const ACROSS = ['max_deposit', 'max_full_value', 'max_share_value', 'min_deposit', 'min_full_value', 'min_share_value', 'max_monthly_rent', 'min_monthly_rent', 'max_bedrooms', 'max_bathrooms', 'sort_by'];
    const rng = new Rng(21);
    const outcome = (run: () => unknown): { value: unknown } | { errors: Record<string, string[]> } => {
      try {
        return { value: run() };
      } catch (err) {
        if (!(err instanceof ValidationError)) throw err;
        return { errors: err.errors ?? {} };
      }
    };
    for (let i = 0; i < 400; i++) {
      const query: Record<string, unknown> = {};
      for (const name of names) if (rng.next() < 0.25) query[name] = rng.pick(values[name]!);
      const flat = Object.fromEntries(Object.entries(query).map(([k, v]) => [k.replace(/\[\]$/, ''), v]));
      const whole = outcome(() => validateQuery(searchQuerySchema, flat));
      const picked = outcome(() => parseSearchParams(query));
      const label = JSON.stringify(query);
      if ('value' in whole && 'value' in picked) {
        const value = picked.value as Record<string, unknown>;
        const schemaPart = Object.fromEntries(Object.keys(searchQuerySchema.fields).map((k) => [k, value[k]]));
        expect(schemaPart, label).to.deep.equal(whole.value);
      } else if ('errors' in whole && 'errors' in picked) {
        // the whole schema's errors, and possibly more of the checks across parameters (sort_by, ranges)
        for (const [field, messages] of Object.entries(whole.errors)) expect(picked.errors[field], label).to.deep.equal(messages);
      } else if ('value' in whole && 'errors' in picked) {
        // valid parameter by parameter, refused by a check across them (rent limits on a sale search)
        for (const field of Object.keys(picked.errors)) expect(ACROSS, label).to.include(field);
      } else {
        expect.fail(`${label}: ${JSON.stringify(whole)} against ${JSON.stringify(picked)}`);
      }
    }
  });
});
