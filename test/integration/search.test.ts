import { expect } from 'chai';
import { api } from '../support/api.ts';
import { searchFixture, type SearchFixture } from '../support/search-fixture.ts';

const SEARCH = '/api/rest/portal/search';
type Item = { id: number; name: string; bedrooms: number[]; partnerName: string | null; displayAs: string };
const ids = (body: { data: Item[] }) => body.data.map((i) => i.id);
const facet = (body: { facets: { param: string; options: { value: unknown; count: number }[] }[] }, param: string) => body.facets.find((f) => f.param === param)!;
const count = (f: { options: { value: unknown; count: number }[] }, value: unknown) => f.options.find((o) => o.value === value)?.count;

describe('search', function () {
  this.timeout(60_000);
  let fx: SearchFixture;
  let L: SearchFixture['listings'];
  before(async () => {
    fx = await searchFixture();
    L = fx.listings;
  });
  const leeds = (query: Record<string, string | number | string[]> = {}) => api.get(SEARCH, { query: { location: 'Leeds', radius: 3, max_featured: 0, ...query } });

  describe('location', () => {
    it('finds the listings of a town within its rectangle and not elsewhere', async () => {
      const res = await leeds();
      expect(res.status).to.equal(200);
      expect(ids(res.body)).to.include.members([L.leedsSO!.id, L.leedsMarket!.id, L.leedsFirst!.id]);
      expect(ids(res.body)).to.not.include.members([L.bristolSO!.id, L.cardiffMarket!.id]);
      expect(res.body.clearLocation).to.equal(true);
      expect(res.body.center.lat).to.be.closeTo(53.8, 0.1);
      const { north, south } = res.body.rectBounds;
      expect(north).to.be.greaterThan(res.body.center.lat).and.lessThan(54.1);
      expect(south).to.be.lessThan(res.body.center.lat);
    });

    it('widens the rectangle by the radius in miles (0 = this area only)', async () => {
      const none = await api.get(SEARCH, { query: { location: 'LS2 7QJ', radius: 0, max_featured: 0 } });
      const wide = await api.get(SEARCH, { query: { location: 'LS2 7QJ', radius: 5, max_featured: 0 } });
      expect(ids(none.body)).to.have.members([L.leedsSO!.id]);
      expect(ids(wide.body)).to.include.members([L.leedsSO!.id, L.leedsMarket!.id, L.leedsFirst!.id]);
      const rb = wide.body.rectBounds;
      expect(rb.north - rb.south).to.be.closeTo((2 * 5) / 69, 0.01);
    });

    it('resolves postcode districts, local authorities, counties and regions', async () => {
      for (const location of ['LS6', 'West Yorkshire', 'Yorkshire and The Humber', 'Leeds, UK']) {
        const res = await api.get(SEARCH, { query: { location, radius: 0, max_featured: 0, size: 50 } });
        expect(res.body.clearLocation, location).to.equal(true);
        expect(ids(res.body), location).to.include(L.leedsMarket!.id);
      }
      const cardiff = await api.get(SEARCH, { query: { location: 'Cardiff', max_featured: 0 } });
      expect(ids(cardiff.body)).to.deep.equal([L.cardiffMarket!.id]);
    });

    it('falls back to the United Kingdom with clearLocation false for a place it cannot find', async () => {
      const query = { location: 'Atlantis Under The Sea', max_featured: 0, size: 100 };
      const res = await api.get(SEARCH, { query });
      expect(res.body.clearLocation).to.equal(false);
      expect(res.body.rectBounds.north).to.be.greaterThan(60);
      // every page: other tests' listings across the country come first by date
      const found = ids(res.body);
      for (let page = 2; page <= res.body.pagination.lastPage; page++) found.push(...ids((await api.get(SEARCH, { query: { ...query, page } })).body));
      expect(found).to.include.members([L.leedsSO!.id, L.cardiffMarket!.id]);
    });

    it('reuses an echoed centre and rectangle instead of resolving again', async () => {
      const res = await api.get(SEARCH, { query: { location: 'Bristol', lat: 51.48, lng: -3.18, north: 51.52, south: 51.45, east: -3.15, west: -3.3, max_featured: 0 } });
      expect(ids(res.body)).to.deep.equal([L.cardiffMarket!.id]);
      expect(res.body.center).to.deep.equal({ lat: 51.48, lng: -3.18 });
    });
  });

  describe('filters', () => {
    it('separates for-sale from to-rent', async () => {
      const rent = await leeds({ occupancy_type: 'to-rent' });
      expect(ids(rent.body)).to.have.members([L.leedsRent!.id, L.leedsRent2!.id]);
      expect(ids((await leeds()).body)).to.not.include(L.leedsRent!.id);
    });

    it('never shows unpublished listings', async () => {
      expect(ids((await leeds({ size: 50 })).body)).to.not.include(L.leedsDraft!.id);
    });

    it('filters by bedrooms and shows only the matching bedroom counts', async () => {
      const res = await leeds({ 'bedrooms[]': ['3'] });
      expect(ids(res.body)).to.deep.equal([L.leedsSO!.id]);
      expect(res.body.data[0].bedrooms).to.deep.equal([3]);
      const several = await leeds({ 'bedrooms[]': ['1', '4'] });
      expect(ids(several.body)).to.have.members([L.leedsSO!.id, L.leedsMarket!.id]);
    });

    it('filters by schemes, types, status and new homes', async () => {
      expect(ids((await leeds({ 'schemes[]': ['first-homes'] })).body)).to.deep.equal([L.leedsFirst!.id]);
      expect(ids((await leeds({ 'types[]': ['house'] })).body)).to.have.members([L.leedsSO!.id, L.leedsMarket!.id]);
      expect(ids((await leeds({ 'status[]': ['coming-soon'] })).body)).to.deep.equal([L.leedsSO!.id]);
      expect(ids((await leeds({ new_homes: 'resale' })).body)).to.deep.equal([L.leedsMarket!.id]);
    });

    it('filters by prices (facet and form filters) on the same property', async () => {
      expect(ids((await leeds({ max_full_value: 190000 })).body)).to.deep.equal([L.leedsSO!.id]);
      expect(ids((await leeds({ min_full_value: 400000 })).body)).to.deep.equal([L.leedsMarket!.id]);
      expect(ids((await leeds({ max_share_value: 50000 })).body)).to.deep.equal([L.leedsSO!.id]);
      expect(ids((await leeds({ max_deposit: 15000 })).body)).to.have.members([L.leedsSO!.id, L.leedsFirst!.id]);
      // a 4-bedroom property exists, and a property under 300k exists, but not one property that is both
      expect(ids((await leeds({ min_bedrooms: 4, max_full_value: 300000 })).body)).to.deep.equal([]);
      expect(ids((await leeds({ occupancy_type: 'to-rent', max_monthly_rent: 1000 })).body)).to.deep.equal([L.leedsRent!.id]);
      expect(ids((await leeds({ min_bathrooms: 2 })).body)).to.deep.equal([L.leedsMarket!.id]);
    });

    it('filters by the dynamic facets parking and other features', async () => {
      expect(ids((await leeds({ 'parking[]': ['Garage'] })).body)).to.deep.equal([L.leedsMarket!.id]);
      expect(ids((await leeds({ 'other_features[]': ['Garden'] })).body)).to.deep.equal([L.leedsSO!.id]);
    });

    it('applies extra filters only where the portal offers them', async () => {
      const portal1 = await leeds({ wheelchair_accesible: 'true' });
      expect(ids(portal1.body).length).to.be.greaterThan(1);
      const portal2 = await api.get(SEARCH, { query: { location: 'Leeds', wheelchair_accesible: 'true', max_featured: 0 }, headers: { 'Portal-Id': '2' } });
      expect(ids(portal2.body)).to.deep.equal([L.leedsMarket!.id]);
    });

    it('with eligible_only, leaves out listings the customer fails', async () => {
      const rich = await leeds({ eligible_only: '1', household_income: 60000, deposit: 30000 });
      expect(ids(rich.body)).to.include.members([L.leedsSO!.id, L.leedsMarket!.id]);
      expect(ids(rich.body)).to.not.include(L.leedsFirst!.id);
      // the savings not given are not £0 (PORTAL-EXTRAS §10): the decision does not fail on a deposit the listing
      // does not ask for, so both are kept, each considered and saying what the savings would tell
      const noSavings = await leeds({ eligible_only: '1', household_income: 60000 });
      expect(ids(noSavings.body)).to.include.members([L.leedsSO!.id, L.leedsMarket!.id]);
      for (const item of noSavings.body.data.filter((i: { id: number }) => [L.leedsSO!.id, L.leedsMarket!.id].includes(i.id)))
        expect(item.eligibility.status, JSON.stringify(item.eligibility)).to.not.equal('failed');
      const richer = await leeds({ eligible_only: 'yes', household_income: 90000, deposit: 30000 });
      expect(ids(richer.body)).to.deep.equal([L.leedsMarket!.id]);
      const poorDeposit = await leeds({ eligible_only: 'true', deposit: 5000 });
      expect(ids(poorDeposit.body)).to.not.include.members([L.leedsMarket!.id, L.leedsFirst!.id]);
      expect(ids((await leeds({ eligible_only: '0', household_income: 90000 })).body)).to.include(L.leedsFirst!.id);
    });
  });

  describe('facets', () => {
    it('lists static facets first, then dynamic ones, with multiValue as the parameter takes', async () => {
      const res = await leeds();
      expect(res.body.facets.map((f: { param: string }) => f.param)).to.deep.equal([
        'schemes',
        'status',
        'types',
        'bedrooms',
        'bathrooms',
        'new_homes',
        'max_full_value',
        'max_share_value',
        'max_deposit',
        'epc_bands',
        'council_tax_bands',
        'tenures',
        'parking',
        'other_features',
      ]);
      expect(facet(res.body, 'schemes').options.length).to.be.greaterThan(5);
      expect(res.body.facets.find((f: { param: string }) => f.param === 'new_homes').multiValue).to.equal(false);
      expect(res.body.facets.find((f: { param: string }) => f.param === 'bedrooms').multiValue).to.equal(true);
    });

    it('counts matching properties, each facet with the other facets applied but not itself', async () => {
      const all = await leeds();
      // properties for sale in Leeds: so1 so2 so3 ms1 ms2 fh1
      expect(count(facet(all.body, 'bedrooms'), 2)).to.equal(3);
      expect(count(facet(all.body, 'types'), 'house')).to.equal(2);
      expect(count(facet(all.body, 'schemes'), 'shared-ownership')).to.equal(3);
      expect(count(facet(all.body, 'new_homes'), 'resale')).to.equal(2);
      const twoBeds = await leeds({ 'bedrooms[]': ['2'] });
      expect(count(facet(twoBeds.body, 'bedrooms'), 3), 'own selection not applied').to.equal(1);
      expect(count(facet(twoBeds.body, 'types'), 'house'), 'other selections applied').to.equal(0);
      expect(count(facet(twoBeds.body, 'types'), 'flat')).to.equal(3);
      expect(count(facet(twoBeds.body, 'schemes'), 'market-sale')).to.equal(1);
    });

    // Leeds for sale: shared-ownership so1 (1 bed flat), so2 (2 bed flat), so3 (3 bed house); market-sale
    // ms1 (2 bed flat), ms2 (4 bed house); first-homes fh1 (2 bed flat)
    const options = (body: Parameters<typeof facet>[0], param: string) => Object.fromEntries(facet(body, param).options.map((o) => [String(o.value), o.count]));

    it('leaves a listing facet\'s own counts as they are without its selection, so a second value can be added', async () => {
      const all = await leeds();
      const one = await leeds({ 'schemes[]': ['shared-ownership'] });
      expect(options(one.body, 'schemes')).to.deep.equal(options(all.body, 'schemes'));
      expect(count(facet(one.body, 'schemes'), 'market-sale')).to.equal(2);
      expect(count(facet(one.body, 'schemes'), 'first-homes')).to.equal(1);
      // the selection narrows the other facets, the results and the map
      expect(count(facet(one.body, 'types'), 'house')).to.equal(1);
      expect(count(facet(one.body, 'types'), 'flat')).to.equal(2);
      expect(ids(one.body)).to.deep.equal([L.leedsSO!.id]);
      expect(one.body.pagination.total).to.equal(1);
      expect(one.body.mapListings.map((m: { id: number }) => m.id)).to.deep.equal([L.leedsSO!.id]);
      const two = await leeds({ 'schemes[]': ['shared-ownership', 'market-sale'] });
      expect(options(two.body, 'schemes')).to.deep.equal(options(all.body, 'schemes'));
      expect(two.body.pagination.total).to.equal(2);
    });

    it('leaves a property facet\'s own counts as they are without its selection, whatever the listing selections', async () => {
      const all = await leeds();
      const houses = await leeds({ 'types[]': ['house'] });
      expect(options(houses.body, 'types')).to.deep.equal(options(all.body, 'types'));
      expect(count(facet(houses.body, 'types'), 'flat')).to.equal(4);
      expect(count(facet(houses.body, 'schemes'), 'shared-ownership')).to.equal(1);
      expect(count(facet(houses.body, 'schemes'), 'first-homes')).to.equal(0);
      expect(count(facet(houses.body, 'bedrooms'), 4)).to.equal(1);
      expect(count(facet(houses.body, 'bedrooms'), 2)).to.equal(0);
      expect(houses.body.pagination.total).to.equal(2);
      const cheap = await leeds({ max_full_value: 250000 });
      expect(options(cheap.body, 'max_full_value')).to.deep.equal(options(all.body, 'max_full_value'));
      expect(count(facet(cheap.body, 'schemes'), 'shared-ownership')).to.equal(2);
    });

    it('counts each of two selected facets with the other\'s selection applied but not its own', async () => {
      const res = await leeds({ 'schemes[]': ['shared-ownership'], 'types[]': ['house'] });
      const schemes = await leeds({ 'types[]': ['house'] });
      const types = await leeds({ 'schemes[]': ['shared-ownership'] });
      expect(options(res.body, 'schemes')).to.deep.equal(options(schemes.body, 'schemes'));
      expect(options(res.body, 'types')).to.deep.equal(options(types.body, 'types'));
      expect(count(facet(res.body, 'schemes'), 'market-sale')).to.equal(1);
      expect(count(facet(res.body, 'types'), 'flat')).to.equal(2);
      // a facet nobody selected counts with both selections
      expect(options(res.body, 'bedrooms')).to.include({ 3: 1, 4: 0, 2: 0 });
      expect(ids(res.body)).to.deep.equal([L.leedsSO!.id]);
    });

    it('discretises price facets from a minimum to a maximum, each option counting 0 up to its value', async () => {
      const res = await leeds();
      const price = facet(res.body, 'max_full_value');
      expect(price.options[0]!.value).to.equal(50000);
      expect((price.options[1]!.value as number) - (price.options[0]!.value as number)).to.equal(50000);
      expect(count(price, 200000)).to.equal(2);
      expect(count(price, 250000)).to.equal(4);
      expect(count(price, 1000000)).to.equal(6);
    });

    it('offers dynamic options found in the data', async () => {
      const res = await leeds();
      expect(facet(res.body, 'parking').options.map((o) => o.value)).to.include.members(['Allocated space', 'Garage']);
    });
  });

  describe('sorting', () => {
    it('offers sort options with the default first, and sorts by the headline price of the matching properties', async () => {
      const res = await leeds({ sort_by: 'price-low-high' });
      expect(res.body.sortOptions[0].value).to.equal('newest');
      expect(ids(res.body)).to.deep.equal([L.leedsSO!.id, L.leedsFirst!.id, L.leedsMarket!.id]);
      // by the price each item shows (210,000, 200,000, 180,000), not by each listing's dearest home
      const desc = await leeds({ sort_by: 'price-high-low' });
      expect(ids(desc.body)).to.deep.equal([L.leedsMarket!.id, L.leedsFirst!.id, L.leedsSO!.id]);
      expect(desc.body.data.map((i: { fullMarketPrice: number }) => i.fullMarketPrice)).to.deep.equal([210000, 200000, 180000]);
      const twoBedAsc = await leeds({ sort_by: 'price-low-high', 'bedrooms[]': ['2'] });
      expect(ids(twoBedAsc.body)).to.deep.equal([L.leedsFirst!.id, L.leedsMarket!.id, L.leedsSO!.id]);
    });

    it('sorts by distance and by newest', async () => {
      const near = await api.get(SEARCH, { query: { location: 'LS11 5UU', radius: 10, sort_by: 'nearest', max_featured: 0 } });
      expect(ids(near.body)[0]).to.equal(L.leedsFirst!.id);
      const newest = await leeds();
      expect(ids(newest.body)).to.deep.equal([L.leedsFirst!.id, L.leedsMarket!.id, L.leedsSO!.id]);
    });

    it('puts the source partner\'s listings first whatever the sort, with the partner fields', async () => {
      const res = await leeds({ source: 'yorkshire-homes', sort_by: 'price-high-low' });
      expect(ids(res.body)[0]).to.equal(L.leedsSO!.id);
      expect(res.body.data[0].partnerName).to.be.a('string');
      expect(res.body.data[0].partnerImageUrl).to.contain('yorkshire-homes');
      expect(res.body.data[1].partnerName).to.equal(null);
      const unknown = await leeds({ source: 'nobody' });
      expect(unknown.body.data.every((i: Item) => i.partnerName === null)).to.equal(true);
    });
  });

  describe('featured listings, pages and portal settings', () => {
    it('puts featured listings first on every page, up to the portal setting, lowered by max_featured', async () => {
      // the most expensive first: the page's own listing (premium, at its natural place) is not featured
      const query = { location: 'Leeds', size: 1, sort_by: 'price-high-low' };
      const res = await api.get(SEARCH, { query });
      // portal 1 shows 2 featured per page; Leeds for sale has two featured listings
      expect(res.body.data.map((i: Item) => i.displayAs)).to.deep.equal(['featured', 'featured', 'premium']);
      expect(res.body.pagination.total).to.equal(3);
      const one = await api.get(SEARCH, { query: { ...query, max_featured: 1 } });
      expect(one.body.data).to.have.length(2);
      const more = await api.get(SEARCH, { query: { ...query, max_featured: 10 } });
      expect(more.body.data).to.have.length(3);
      // a featured listing already on the page is not repeated in the featured block
      const own = await api.get(SEARCH, { query: { location: 'Leeds', size: 1 } });
      expect(new Set(ids(own.body)).size).to.equal(own.body.data.length);
      const page2 = await api.get(SEARCH, { query: { location: 'Leeds', size: 1, page: 2 } });
      expect(page2.body.data[0].displayAs).to.equal('featured');
    });

    it('rotates featured listings across pages and never shows one twice on a page', async () => {
      const seen = new Set<number>();
      for (let page = 1; page <= 3; page++) {
        const res = await api.get(SEARCH, { query: { location: 'Leeds', size: 1, page, max_featured: 1 } });
        const pageIds = ids(res.body);
        expect(new Set(pageIds).size).to.equal(pageIds.length);
        seen.add(pageIds[0]!);
      }
      expect(seen.size).to.equal(2);
    });

    it('returns only data, pagination and links after the first page on the default portal', async () => {
      const res = await leeds({ size: 1, page: 2 });
      expect(res.body).to.have.keys('data', 'pagination', 'links');
      expect(res.body.pagination).to.deep.equal({ currentPage: 2, perPage: 1, from: 2, to: 2, total: 3, lastPage: 3 });
      expect(res.body.links.prev).to.contain('page=1');
      expect(res.body.links.next).to.contain('page=3').and.contain('location=Leeds');
    });

    it('follows portal 2: full envelope on later pages, extended map payload, its own listings', async () => {
      const res = await api.get(SEARCH, { query: { location: 'Bristol', size: 1, page: 2, max_featured: 0 }, headers: { 'Portal-Id': '2' } });
      expect(res.body).to.include.keys('facets', 'mapListings', 'center', 'sortOptions');
      const first = await api.get(SEARCH, { query: { location: 'Bristol', max_featured: 0 }, headers: { 'Portal-Id': '2' } });
      expect(ids(first.body)).to.deep.equal([L.bristolSO!.id]);
      expect(first.body.mapListings[0]).to.include.keys('mainImage', 'fullMarketPrice', 'availabilityStatus');
      const portal1 = await api.get(SEARCH, { query: { location: 'Bristol', max_featured: 0 } });
      expect(ids(portal1.body)).to.deep.equal([]);
    });

    it('gives the basic map payload on the default portal with every match', async () => {
      const res = await leeds();
      expect(res.body.mapListings.map((m: { id: number }) => m.id)).to.have.members([L.leedsSO!.id, L.leedsMarket!.id, L.leedsFirst!.id]);
      expect(res.body.mapListings[0]).to.have.keys('id', 'name', 'slug', 'schemes', 'latitude', 'longitude');
    });

    it('refuses an unknown portal or version with 422 naming the header', async () => {
      const portal = await api.get(SEARCH, { headers: { 'Portal-Id': '99' } });
      expect(portal.status).to.equal(422);
      expect(portal.body.errors).to.have.property('Portal-Id');
      const version = await api.get(SEARCH, { headers: { 'Accept-Version': '7' } });
      expect(version.status).to.equal(422);
      expect(version.body.errors).to.have.property('Accept-Version');
      expect((await api.get(SEARCH, { query: { location: 'Leeds' }, headers: { 'Accept-Version': '1' } })).status).to.equal(200);
    });

    it('refuses a Portal-Id beyond the ids\' range as an unknown portal, and a malformed one', async () => {
      for (const id of ['2147483648', '99999999999999999999999', '1.5', '-1', 'one']) {
        const res = await api.get(SEARCH, { headers: { 'Portal-Id': id } });
        expect(res.status, `Portal-Id ${id}`).to.equal(422);
        expect(res.body.errors).to.have.property('Portal-Id');
      }
      expect((await api.get(SEARCH, { query: { location: 'Bristol' }, headers: { 'Portal-Id': '2147483647' } })).status).to.equal(422);
    });

    it('gives an empty page beyond the last with no 404', async () => {
      const res = await leeds({ page: 50 });
      expect(res.status).to.equal(200);
      expect(res.body.data).to.deep.equal([]);
      expect(res.body.pagination).to.include({ from: 0, to: 0, total: 3, lastPage: 1 });
    });

    it('shows no featured listings beyond the last page, so that paging stops there', async () => {
      const last = await api.get(SEARCH, { query: { location: 'Leeds', size: 1, page: 3 } });
      expect(last.body.data.map((i: Item) => i.displayAs)).to.include('featured');
      const beyond = await api.get(SEARCH, { query: { location: 'Leeds', size: 1, page: 4 } });
      expect(beyond.status).to.equal(200);
      expect(beyond.body.data).to.deep.equal([]);
      expect(beyond.body.pagination).to.deep.equal({ currentPage: 4, perPage: 1, from: 0, to: 0, total: 3, lastPage: 3 });
      expect(beyond.body.links.next).to.equal(null);
      const portal2 = await api.get(SEARCH, { query: { location: 'Bristol', page: 2 }, headers: { 'Portal-Id': '2' } });
      expect(portal2.body.data).to.deep.equal([]);
    });

    it('gives an empty page however deep, past the engine\'s result window too', async () => {
      for (const page of ['20001', '8455025547918547353600']) {
        const res = await api.get(SEARCH, { query: { location: 'Leeds', page } });
        expect(res.status, `page ${page}`).to.equal(200);
        expect(res.body.data).to.deep.equal([]);
        expect(res.body.pagination).to.include({ currentPage: Number(page), from: 0, to: 0, total: 3, lastPage: 1 });
      }
      const size100 = await api.get(SEARCH, { query: { location: 'Leeds', page: 1999, size: 100 } });
      expect(size100.status).to.equal(200);
      expect(size100.body.data).to.deep.equal([]);
    });
  });

  describe('bad input', () => {
    it('answers 422 with an error per parameter', async () => {
      const res = await api.get(SEARCH, { query: { sort_by: 'cheapest', radius: -1, page: 0, max_full_value: 'lots', size: 1000, occupancy_type: 'to-buy' } });
      expect(res.status).to.equal(422);
      expect(res.body.errors).to.include.keys('sort_by', 'radius', 'page', 'max_full_value', 'size', 'occupancy_type');
    });

    it('refuses price filters of the other occupancy type and reversed ranges', async () => {
      const res = await api.get(SEARCH, { query: { occupancy_type: 'to-rent', max_full_value: 100000, min_bedrooms: 3, max_bedrooms: 1 } });
      expect(res.status).to.equal(422);
      expect(res.body.errors).to.include.keys('max_full_value', 'max_bedrooms');
      expect((await api.get(SEARCH, { query: { 'bedrooms[]': ['two'] } })).status).to.equal(422);
      expect((await api.get(SEARCH, { query: { eligible_only: 'maybe' } })).body.errors).to.have.property('eligible_only');
    });
  });
});
