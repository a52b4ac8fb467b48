// Conformance: listing search (Search response envelope, Pagination, Facet, Search query parameters,
// Search behaviour, Limits and Versioning of the specification). Ids in brackets: docs/conformance.md.
import { expect } from 'chai';
import { api } from '../support/api.ts';
import { bearer, passwordCustomer } from '../support/customers.ts';
import { searchFixture, type SearchFixture } from '../support/search-fixture.ts';

const SEARCH = '/api/rest/portal/search';
const MILES_PER_DEGREE_LAT = 69.05;
type Body = Record<string, any>;
const ids = (body: Body): number[] => body.data.map((i: { id: number }) => i.id);

describe('conformance: search', function () {
  this.timeout(60_000);
  let L: SearchFixture['listings'];
  before(async () => {
    L = (await searchFixture()).listings;
  });
  const search = (query: Record<string, string | number | (string | number)[]> = {}, headers: Record<string, string> = {}) =>
    api.get(SEARCH, { query, headers });

  it('[table:search-envelope] answers data, pagination, links, center, rectBounds, clearLocation, mapListings, facets and sortOptions on the first page', async () => {
    const res = await search({ location: 'Leeds' });
    expect(res.status).to.equal(200);
    expect(res.body).to.include.keys('data', 'pagination', 'links', 'center', 'rectBounds', 'clearLocation', 'facets', 'sortOptions');
    expect(res.body.data).to.be.an('array').that.is.not.empty;
    expect(res.body.links).to.include.keys('first', 'prev', 'next', 'last');
    expect(res.body.center.lat).to.be.a('number');
    expect(res.body.center.lng).to.be.a('number');
    expect(res.body.rectBounds).to.have.all.keys('north', 'south', 'west', 'east');
    expect(res.body.clearLocation).to.equal(true);
    expect(res.body.sortOptions).to.be.an('array').that.is.not.empty;
    for (const option of res.body.sortOptions) expect(option).to.include.keys('value', 'text');
    if ('mapListings' in res.body) expect(res.body.mapListings).to.be.an('array');
  });

  it('[table:search-envelope] clearLocation is false when an incorrect location was replaced by the default (United Kingdom)', async () => {
    const res = await search({ location: 'Nowhere Imaginary Qzx' });
    expect(res.status).to.equal(200);
    expect(res.body.clearLocation).to.equal(false);
    expect(res.body.rectBounds.north - res.body.rectBounds.south).to.be.greaterThan(5);
  });

  it('[table:map-payloads] every map listing carries exactly the basic or the extended field set, and lists all matches', async () => {
    const res = await search({ location: 'Leeds', size: 1 });
    const basic = ['id', 'name', 'slug', 'schemes', 'latitude', 'longitude'];
    const extended = [
      ...basic.slice(0, 3),
      'mainImage',
      'schemes',
      'propertyType',
      'availabilityStatus',
      'displayAs',
      'displayAddress',
      'latitude',
      'longitude',
      'bedrooms',
      'forSale',
      'isSharedOwnership',
      'fullMarketPrice',
      'minShareValue',
      'monthlyRent',
    ];
    expect(res.body.mapListings, 'the default portal includes map listings').to.be.an('array');
    expect(res.body.mapListings.length).to.equal(res.body.pagination.total);
    for (const item of res.body.mapListings) {
      const keys = Object.keys(item).sort();
      const matches = [basic, extended].some((set) => set.every((k) => keys.includes(k)) && keys.every((k) => set.includes(k)));
      expect(matches, `map listing keys ${keys.join(',')}`).to.equal(true);
    }
  });

  it('[table:pagination] from = (currentPage-1)*perPage+1, to = min(currentPage*perPage, total), lastPage = ceil(total/perPage)', async () => {
    const first = await search({ location: 'Leeds', radius: 10, size: 2, max_featured: 0 });
    const total = first.body.pagination.total as number;
    expect(total).to.be.greaterThan(2);
    const lastPage = Math.ceil(total / 2);
    for (let page = 1; page <= lastPage; page++) {
      const res = await search({ location: 'Leeds', radius: 10, size: 2, page, max_featured: 0 });
      expect(res.body.pagination).to.deep.equal({
        currentPage: page,
        perPage: 2,
        from: (page - 1) * 2 + 1,
        to: Math.min(page * 2, total),
        total,
        lastPage,
      });
      expect(res.body.data.length).to.equal(Math.min(page * 2, total) - (page - 1) * 2);
    }
  });

  it('[table:pagination] links name the first, previous, next and last pages (prev null on the first page, next null on the last)', async () => {
    const first = await search({ location: 'Leeds', radius: 10, size: 2, max_featured: 0 });
    const { lastPage } = first.body.pagination;
    expect(first.body.links.prev).to.equal(null);
    expect(new URL(first.body.links.next, 'http://x').searchParams.get('page')).to.equal('2');
    expect(new URL(first.body.links.last, 'http://x').searchParams.get('page')).to.equal(String(lastPage));
    const last = await search({ location: 'Leeds', radius: 10, size: 2, page: lastPage, max_featured: 0 });
    expect(last.body.links.next).to.equal(null);
    expect(new URL(last.body.links.prev, 'http://x').searchParams.get('page')).to.equal(String(lastPage - 1));
  });

  it('[table:facet] each facet has name, param, multiValue and options of value, text and count; multi-value params end in []', async () => {
    const res = await search({ location: 'Leeds' });
    expect(res.body.facets).to.be.an('array').that.is.not.empty;
    for (const facet of res.body.facets) {
      expect(facet.name).to.be.a('string');
      expect(facet.param).to.be.a('string');
      expect(facet.multiValue).to.be.a('boolean');
      for (const option of facet.options) {
        expect(typeof option.value === 'number' || typeof option.value === 'string').to.equal(true);
        expect(option.text).to.be.a('string');
        expect(option.count).to.be.a('number');
      }
    }
    const schemes = res.body.facets.find((f: Body) => f.param.startsWith('schemes'));
    expect(schemes.multiValue).to.equal(true);
  });

  it('[table:facet] numeric facet options mean "from 0 up to the value": counts never fall as the value rises, and static facets come before dynamic ones', async () => {
    const res = await search({ location: 'Leeds', radius: 10 });
    const params = res.body.facets.map((f: Body) => f.param.replace('[]', ''));
    const price = res.body.facets.find((f: Body) => f.param === 'max_full_value');
    expect(price, `facets ${params.join(',')}`).to.not.equal(undefined);
    const values = price.options.map((o: Body) => o.value as number);
    expect(values).to.deep.equal([...values].sort((a, b) => a - b));
    const counts = price.options.map((o: Body) => o.count as number);
    for (let i = 1; i < counts.length; i++) expect(counts[i]).to.be.at.least(counts[i - 1]);
    const dynamic = ['parking', 'other_features'].map((p) => params.indexOf(p)).filter((i: number) => i >= 0);
    expect(dynamic, 'the fixture has parking and other features').to.not.be.empty;
    for (const staticParam of ['schemes', 'status', 'types', 'bedrooms']) {
      const at = params.indexOf(staticParam);
      expect(at, staticParam).to.be.at.least(0);
      for (const d of dynamic) expect(at).to.be.lessThan(d);
    }
  });

  it('[search-behaviour.1] matches listings of the occupancy type inside the location rectangle expanded by the radius', async () => {
    const sale = await search({ location: 'LS2 7QJ', radius: 5, size: 50, max_featured: 0 });
    expect(ids(sale.body)).to.include.members([L.leedsSO!.id, L.leedsMarket!.id, L.leedsFirst!.id]);
    expect(ids(sale.body)).to.not.include.members([L.leedsRent!.id, L.bristolSO!.id, L.cardiffMarket!.id]);
    const rent = await search({ location: 'LS2 7QJ', radius: 5, size: 50, occupancy_type: 'to-rent' });
    expect(ids(rent.body)).to.have.members([L.leedsRent!.id, L.leedsRent2!.id]);
    for (const item of [...sale.body.data, ...rent.body.data]) {
      const rb = sale.body.rectBounds;
      expect(item.latitude).to.be.within(rb.south, rb.north);
      expect(item.longitude).to.be.within(rb.west, rb.east);
    }
  });

  it('[search-behaviour.1] rectBounds of a postcode is its point expanded by the radius in miles', async () => {
    for (const radius of [1, 5, 15]) {
      const res = await search({ location: 'LS2 7QJ', radius });
      const rb = res.body.rectBounds;
      expect(rb.north - rb.south, `radius ${radius}`).to.be.closeTo((2 * radius) / MILES_PER_DEGREE_LAT, 0.01);
      expect(rb.north).to.be.greaterThan(res.body.center.lat);
      expect(rb.south).to.be.lessThan(res.body.center.lat);
      expect(rb.east - rb.west).to.be.greaterThan(rb.north - rb.south);
    }
  });

  it('[search-behaviour.1] rectBounds of a named place (a local authority) with radius > 0 is its rectangle expanded by the radius', async () => {
    const own = (await search({ location: 'Leeds', radius: 0 })).body.rectBounds;
    const wide = (await search({ location: 'Leeds', radius: 10 })).body.rectBounds;
    const tenMiles = 10 / MILES_PER_DEGREE_LAT;
    expect(wide.north - own.north).to.be.closeTo(tenMiles, 0.02);
    expect(own.south - wide.south).to.be.closeTo(tenMiles, 0.02);
    expect(wide.east).to.be.greaterThan(own.east);
    expect(wide.west).to.be.lessThan(own.west);
  });

  it('[search-behaviour.2] with eligible_only only listings the customer is eligible for are returned (profile values with a bearer token)', async () => {
    const all = ids((await search({ location: 'Leeds', radius: 10, size: 50, max_featured: 0 })).body);
    expect(all).to.include.members([L.leedsSO!.id, L.leedsFirst!.id]);
    // Aire Quay caps income at £80,000, Holbeck Yard at £50,000; both want a first-time buyer
    const profile = {
      annualHouseholdIncome: 70000,
      deposit: 60000,
      eligibleCitizen: true,
      homeOwnershipStatus: 1,
      dateOfBirth: '1990-01-01',
      homePostcode: 'LS2 7QJ',
    };
    const customer = await passwordCustomer(profile);
    const query = { location: 'Leeds', radius: 10, size: 50, max_featured: 0, eligible_only: 'true' };
    const eligible = ids((await api.get(SEARCH, bearer(customer.accessToken, { query }))).body);
    expect(eligible).to.include(L.leedsSO!.id);
    expect(eligible).to.not.include(L.leedsFirst!.id);
    const richer = await passwordCustomer({ ...profile, annualHouseholdIncome: 95000 });
    const none = ids((await api.get(SEARCH, bearer(richer.accessToken, { query: { ...query, eligible_only: '1' } }))).body);
    expect(none).to.not.include.members([L.leedsSO!.id, L.leedsFirst!.id]);
  });

  it('[search-behaviour.3] featured listings come first, premium ones sit at their natural sorted position', async () => {
    const res = await search({ location: 'Leeds', radius: 10, size: 10 });
    const displayAs = res.body.data.map((i: Body) => i.displayAs as string);
    const firstNonFeatured = displayAs.findIndex((d: string) => d !== 'featured');
    expect(displayAs[0]).to.equal('featured');
    expect(firstNonFeatured).to.be.greaterThan(0);
    // every featured listing of the page before all others... natural order: the same page without featured slots
    const natural = ids((await search({ location: 'Leeds', radius: 10, size: 10, max_featured: 0 })).body);
    const rest = ids(res.body).slice(firstNonFeatured);
    expect(natural.filter((id) => rest.includes(id))).to.deep.equal(rest);
    expect(rest).to.include(L.leedsMarket!.id);
  });

  it('[search-behaviour.3] featured listings may repeat on later pages', async () => {
    const page1 = await search({ location: 'Leeds', radius: 10, size: 1, max_featured: 1 });
    const page2 = await search({ location: 'Leeds', radius: 10, size: 1, max_featured: 1, page: 2 });
    expect(page1.body.data[0].displayAs).to.equal('featured');
    expect(page2.body.data[0].displayAs).to.equal('featured');
  });

  it('[search-behaviour.3] with a source, partner listings come first whatever the sort', async () => {
    for (const sortBy of (await search({ location: 'Leeds' })).body.sortOptions.map((o: Body) => o.value as string)) {
      const res = await search({ location: 'Leeds', radius: 10, source: 'yorkshire-homes', sort_by: sortBy, max_featured: 0 });
      expect(res.body.data[0].id, sortBy).to.equal(L.leedsSO!.id);
      expect(res.body.data[0].partnerName).to.be.a('string');
      expect(res.body.data[0].partnerImageUrl).to.be.a('string');
    }
  });

  it('[search-behaviour.4] a page other than the first returns only data, pagination and links', async () => {
    const res = await search({ location: 'Leeds', radius: 10, size: 2, page: 2 });
    expect(res.status).to.equal(200);
    expect(Object.keys(res.body).sort()).to.deep.equal(['data', 'links', 'pagination']);
  });

  it('[search-behaviour.5] facet selection re-queries with all selected values (multi-value facets OR together)', async () => {
    const one = await search({ location: 'Leeds', radius: 10, size: 50, max_featured: 0, 'bedrooms[]': [1] });
    const two = await search({ location: 'Leeds', radius: 10, size: 50, max_featured: 0, 'bedrooms[]': [1, 4] });
    expect(ids(two.body)).to.include.members(ids(one.body));
    expect(ids(two.body)).to.include(L.leedsMarket!.id);
    expect(ids(one.body)).to.not.include(L.leedsMarket!.id);
  });

  it('[search-behaviour.6] facet options whose count is zero are given with count 0 for the client to disable', async () => {
    const res = await search({ location: 'Leeds', radius: 10, 'bedrooms[]': [4] });
    const bedrooms = res.body.facets.find((f: Body) => f.param.startsWith('bedrooms'));
    const counts = new Map(bedrooms.options.map((o: Body) => [o.value, o.count]));
    expect(
      [...counts.values()].some((c) => c === 0),
      JSON.stringify(bedrooms.options),
    ).to.equal(true);
    const typesFacet = res.body.facets.find((f: Body) => f.param.startsWith('types'));
    for (const option of typesFacet.options) expect(option.count).to.be.a('number').and.at.least(0);
  });

  it('[search-behaviour.7] the listings available differ per portal (Portal-Id)', async () => {
    const def = ids((await search({ location: 'Bristol', radius: 5 })).body);
    const other = ids((await search({ location: 'Bristol', radius: 5 }, { 'Portal-Id': '2' })).body);
    expect(def).to.not.include(L.bristolSO!.id);
    expect(other).to.include(L.bristolSO!.id);
  });

  it('[table:search-query-parameters] defaults: for-sale, radius 3, page 1, size 10, the first sort option', async () => {
    const bare = await search({ location: 'LS2 7QJ' });
    const explicit = await search({
      location: 'LS2 7QJ',
      occupancy_type: 'for-sale',
      radius: 3,
      page: 1,
      size: 10,
      sort_by: bare.body.sortOptions[0].value,
    });
    expect(bare.body.rectBounds).to.deep.equal(explicit.body.rectBounds);
    expect(bare.body.rectBounds.north - bare.body.rectBounds.south).to.be.closeTo(6 / MILES_PER_DEGREE_LAT, 0.01);
    expect(ids(bare.body)).to.deep.equal(ids(explicit.body));
    expect(bare.body.pagination.currentPage).to.equal(1);
    expect(bare.body.pagination.perPage).to.equal(10);
    for (const item of bare.body.data) expect(item.forSale).to.equal(true);
  });

  it('[table:search-query-parameters] location defaults to the United Kingdom', async () => {
    const res = await search({ size: 50 });
    expect(res.status).to.equal(200);
    expect(res.body.rectBounds.north).to.be.greaterThan(58);
    expect(res.body.rectBounds.south).to.be.lessThan(50.5);
  });

  it('[table:search-query-parameters] range filters: max_full_value, min_bedrooms, max_monthly_rent', async () => {
    const cheap = await search({ location: 'Leeds', radius: 10, size: 50, max_featured: 0, max_full_value: 200000 });
    for (const item of cheap.body.data) expect(item.fullMarketPrice).to.be.at.most(200000);
    expect(ids(cheap.body)).to.not.include(L.leedsMarket!.id);
    const big = await search({ location: 'Leeds', radius: 10, size: 50, max_featured: 0, min_bedrooms: 4 });
    expect(ids(big.body)).to.deep.equal([L.leedsMarket!.id]);
    const rent = await search({ location: 'Leeds', radius: 10, occupancy_type: 'to-rent', max_monthly_rent: 1000 });
    expect(ids(rent.body)).to.deep.equal([L.leedsRent!.id]);
  });

  it('[table:search-query-parameters] lat, lng, north, south, east, west echo a previous center and rectBounds', async () => {
    const echo = { lat: 51.48, lng: -3.18, north: 51.52, south: 51.45, east: -3.15, west: -3.3 };
    const res = await search({ location: 'Somewhere else', ...echo, max_featured: 0 });
    expect(res.body.center).to.deep.equal({ lat: 51.48, lng: -3.18 });
    expect(ids(res.body)).to.deep.equal([L.cardiffMarket!.id]);
  });

  it('[table:search-query-parameters] max_featured above the configured number is ignored in favour of the configured one', async () => {
    const configured = await search({ location: 'Leeds', radius: 10, size: 10 });
    const featuredCount = configured.body.data.filter((i: Body) => i.displayAs === 'featured').length;
    const raised = await search({ location: 'Leeds', radius: 10, size: 10, max_featured: 99 });
    expect(ids(raised.body)).to.deep.equal(ids(configured.body));
    const lowered = await search({ location: 'Leeds', radius: 10, size: 10, max_featured: 1 });
    expect(featuredCount).to.be.greaterThan(1);
    const leading = lowered.body.data.findIndex((i: Body) => i.displayAs !== 'featured');
    expect(leading).to.be.at.most(1);
  });

  it('[limits.page-size] page size defaults to 10 for search and contents', async () => {
    const bare = await search({ max_featured: 0 });
    expect(bare.body.pagination.perPage).to.equal(10);
    expect(bare.body.data).to.have.length(Math.min(10, bare.body.pagination.total));
    expect(bare.body.pagination.lastPage).to.equal(Math.ceil(bare.body.pagination.total / 10));
    expect((await api.get('/api/rest/portal/contents')).body.pagination.perPage).to.equal(10);
  });

  it('[limits.page-number] page number defaults to 1 for search and contents', async () => {
    const bare = await search();
    const first = await search({ page: 1 });
    expect(bare.body.pagination.currentPage).to.equal(1);
    expect(ids(bare.body)).to.deep.equal(ids(first.body));
    expect((await api.get('/api/rest/portal/contents')).body.pagination.currentPage).to.equal(1);
  });

  it('[limits.radius] radius must be a number >= 0: a negative radius is refused with a validation error', async () => {
    const res = await search({ location: 'Leeds', radius: -1 });
    expect([400, 422]).to.include(res.status);
  });

  it('[limits.featured-per-page] featured listings per page are configured per portal; max_featured may lower the number but not raise it', async () => {
    // featured listings come before the page's results, which pagination counts; on the second page of one
    // result each, the two featured listings of Leeds are not among the page's own results
    const featuredOn = async (query: Record<string, number>) => {
      const body = (await search({ location: 'Leeds', radius: 10, size: 1, page: 2, ...query })).body;
      const regular = body.pagination.to - body.pagination.from + 1;
      return body.data.length - regular;
    };
    const configured = await featuredOn({});
    expect(configured).to.be.at.least(1);
    expect(await featuredOn({ max_featured: 99 })).to.equal(configured);
    expect(await featuredOn({ max_featured: 1 })).to.equal(1);
    expect(await featuredOn({ max_featured: 0 })).to.equal(0);
  });

  it('[versioning.1] Accept-Version names the version (1 today); when omitted the latest is used', async () => {
    const latest = await search({ location: 'Leeds' });
    const v1 = await search({ location: 'Leeds' }, { 'Accept-Version': '1' });
    expect(v1.status).to.equal(200);
    expect(ids(v1.body)).to.deep.equal(ids(latest.body));
    const details = await api.get(`/api/rest/portal/listings/${L.leedsSO!.id}`, { headers: { 'Accept-Version': '1' } });
    expect(details.status).to.equal(200);
  });

  it('[versioning.2] Portal-Id names the portal; when omitted the default portal is used', async () => {
    const omitted = ids((await search({ location: 'Bristol', radius: 5 })).body);
    const one = ids((await search({ location: 'Bristol', radius: 5 }, { 'Portal-Id': '1' })).body);
    const two = ids((await search({ location: 'Bristol', radius: 5 }, { 'Portal-Id': '2' })).body);
    expect(omitted).to.deep.equal(one);
    expect(two).to.include(L.bristolSO!.id);
    const details = await api.get(`/api/rest/portal/listings/${L.bristolSO!.id}`, { headers: { 'Portal-Id': '2' } });
    expect(details.status).to.equal(200);
  });
});
