import { expect } from 'chai';
import { multiSearchBody, type SearchPlan } from '../../src/listing-index/search-request.ts';
import { countsRequest } from '../../src/listing-index/facet-counts.ts';
import { readFacets, type OptionCatalogue } from '../../src/listing-search/search-facets.ts';
import type { SearchFilters } from '../../src/listing-index/search-filters.ts';
import type { SearchScope } from '../../src/listing-index/index-footprint.ts';
import type { SearchParams } from '../../src/search-criteria/search-params.ts';

const ANYWHERE: SearchScope = { forSale: false, where: { rect: { north: 61, south: 49, east: 2, west: -9 } } };

describe('multi-search body', () => {
  it("writes the plan's requests in answer order, leaving out those not planned; the page, the counts and the featured pool ask for the shard request cache", () => {
    const plan = {
      main: { size: 20 },
      counts: { size: 0 },
      map: { size: 1000 },
      featuredPool: { size: 200 },
      featuredItems: { size: 4 },
      featuredPerPage: 2,
      full: true,
      scope: ANYWHERE,
    } as SearchPlan;
    expect(multiSearchBody(plan)).to.equal(
      '{"request_cache":true}\n{"size":20}\n{"request_cache":true}\n{"size":0}\n{"request_cache":true}\n{"size":200}\n{}\n{"size":4}\n',
    );
    expect(multiSearchBody({ ...plan, counts: null, featuredPool: null, featuredItems: null })).to.equal('{"request_cache":true}\n{"size":20}\n');
  });
});

describe('counts request', () => {
  const toRent = { occupancy_type: 'to-rent' } as SearchParams;
  const live = { term: { forSale: false } };
  const ownScheme = { terms: { schemes: ['shared-ownership'] } };
  const twoBeds = { terms: { 'properties.bedrooms': [2] } };
  const nested = (clauses: object[]) => ({ nested: { path: 'properties', query: { bool: { filter: clauses } } } });
  // a pass filters the properties only when some clause does: a filter of every property costs the engine
  const pass = (clauses: object[], aggs: Record<string, object>) => ({
    nested: { path: 'properties' },
    aggs: clauses.length ? { matching: { filter: { bool: { filter: clauses } }, aggs } } : aggs,
  });
  // every token of every facet, in an array the engine indexes by ordinal (no include); the reader picks
  const tokens = { terms: { field: 'properties.facetTokens', size: 10_000 } };

  it('without a selection, counts every facet by its tokens on the properties, in one terms aggregation of one nested pass beside the query', () => {
    const f: SearchFilters = { listing: [{ facet: null, clause: live }], property: [], money: [], mustNot: [], scope: ANYWHERE };
    const mapAggs = { _mapCount: { value_count: { field: 'mapDigest' } } };
    expect(countsRequest(toRent, f, true, mapAggs)).to.deep.equal({
      query: { bool: { filter: [live], must_not: [] } },
      aggs: { ...mapAggs, _properties: pass([], { tokens }) },
    });
  });

  it("with selections, counts each selected facet in a nested pass of its own under the others' selections, and the rest in one pass under the whole search", () => {
    const f: SearchFilters = {
      listing: [
        { facet: null, clause: live },
        { facet: 'schemes', clause: ownScheme },
      ],
      property: [{ facet: 'bedrooms', clause: twoBeds }],
      money: [],
      mustNot: [],
      scope: ANYWHERE,
    };
    const whole = { bool: { filter: [live, ownScheme, nested([twoBeds])], must_not: [] } };
    expect(countsRequest(toRent, f, true, {})).to.deep.equal({
      query: { bool: { filter: [live], must_not: [] } },
      aggs: {
        schemes: {
          filter: { bool: { filter: [live, nested([twoBeds])], must_not: [] } },
          aggs: { props: pass([twoBeds], { tokens }) },
        },
        bedrooms: {
          filter: { bool: { filter: [live, ownScheme], must_not: [] } },
          aggs: { props: pass([], { tokens }) },
        },
        _matches: { filter: whole, aggs: { _properties: pass([twoBeds], { tokens }) } },
      },
    });
  });
});

describe('facets read from the counts', () => {
  const catalogue: OptionCatalogue = { options: () => [], text: (_facet, value) => String(value) };
  const toRent = { occupancy_type: 'to-rent' } as SearchParams;
  const byParam = (facets: ReturnType<typeof readFacets>) =>
    Object.fromEntries(facets.map((f) => [f.param, f.options.map((o) => [o.value, o.count])]));

  it("reads the shared pass's tokens (price bands added up) and a selected facet's own pass, and keeps a dynamic facet's 50 most frequent values", () => {
    const bucket = (key: string, doc_count: number) => ({ key, doc_count });
    const parking = Array.from({ length: 60 }, (_, i) => bucket(`parking:space ${String(i).padStart(2, '0')}`, 100 - i));
    const aggregations = {
      bedrooms: {
        doc_count: 4,
        // its own pass counts every facet's tokens under the others' selections: only its own are its counts
        // (no property clause but its own: the pass has no filter)
        props: { doc_count: 30, tokens: { buckets: [bucket('schemes:shared-ownership', 9), bucket('bedrooms:1', 7), bucket('bedrooms:3', 5)] } },
      },
      _matches: {
        doc_count: 3,
        _properties: {
          doc_count: 30,
          matching: {
            doc_count: 7,
            tokens: {
              buckets: [
                bucket('schemes:shared-ownership', 6),
                bucket('new_homes:true', 4),
                bucket('max_monthly_rent:1000', 3),
                bucket('new_homes:false', 3),
                bucket('max_monthly_rent:500', 2),
                bucket('max_monthly_rent:250', 1),
                // a selected facet's tokens in the shared pass are not its counts
                bucket('bedrooms:2', 30),
                ...parking,
              ],
            },
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
    expect(facets.parking).to.have.length(50);
    expect(facets.parking![0]).to.deep.equal(['space 00', 100]);
    expect(facets.parking![49]).to.deep.equal(['space 49', 51]);
    expect(facets.other_features).to.deep.equal([]);
  });
});
