import { expect } from 'chai';
import { loadIndexDefinition } from '../../src/search/index-manager.ts';
import {
  ELIGIBILITY_FIELD_KINDS,
  PROPERTY_FIELD_KINDS,
  listingPredicate,
  prepareListing,
} from '../../src/listing-search/listing-predicate.ts';
import { parseSearchParams } from '../../src/listing-search/search-params.ts';

const now = new Date('2026-11-24T10:00:30Z');
const rect = { north: 53.9, south: 53.7, east: -1.4, west: -1.7 };
const ctx = { portalId: 1, allowedExtraFilters: [], eligibility: null };
const listing = (o: Record<string, unknown> = {}) =>
  prepareListing(
    {
      published: true,
      withdrawn: false,
      publishAt: null,
      allPortals: true,
      portalIds: [],
      forSale: true,
      location: { lat: 53.8, lon: -1.55 },
      properties: [{ bedrooms: 2, fullMarketPrice: 200000, features: ['Garden'] }],
      ...o,
    },
    now,
  );

describe('the in-process listing predicate', () => {
  it('reads the fields with the types the mapping gives them', () => {
    const { mappings } = loadIndexDefinition('listings');
    const fields = mappings.properties as Record<string, { type?: string; properties?: Record<string, { type: string }> }>;
    // read by the search's headline inner hit (search-request.ts), never by a filter
    const headlineOnly = ['availabilityRank', 'itemPrices'];
    const filterable = Object.entries(fields.properties!.properties!).filter(([k]) => !headlineOnly.includes(k));
    expect(Object.fromEntries(filterable.map(([k, v]) => [k, v.type]))).to.deep.equal(PROPERTY_FIELD_KINDS);
    expect(Object.fromEntries(Object.entries(fields.eligibility!.properties!).map(([k, v]) => [k, v.type]))).to.deep.equal(
      ELIGIBILITY_FIELD_KINDS,
    );
  });

  it('decides plain cases', () => {
    const p = parseSearchParams({ max_full_value: '250000', 'bedrooms[]': '2' });
    const predicate = listingPredicate(p, rect);
    expect(predicate.test(listing(), ctx)).to.equal(true);
    expect(predicate.test(listing({ location: { lat: 54.1, lon: -1.55 } }), ctx)).to.equal(false);
    expect(predicate.test(listing({ properties: [{ bedrooms: 3, fullMarketPrice: 200000 }] }), ctx)).to.equal(false);
    expect(predicate.test(listing({ publishAt: '2026-11-24T10:01:00Z' }), ctx)).to.equal(false);
    expect(predicate.test(listing({ allPortals: false, portalIds: [2] }), ctx)).to.equal(false);
  });

  it('leaves to the engine what it would coerce, and points on an edge', () => {
    const predicate = listingPredicate(parseSearchParams({ max_full_value: '250000' }), rect);
    expect(predicate.test(listing({ properties: [{ fullMarketPrice: '200000' }] }), ctx)).to.equal(undefined);
    expect(predicate.test(listing({ location: { lat: 53.9, lon: -1.55 } }), ctx)).to.equal(undefined);
    expect(predicate.test(listing({ location: '53.8,-1.55' }), ctx)).to.equal(undefined);
    // ...but not what another clause already refuses
    expect(predicate.test(listing({ location: { lat: 53.9, lon: -1.55 }, forSale: false }), ctx)).to.equal(false);
  });
});
