import { expect } from 'chai';
import { loadIndexDefinition } from '../../src/search/index-manager.ts';
import {
  ELIGIBILITY_FIELD_KINDS,
  PROPERTY_FIELD_KINDS,
  listingPredicate,
  prepareListing,
} from '../../src/listing-index/predicate/listing-predicate.ts';
import { parseSearchParams } from '../../src/search-criteria/search-params.ts';

const now = new Date('2026-11-24T10:00:30Z');
const rect = { north: 53.9, south: 53.7, east: -1.4, west: -1.7 };
const ctx = { portalId: 1, allowedExtraFilters: [], eligibility: null };
const listing = (o: Record<string, unknown> = {}) =>
  prepareListing(
    {
      live: true,
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
    // read by the search's headline inner hit (search-request.ts), or counted by the facets (a copy of the
    // listing's schemes, which the filters read on the listing; the facet tokens), never by a filter of the properties
    const neverFiltered = ['itemHeadline', 'schemes', 'facetTokens'];
    const filterable = Object.entries(fields.properties!.properties!).filter(([k]) => !neverFiltered.includes(k));
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
    expect(predicate.test(listing({ live: false }), ctx)).to.equal(false);
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

  it('takes reduced_only as a clause on the homes: one reduced within 30 days of the day judged, among those the other filters match', () => {
    // 30 days before 2026-11-24 (UK) is 2026-10-25
    const reducedOnly = listingPredicate(parseSearchParams({ reduced_only: '1' }), rect);
    const twoBedReduced = listingPredicate(parseSearchParams({ reduced_only: '1', 'bedrooms[]': '2' }), rect);
    const homes = (twoBed: string | null, threeBed: string | null) =>
      listing({ priceReducedOn: threeBed, properties: [{ bedrooms: 2, priceReducedOn: twoBed }, { bedrooms: 3, priceReducedOn: threeBed }] });
    expect(reducedOnly.test(homes(null, '2026-10-25'), ctx)).to.equal(true);
    expect(reducedOnly.test(homes(null, '2026-10-24'), ctx)).to.equal(false);
    // the listing's own reduction (its headline's, the 3-bedroom home here) does not count for a 2-bedroom search
    expect(twoBedReduced.test(homes(null, '2026-11-20'), ctx)).to.equal(false);
    expect(twoBedReduced.test(homes('2026-11-20', null), ctx)).to.equal(true);
    // the window moves on with the day judged, for a predicate compiled once
    const later = prepareListing({ live: true, allPortals: true, forSale: true, location: { lat: 53.8, lon: -1.55 }, properties: [{ bedrooms: 2, priceReducedOn: '2026-11-20' }] }, new Date('2026-12-25T10:00:00Z'));
    expect(twoBedReduced.test(later, ctx)).to.equal(false);
    // a value that is no day is left to the engine
    expect(reducedOnly.test(listing({ properties: [{ bedrooms: 2, priceReducedOn: 'last week' }] }), ctx)).to.equal(undefined);
  });
});
