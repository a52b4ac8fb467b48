import { expect } from 'chai';
import { mapListingsByIdsRequest, mapListingsRequest } from '../../src/listing-index/map-requests.ts';
import { featuredItemsRequest, featuredMatchesQuery, featuredPoolRequest } from '../../src/listing-index/featured-requests.ts';
import { alertListingsRequest, namedQueriesOnListingRequest } from '../../src/listing-index/alert-requests.ts';

const LIVE = [{ term: { live: true } }];
const QUERY = { bool: { filter: [{ term: { forSale: true } }], must_not: [] } };

describe('listing index: a search\'s map and featured requests', () => {
  it('asks for ids and digests of up to the limit of matches, in index order, with their fingerprint', () => {
    expect(mapListingsRequest(QUERY, 1000)).to.deep.equal({
      query: QUERY,
      size: 1000,
      sort: ['_doc'],
      track_total_hits: false,
      _source: false,
      stored_fields: '_none_',
      docvalue_fields: ['id', 'mapDigest'],
      aggs: { _mapCount: { value_count: { field: 'mapDigest' } }, _mapSum: { sum: { field: 'mapDigest' } } },
    });
  });

  it('fetches the map fields of listings by id, per payload', () => {
    expect(mapListingsByIdsRequest([3, 4], 'basic')).to.deep.equal({
      size: 2,
      query: { bool: { filter: [{ terms: { id: [3, 4] } }] } },
      _source: false,
      stored_fields: '_none_',
      docvalue_fields: ['id', 'name.raw', 'slug', 'schemes', 'latitude', 'longitude', 'mapDigest'],
    });
    expect((mapListingsByIdsRequest([3], 'extended') as { docvalue_fields: string[] }).docvalue_fields).to.include.members(['minMonthlyRent', 'displayAs', 'mapDigest']);
  });

  it('reads the featured matches: their ids as the pool, and a window of their presented items, by id', () => {
    const featured = featuredMatchesQuery(QUERY);
    expect(featured).to.deep.equal({ bool: { filter: [QUERY, { term: { displayAs: 'featured' } }] } });
    expect(featuredPoolRequest(featured, 200)).to.deep.equal({ query: featured, size: 200, sort: [{ id: { order: 'asc' } }], _source: false, stored_fields: '_none_', docvalue_fields: ['id'] });
    expect(featuredItemsRequest(featured, 8, 4)).to.deep.equal({
      query: featured,
      from: 8,
      size: 4,
      sort: [{ id: { order: 'asc' } }],
      _source: false,
      stored_fields: ['itemPieces', 'itemPartners', 'itemFacts'],
    });
  });
});

describe('listing index: alert matching\'s requests', () => {
  it('reads the live listings of a batch with the source fields the predicates read', () => {
    expect(alertListingsRequest([8, 9], ['published', 'location'])).to.deep.equal({
      size: 2,
      _source: ['published', 'location'],
      query: { bool: { filter: [{ ids: { values: ['8', '9'] } }, ...LIVE] } },
    });
  });

  it('judges one listing against named queries, each under its name', () => {
    const other = { bool: { filter: [{ term: { forSale: false } }] } };
    expect(namedQueriesOnListingRequest(8, [{ name: '0', query: QUERY }, { name: '1', query: other }])).to.deep.equal({
      size: 1,
      _source: false,
      query: {
        bool: {
          filter: [{ ids: { values: ['8'] } }],
          should: [
            { bool: { filter: [QUERY], _name: '0' } },
            { bool: { filter: [other], _name: '1' } },
          ],
          minimum_should_match: 1,
        },
      },
    });
  });
});
