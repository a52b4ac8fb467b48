import { expect } from 'chai';
import { multiSearchBody, type SearchPlan } from '../../src/listing-search/search-request.ts';
import { countsRequest, readFacets, type OptionCatalogue } from '../../src/listing-search/facet-aggregations.ts';
import type { SearchFilters } from '../../src/listing-search/search-filters.ts';
import type { SearchParams } from '../../src/listing-search/search-params.ts';

describe('multi-search body', () => {
  it("writes the plan's requests in answer order, leaving out those not planned; the counts and the featured pool ask for the shard request cache", () => {
    const plan = {
      main: { size: 20 },
      counts: { size: 0 },
      map: { size: 1000 },
      featuredPool: { size: 200 },
      featuredItems: { size: 4 },
      featuredPerPage: 2,
      full: true,
    } as SearchPlan;
    expect(multiSearchBody(plan)).to.equal(
      '{}\n{"size":20}\n{"request_cache":true}\n{"size":0}\n{"request_cache":true}\n{"size":200}\n{}\n{"size":4}\n',
    );
    expect(multiSearchBody({ ...plan, counts: null, featuredPool: null, featuredItems: null })).to.equal('{}\n{"size":20}\n');
  });
});

describe('counts request', () => {
  const toRent = { occupancy_type: 'to-rent' } as SearchParams;
  const live = { term: { forSale: false } };
  const ownScheme = { terms: { schemes: ['shared-ownership'] } };
  const twoBeds = { terms: { 'properties.bedrooms': [2] } };
  const nested = (clauses: object[]) => ({ nested: { path: 'properties', query: { bool: { filter: clauses } } } });
  const pass = (clauses: object[], aggs: Record<string, object>) => ({
    nested: { path: 'properties' },
    aggs: { matching: { filter: clauses.length ? { bool: { filter: clauses } } : { match_all: {} }, aggs } },
  });
  const ranges = (field: string) => ({
    range: {
      field,
      keyed: true,
      // disjoint bands: up to 250, then above each option up to the next
      ranges: Array.from({ length: 20 }, (_, i) => ({ key: String(250 * (i + 1)), ...(i ? { from: 250 * i + 0.005 } : {}), to: 250 * (i + 1) + 0.005 })),
    },
  });
  const terms = (field: string) => ({ terms: { field, size: 50 } });
  const everyFacet = (except: string[]) =>
    Object.fromEntries(
      (
        [
          ['schemes', terms('properties.schemes')],
          ['status', terms('properties.availabilityStatus')],
          ['types', terms('properties.propertyTypeGroup')],
          ['bedrooms', terms('properties.bedrooms')],
          ['bathrooms', terms('properties.bathrooms')],
          ['new_homes', terms('properties.newBuild')],
          ['max_monthly_rent', ranges('properties.monthlyRent')],
          ['epc_bands', terms('properties.epcBand')],
          ['council_tax_bands', terms('properties.councilTaxBand')],
          ['parking', terms('properties.parking')],
          ['other_features', terms('properties.features')],
        ] as [string, object][]
      ).filter(([name]) => !except.includes(name)),
    );

  it('without a selection, counts every facet, listing-level ones by their copies on the properties, in one nested pass beside the query', () => {
    const f: SearchFilters = { listing: [{ facet: null, clause: live }], property: [], mustNot: [] };
    const mapAggs = { _mapCount: { value_count: { field: 'mapDigest' } } };
    expect(countsRequest(toRent, f, true, mapAggs)).to.deep.equal({
      query: { bool: { filter: [live], must_not: [] } },
      aggs: { ...mapAggs, _properties: pass([], everyFacet([])) },
    });
  });

  it("with selections, counts each selected facet in a nested pass of its own under the others' selections, and the rest in one pass under the whole search", () => {
    const f: SearchFilters = {
      listing: [
        { facet: null, clause: live },
        { facet: 'schemes', clause: ownScheme },
      ],
      property: [{ facet: 'bedrooms', clause: twoBeds }],
      mustNot: [],
    };
    const whole = { bool: { filter: [live, ownScheme, nested([twoBeds])], must_not: [] } };
    expect(countsRequest(toRent, f, true, {})).to.deep.equal({
      query: { bool: { filter: [live], must_not: [] } },
      aggs: {
        schemes: {
          filter: { bool: { filter: [live, nested([twoBeds])], must_not: [] } },
          aggs: { props: pass([twoBeds], { values: terms('properties.schemes') }) },
        },
        bedrooms: {
          filter: { bool: { filter: [live, ownScheme], must_not: [] } },
          aggs: { props: pass([], { values: terms('properties.bedrooms') }) },
        },
        _matches: { filter: whole, aggs: { _properties: pass([twoBeds], everyFacet(['schemes', 'bedrooms'])) } },
      },
    });
  });
});

describe('facets read from the counts', () => {
  const catalogue: OptionCatalogue = { options: () => [], text: (_facet, value) => String(value) };
  const toRent = { occupancy_type: 'to-rent' } as SearchParams;
  const byParam = (facets: ReturnType<typeof readFacets>) =>
    Object.fromEntries(facets.map((f) => [f.param, f.options.map((o) => [o.value, o.count])]));

  it("reads the shared pass (booleans by key_as_string, price bands by key, added up) and a selected facet's own pass", () => {
    const aggregations = {
      bedrooms: {
        doc_count: 4,
        props: {
          doc_count: 30,
          matching: {
            doc_count: 12,
            values: {
              buckets: [
                { key: 3, doc_count: 5 },
                { key: 1, doc_count: 7 },
              ],
            },
          },
        },
      },
      _matches: {
        doc_count: 3,
        _properties: {
          doc_count: 30,
          matching: {
            doc_count: 7,
            schemes: { buckets: [{ key: 'shared-ownership', doc_count: 6 }] },
            new_homes: {
              buckets: [
                { key: 1, key_as_string: 'true', doc_count: 4 },
                { key: 0, key_as_string: 'false', doc_count: 3 },
              ],
            },
            max_monthly_rent: { buckets: { '250': { doc_count: 1 }, '500': { doc_count: 2 }, '750': { doc_count: 0 }, '1000': { doc_count: 3 } } },
          },
        },
      },
    };
    const facets = byParam(readFacets(toRent, aggregations, catalogue));
    expect(facets.bedrooms).to.deep.equal([
      [1, 7],
      [3, 5],
    ]);
    expect(facets.schemes).to.deep.equal([['shared-ownership', 6]]);
    expect(facets.new_homes).to.deep.equal([
      ['new-build', 4],
      ['resale', 3],
    ]);
    // each option counts its band and every band below it
    expect(facets.max_monthly_rent!.slice(0, 5)).to.deep.equal([
      [250, 1],
      [500, 3],
      [750, 3],
      [1000, 6],
      [1250, 6],
    ]);
    expect(facets.parking).to.deep.equal([]);
  });
});
