import { expect } from 'chai';
import { listingByKeyRequest, liveOnPortalCountRequest } from '../../src/listing-index/listing-page-requests.ts';
import { homeFeaturedRequest } from '../../src/listing-index/featured-requests.ts';
import { recommendationNarrowing, similarListingsRequest, type SimilarTo } from '../../src/listing-index/similar-request.ts';
import { areaListingsRequest } from '../../src/listing-index/area-listings-request.ts';
import { priceRangeRequest, readPriceRange } from '../../src/listing-index/price-range-request.ts';
import { liveDocumentsByIdsRequest, liveItemsByIdsRequest, presentedItemsMget, storedItemsMget } from '../../src/listing-index/by-ids-requests.ts';
import { marketplacePageRequest } from '../../src/listing-index/marketplace-request.ts';
import { LISTING_RESULT_WINDOW } from '../../src/search/result-window.ts';
import type { CustomerValues } from '../../src/eligibility/eligibility-rules.ts';

const NOW = new Date('2025-03-04T10:15:42.123Z');
// the live-listing rule, as every read of live listings filters by it (no time in it)
const LIVE = [{ term: { live: true } }];
const ON_PORTAL_2 = { bool: { should: [{ term: { allPortals: true } }, { term: { portalIds: 2 } }], minimum_should_match: 1 } };
const ITEM_ONLY = { _source: false, stored_fields: ['item', 'itemFacts'] };

describe('listing index: reads of listing pages, featured, similar and area listings', () => {
  it('reads a listing by id or slug, whatever its state, and counts it live on the portal', () => {
    expect(listingByKeyRequest({ id: 9 })).to.deep.equal({ size: 1, version: true, query: { bool: { filter: [{ term: { id: 9 } }] } } });
    expect(listingByKeyRequest({ slug: 'x-9' })).to.deep.equal({ size: 1, version: true, query: { bool: { filter: [{ term: { slug: 'x-9' } }] } } });
    expect(liveOnPortalCountRequest(9, 2)).to.deep.equal({ query: { bool: { filter: [{ term: { id: 9 } }, ...LIVE, ON_PORTAL_2] } } });
  });

  it('reads the home page\'s featured listings in an order seeded by the hour', () => {
    expect(homeFeaturedRequest(6, 2, NOW)).to.deep.equal({
      size: 6,
      query: {
        function_score: {
          query: { bool: { filter: [...LIVE, ON_PORTAL_2, { term: { displayAs: 'featured' } }] } },
          functions: [{ random_score: { seed: Math.floor(NOW.getTime() / 3_600_000), field: '_seq_no' } }],
          boost_mode: 'replace',
        },
      },
      ...ITEM_ONLY,
    });
  });

  const doc: SimilarTo = { id: 40, forSale: true, minFullMarketPrice: 200_000, minMonthlyRent: null, location: { lat: 53.8, lon: -1.55 }, bedrooms: [2, 3] };

  it('reads similar listings: same occupancy, within 50 miles, scored by distance and price, never the listing itself', () => {
    expect(similarListingsRequest(doc, 4, 2)).to.deep.equal({
      size: 4,
      query: {
        function_score: {
          query: {
            bool: {
              filter: [...LIVE, ON_PORTAL_2, { term: { forSale: true } }, { geo_distance: { distance: '50mi', location: { lat: 53.8, lon: -1.55 } } }],
              must_not: [{ term: { id: 40 } }],
              should: [{ terms: { bedrooms: [2, 3] } }],
            },
          },
          functions: [
            { gauss: { location: { origin: { lat: 53.8, lon: -1.55 }, scale: '5mi', offset: '1mi', decay: 0.5 } }, weight: 3 },
            { gauss: { minFullMarketPrice: { origin: 200_000, scale: 50_000, decay: 0.5 } }, weight: 2 },
          ],
          score_mode: 'sum',
          boost_mode: 'sum',
        },
      },
      ...ITEM_ONLY,
    });
  });

  it('scores a rental without a rent by distance alone, and adds the caller\'s narrowing', () => {
    const rental: SimilarTo = { ...doc, forSale: false, minFullMarketPrice: null, minMonthlyRent: null };
    const narrowed = similarListingsRequest(rental, 4, 2, { filter: [{ term: { a: 1 } }], must_not: [{ term: { b: 2 } }] }) as any;
    const bool = narrowed.query.function_score.query.bool;
    expect(bool.filter).to.deep.equal([...LIVE, ON_PORTAL_2, { term: { forSale: false } }, { geo_distance: { distance: '50mi', location: { lat: 53.8, lon: -1.55 } } }, { term: { a: 1 } }]);
    expect(bool.must_not).to.deep.equal([{ term: { id: 40 } }, { term: { b: 2 } }]);
    expect(narrowed.query.function_score.functions).to.have.length(1);
  });

  it('narrows recommendations to the listings the customer is eligible for and has not applied for', () => {
    const values: CustomerValues = { annualHouseholdIncome: 40_000, eligibleCitizen: null, homeOwnershipStatus: null, age: null, homeLocalAuthorityId: null, workLocalAuthorityId: null, livesOrWorksInLondon: null, deposit: null };
    expect(recommendationNarrowing(values, '2025-03-04', [7, 8])).to.deep.equal({
      filter: [],
      must_not: [{ range: { 'eligibility.maxHouseholdIncome': { lt: 40_000 } } }, { terms: { id: [7, 8] } }],
    });
  });

  it('reads an area page\'s listings: its scheme and area, featured, then premium, then newest', () => {
    expect(areaListingsRequest({ schemeSlug: 'shared-ownership', area: { type: 'county', id: 11 } }, 12, 2)).to.deep.equal({
      size: 12,
      query: {
        function_score: {
          query: { bool: { filter: [...LIVE, ON_PORTAL_2, { term: { schemes: 'shared-ownership' } }, { term: { countyId: 11 } }] } },
          functions: [
            { filter: { term: { displayAs: 'featured' } }, weight: 3 },
            { filter: { term: { displayAs: 'premium' } }, weight: 2 },
          ],
          score_mode: 'max',
          boost_mode: 'replace',
        },
      },
      sort: [{ _score: 'desc' }, { createdAt: 'desc' }, { id: 'desc' }],
      ...ITEM_ONLY,
    });
  });

  it('reads a price range over live listings\' properties', () => {
    expect(priceRangeRequest('monthlyRent')).to.deep.equal({
      size: 0,
      query: { bool: { filter: LIVE } },
      aggs: { props: { nested: { path: 'properties' }, aggs: { min: { min: { field: 'properties.monthlyRent' } }, max: { max: { field: 'properties.monthlyRent' } } } } },
    });
    expect(readPriceRange({ props: { doc_count: 3, min: { value: 500 }, max: { value: null } } })).to.deep.equal({ min: 500, max: null });
  });
});

describe('listing index: reads by ids and the marketplace pull', () => {
  it('reads the live ones among given listings as items (favourites, alert e-mails) or whole documents (applications)', () => {
    expect(liveItemsByIdsRequest([4, 5])).to.deep.equal({ size: 2, query: { bool: { filter: [{ ids: { values: ['4', '5'] } }, ...LIVE] } }, ...ITEM_ONLY });
    expect(liveDocumentsByIdsRequest([4])).to.deep.equal({ size: 1, version: true, query: { bool: { filter: [{ ids: { values: ['4'] } }, ...LIVE] } } });
  });

  it('fetches items by id whatever their state (mget)', () => {
    expect(presentedItemsMget([4, 5])).to.deep.equal({ ids: ['4', '5'], _source: false, stored_fields: ['itemPieces', 'itemPartners', 'itemFacts'] });
    expect(storedItemsMget(['4'])).to.deep.equal({ ids: ['4'], ...ITEM_ONLY });
  });

  it('pulls a page of every live listing by id, with the total, within the result window', () => {
    expect(marketplacePageRequest(40, 20)).to.deep.equal({ from: 40, size: 20, track_total_hits: true, query: { bool: { filter: LIVE } }, sort: [{ id: 'asc' }], version: true, ...ITEM_ONLY, _source: ['view.listing.singleProperty', 'view.properties'] });
    expect(marketplacePageRequest(LISTING_RESULT_WINDOW, 20)).to.include({ from: 0, size: 0 });
  });
});
