import { expect } from 'chai';
import { liveListingClauses, portalClause } from '../../src/listing-index/live-listing.ts';
import { areaClause, FEATURED_CLAUSE, forSaleClause, idClause, idsClause, idTermsClause, partnerClause, schemesClause, slugClause } from '../../src/listing-index/listing-clauses.ts';
import { inPolygonClause, inRectClause, withinMilesClause } from '../../src/listing-index/geo-clauses.ts';
import { rangeClause, reducedSinceClause, withPropertyMatching } from '../../src/listing-index/property-clauses.ts';
import { IN_POOL, poolHasClause } from '../../src/listing-index/pool-clauses.ts';
import { sortPlan } from '../../src/listing-index/search-sort.ts';
import { priceOrder } from '../../src/listing-index/price-order.ts';
import { parseSearchParams, type SearchParams } from '../../src/search-criteria/search-params.ts';


describe('listing index: clauses', () => {
  it('writes the live-listing rule once, as the stored field the state job keeps: no time in it', () => {
    expect(liveListingClauses()).to.deep.equal([{ term: { live: true } }]);
  });

  it('shows a listing on a portal when it names no portal or names this one', () => {
    expect(portalClause(7)).to.deep.equal({ bool: { should: [{ term: { allPortals: true } }, { term: { portalIds: 7 } }], minimum_should_match: 1 } });
  });

  it('names listings by document id, id field, slug; by display, occupancy, scheme, partner and area', () => {
    expect(idsClause([3, 12])).to.deep.equal({ ids: { values: ['3', '12'] } });
    expect(idTermsClause([3, 12])).to.deep.equal({ terms: { id: [3, 12] } });
    expect(idClause(5)).to.deep.equal({ term: { id: 5 } });
    expect(slugClause('a-b')).to.deep.equal({ term: { slug: 'a-b' } });
    expect(FEATURED_CLAUSE).to.deep.equal({ term: { displayAs: 'featured' } });
    expect(forSaleClause(false)).to.deep.equal({ term: { forSale: false } });
    expect(schemesClause(['so', 'rtb'])).to.deep.equal({ terms: { schemes: ['so', 'rtb'] } });
    expect(partnerClause('zed')).to.deep.equal({ term: { partnerSources: 'zed' } });
    expect(areaClause('region', 1)).to.deep.equal({ term: { regionId: 1 } });
    expect(areaClause('county', 2)).to.deep.equal({ term: { countyId: 2 } });
    expect(areaClause('local_authority', 3)).to.deep.equal({ term: { localAuthorityId: 3 } });
  });

  it('places a listing in a rectangle, a polygon or a distance', () => {
    expect(inRectClause({ north: 54, south: 53, west: -2, east: -1 })).to.deep.equal({
      geo_bounding_box: { location: { top_left: { lat: 54, lon: -2 }, bottom_right: { lat: 53, lon: -1 } } },
    });
    const ring = [[-1, 53], [-1, 54], [-2, 54], [-1, 53]];
    expect(inPolygonClause(ring)).to.deep.equal({ geo_shape: { location: { shape: { type: 'polygon', coordinates: [ring] }, relation: 'intersects' } } });
    expect(withinMilesClause(12, { lat: 51.5, lon: -0.1 })).to.deep.equal({ geo_distance: { distance: '12mi', location: { lat: 51.5, lon: -0.1 } } });
  });

  it('writes ranges with the bounds given, none without either', () => {
    expect(rangeClause('properties.bedrooms', 2, 4)).to.deep.equal({ range: { 'properties.bedrooms': { gte: 2, lte: 4 } } });
    expect(rangeClause('properties.monthlyRent', null, 900)).to.deep.equal({ range: { 'properties.monthlyRent': { lte: 900 } } });
    expect(rangeClause('properties.depositValue', 0, null)).to.deep.equal({ range: { 'properties.depositValue': { gte: 0 } } });
    expect(rangeClause('properties.floorArea', null, null)).to.equal(null);
    expect(reducedSinceClause('2025-02-01')).to.deep.equal({ range: { 'properties.priceReducedOn': { gte: '2025-02-01' } } });
  });

  it('asks for a property matching every clause, with its inner hits when wanted', () => {
    const clause = { term: { 'properties.bedrooms': 2 } };
    expect(withPropertyMatching([clause])).to.deep.equal({ nested: { path: 'properties', query: { bool: { filter: [clause] } } } });
    expect(withPropertyMatching([clause], { size: 1 })).to.deep.equal({ nested: { path: 'properties', query: { bool: { filter: [clause] } }, inner_hits: { size: 1 } } });
  });

  describe("the money filters on a listing's pool", () => {
    const cheap = { range: { 'properties.monthlyCost': { lte: 900 } } };
    const twoBeds = { terms: { 'properties.bedrooms': [2] } };
    const nested = (clauses: object[]) => ({ nested: { path: 'properties', query: { bool: { filter: clauses } } } });
    const rank = (r: number) => ({ term: { 'properties.availabilityRank': r } });
    const better = (r: number) => ({ range: { 'properties.availabilityRank': { lt: r } } });

    it('without property filters, one nested clause on the properties of its own pool', () => {
      expect(IN_POOL).to.deep.equal({ term: { 'properties.inPool': true } });
      expect(poolHasClause([], [cheap])).to.deep.equal(nested([IN_POOL, cheap]));
    });

    it('with them, per availability rank: a matching home of that rank within the filters, and no matching home of a better rank', () => {
      expect(poolHasClause([twoBeds], [cheap])).to.deep.equal({
        bool: {
          should: [
            nested([twoBeds, rank(0), cheap]),
            ...[1, 2, 3].map((r) => ({ bool: { filter: [nested([twoBeds, rank(r), cheap])], must_not: [nested([twoBeds, better(r)])] } })),
          ],
          minimum_should_match: 1,
        },
      });
    });

    it('asks only about the availabilities the status filter allows, and needs no rank with one', () => {
      const underOfferOrSold = { terms: { 'properties.availabilityStatus': ['closed', 'under-offer'] } };
      expect(poolHasClause([underOfferOrSold], [cheap])).to.deep.equal({
        bool: {
          should: [nested([underOfferOrSold, rank(2), cheap]), { bool: { filter: [nested([underOfferOrSold, rank(3), cheap])], must_not: [nested([underOfferOrSold, better(3)])] } }],
          minimum_should_match: 1,
        },
      });
      const sold = { terms: { 'properties.availabilityStatus': ['closed'] } };
      expect(poolHasClause([sold, twoBeds], [cheap])).to.deep.equal(nested([sold, twoBeds, cheap]));
    });
  });

  describe("the monthly-cost sort, by the pool's lowest cost (the item's monthlyCostFrom)", () => {
    const p = parseSearchParams({ sort_by: 'monthly-cost-low-high' }) as SearchParams;
    const centre = { lat: 53.8, lng: -1.55 };
    it("without property filters, a nested sort over the listing's own pool", () => {
      expect(sortPlan(p, centre, [], null)).to.deep.equal({
        should: [],
        sort: [{ 'properties.monthlyCost': { order: 'asc', mode: 'min', missing: '_last', nested: { path: 'properties', filter: IN_POOL } } }, { id: { order: 'asc' } }],
      });
    });
    it("with them, by score as the price sorts, over the matching homes' best rank", () => {
      const twoBeds = { terms: { 'properties.bedrooms': [2] } };
      expect(sortPlan(p, centre, [twoBeds], null)).to.deep.equal(priceOrder('properties.monthlyCost', 'asc', [twoBeds], null));
    });
  });
});
