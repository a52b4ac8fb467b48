// Keyword search on the real engine (docs/search.md#keywords): each rule of the keywords, their
// agreement with facets, totals, the map and featured listings, the relevance sort, saved searches.
import { expect } from 'chai';
import { api } from '../support/api.ts';
import { createAccount, developmentPayload, listingPayload, propertyPayload, withKey, type TestAccount } from '../support/factories.ts';
import { P, bearer, passwordCustomer } from '../support/customers.ts';

const SEARCH = '/api/rest/portal/search';
type Item = { id: number };
const ids = (body: { data: Item[] }) => body.data.map((i) => i.id);

describe('keyword search', function () {
  this.timeout(60_000);
  let account: TestAccount;
  const L: Record<string, number> = {};
  // only the listings of this test: the NG5 postcode district, whose extent holds no other test's listings
  const search = (keywords: string | null, query: Record<string, unknown> = {}) =>
    api.get(SEARCH, { query: { location: 'NG5', radius: 0, max_featured: 0, size: 50, ...(keywords === null ? {} : { keywords }), ...query } });
  const found = async (keywords: string, query: Record<string, unknown> = {}) => {
    const res = await search(keywords, query);
    expect(res.status, JSON.stringify(res.body)).to.equal(200);
    return ids(res.body).sort((a, b) => a - b);
  };
  const sorted = (...names: string[]) => names.map((n) => L[n]!).sort((a, b) => a - b);

  before(async () => {
    account = await createAccount({ tier: 'premium' });
    const k = withKey(account);
    await api.put('/api/rest/inventory/developments/kw-dev', developmentPayload({ postcode: 'NG5 4DH', displayAddress: 'Sherwood, Nottingham', localAreaName: 'Sherwood Village' }), k);
    const listings: Record<string, [Record<string, unknown>, Record<string, unknown>]> = {
      garden: [
        { propertyFeatures: [{ section: 'Outside space', values: ['Balcony'] }] },
        { name: 'Garden Court', shortDescription: 'Two gardens and a lift. Sorry, no pets.', longDescription: 'A south facing roof terrace.', displayAs: 'featured' },
      ],
      pets: [{ bedrooms: 3, propertyFeatures: [] }, { name: 'Hill Rise', shortDescription: 'Pets welcome, no smokers. Leasehold flat.', longDescription: null, displayAs: 'featured' }],
      later: [
        { propertyType: 'Semi-detached house', propertyTypeGroup: 'house', propertyFeatures: [] },
        { name: 'Mill Lane', shortDescription: 'No pets. Pets considered on request', longDescription: null },
      ],
      noLift: [{ propertyFeatures: [] }, { name: 'Oak View', shortDescription: 'Without a lift; garden flat', longDescription: null }],
      plain: [{ propertyFeatures: [], tenure: 'freehold' }, { name: 'Station Place', shortDescription: 'Modern apartments near the station', longDescription: 'Terrace on the roof.' }],
    };
    for (const [ref, [property, listing]] of Object.entries(listings)) {
      await api.put(`/api/rest/inventory/properties/kw-${ref}`, propertyPayload('kw-dev', property), k);
      const res = await api.put(`/api/rest/listings/kw-${ref}`, listingPayload('kw-dev', [`kw-${ref}`], { eligibility: {}, ...listing }), withKey(account, { refresh: 'wait_for' }));
      expect(res.status, JSON.stringify(res.body)).to.be.oneOf([200, 201]);
      L[ref] = res.body.id;
    }
    expect(await found('sherwood')).to.deep.equal(sorted('garden', 'pets', 'later', 'noLift', 'plain'));
  });

  it('ignores case and meets singular and plural', async () => {
    expect(await found('GARDEN')).to.deep.equal(sorted('garden', 'noLift'));
    expect(await found('gardens')).to.deep.equal(sorted('garden', 'noLift'));
    expect(await found('Balconies')).to.deep.equal(sorted('garden'));
  });

  it('searches the name, descriptions, local area, property types and features', async () => {
    expect(await found('court')).to.deep.equal(sorted('garden'));
    expect(await found('roof')).to.deep.equal(sorted('garden', 'plain'));
    expect(await found('village')).to.have.length(5);
    expect(await found('semi-detached')).to.deep.equal(sorted('later'));
    expect(await found('houses')).to.deep.equal(sorted('later'));
    expect(await found('balcony')).to.deep.equal(sorted('garden'));
  });

  it('matches a phrase in order only', async () => {
    expect(await found('"roof terrace"')).to.deep.equal(sorted('garden'));
    expect(await found('"terrace on the roof"')).to.deep.equal(sorted('plain'));
    expect(await found('"terrace roof"')).to.deep.equal([]);
  });

  it('leaves out excluded words, and needs every word', async () => {
    expect(await found('garden -lift')).to.deep.equal(sorted('noLift'));
    expect(await found('roof -"roof terrace"')).to.deep.equal(sorted('plain'));
    expect(await found('garden lift')).to.deep.equal(sorted('garden'));
    // tenures are searchable words (Mill Lane considers pets, and is leasehold)
    expect(await found('pets leasehold')).to.deep.equal(sorted('pets', 'later'));
    expect(await found('pets leasehold terrace')).to.deep.equal([]);
  });

  it('searches the tenure: -leasehold leaves out leasehold homes', async () => {
    expect(await found('freehold')).to.deep.equal(sorted('plain'));
    expect(await found('-leasehold')).to.deep.equal(sorted('plain'));
    expect(await found('sherwood', { 'tenures[]': ['freehold'] })).to.deep.equal(sorted('plain'));
    expect(await found('sherwood', { 'tenures[]': ['leasehold', 'commonhold'] })).to.deep.equal(sorted('garden', 'pets', 'later', 'noLift'));
  });

  it('does not match a word the text only negates', async () => {
    // "Sorry, no pets." no; "Pets welcome, no smokers" yes; "No pets. Pets considered" yes (a later mention)
    expect(await found('pets')).to.deep.equal(sorted('pets', 'later'));
    expect(await found('smokers')).to.deep.equal([]);
    expect(await found('lift')).to.deep.equal(sorted('garden'));
    expect(await found('"no pets"')).to.deep.equal(sorted('garden', 'later'));
  });

  it('counts facets, totals and the map under the keywords, and picks featured listings among the matches', async () => {
    const res = await search('pets', { max_featured: 2 });
    expect(res.body.pagination.total).to.equal(2);
    const facet = (param: string) => res.body.facets.find((f: { param: string }) => f.param === param).options as { value: unknown; count: number }[];
    const bedrooms = Object.fromEntries(facet('bedrooms').filter((o) => o.count > 0).map((o) => [o.value, o.count]));
    expect(bedrooms).to.deep.equal({ 2: 1, 3: 1 });
    expect(facet('types').find((o) => o.value === 'house')!.count).to.equal(1);
    expect(res.body.mapListings.map((m: Item) => m.id).sort()).to.deep.equal(sorted('pets', 'later'));
    // featured: only Hill Rise (Garden Court is featured too but does not match)
    const featured = res.body.data.filter((i: { displayAs: string }) => i.displayAs === 'featured').map((i: Item) => i.id);
    expect(featured).to.include(L.pets);
    expect(res.body.data.map((i: Item) => i.id)).not.to.include(L.garden);
    // a selected facet keeps the keywords
    const houses = await search('pets', { 'types[]': 'house' });
    expect(ids(houses.body)).to.deep.equal([L.later]);
    expect(houses.body.facets.find((f: { param: string }) => f.param === 'types').options.find((o: { value: string }) => o.value === 'flat').count).to.equal(1);
  });

  it('keeps eligible_only under the keywords', async () => {
    expect(await found('pets', { eligible_only: 1, household_income: 30000 })).to.deep.equal(sorted('pets', 'later'));
  });

  it('offers the relevance sort first, and only with keywords', async () => {
    const withWords = await search('garden');
    expect(withWords.body.sortOptions[0]).to.deep.equal({ value: 'relevance', text: 'Most relevant' });
    const without = await search(null);
    expect(without.body.sortOptions.map((o: { value: string }) => o.value)).not.to.include('relevance');
    const blank = await search('   ');
    expect(blank.status).to.equal(200);
    expect(blank.body.sortOptions.map((o: { value: string }) => o.value)).not.to.include('relevance');
    const refused = await search(null, { sort_by: 'relevance' });
    expect(refused.status).to.equal(422);
    expect(refused.body.errors).to.have.property('sort_by');
    // the listing holding "garden" in its name and its text ranks first
    const ranked = await search('garden', { sort_by: 'relevance' });
    expect(ranked.status).to.equal(200);
    expect(ids(ranked.body)).to.deep.equal([L.garden, L.noLift]);
  });

  it('refuses keywords over 100 characters', async () => {
    const res = await search('a'.repeat(101));
    expect(res.status).to.equal(422);
    expect(res.body.errors).to.have.property('keywords');
    expect((await search('a'.repeat(100))).status).to.equal(200);
  });

  it('are kept by saved searches and their matches', async () => {
    const { accessToken } = await passwordCustomer();
    const saved = await api.post(`${P}/profile/saved-searches`, { name: 'Pets', query: { location: 'NG5', radius: 0, keywords: 'pets' } }, bearer(accessToken));
    expect(saved.status).to.equal(201);
    expect(saved.body.summary).to.contain('matching \u201cpets\u201d');
    const matches = await api.get(`${P}/profile/saved-searches/${saved.body.id}/matches`, { ...bearer(accessToken), query: { size: 50, max_featured: 0 } });
    expect(ids(matches.body).sort((a, b) => a - b)).to.deep.equal(sorted('pets', 'later'));
  });

  describe('under a price sort or a partner source', () => {
    const PARTNER = 'keyword-partner';
    const P7: Record<string, number> = {};
    // the NG6 postcode district, whose extent holds no other test's listings; for sale, full prices only
    const searchNG6 = (query: Record<string, unknown>) => api.get(SEARCH, { query: { location: 'NG6', radius: 0, max_featured: 0, size: 50, keywords: 'garden', ...query } });
    type Shown = Item & { fullMarketPrice: number; partnerName: string | null };

    before(async () => {
      await createAccount({ kind: 'partner', partnerSource: PARTNER });
      const k = withKey(account);
      const dev = await api.put('/api/rest/inventory/developments/kwn-dev', developmentPayload({ postcode: 'NG6 8NG', displayAddress: 'Bulwell, Nottingham', localAreaName: 'Bulwell' }), k);
      expect(dev.status, JSON.stringify(dev.body)).to.be.oneOf([200, 201]);
      const home = (price: number, extra: Record<string, unknown> = {}) => ({ isSharedOwnership: false, fullMarketPrice: price, propertyFeatures: [], ...extra });
      // prices a pound apart and keyword scores far apart (how often, and in how long a text, "garden"
      // occurs): any keyword score in a price sort's score would put these out of order
      const listings: Record<string, [Record<string, unknown>[], Record<string, unknown>]> = {
        often: [[home(250_000)], { shortDescription: 'Garden, garden, garden: gardens front and back. Garden room.' }],
        once: [[home(250_001)], { shortDescription: 'A garden.' }],
        long: [[home(249_999)], { shortDescription: 'A quiet street of red brick houses, a short walk from the shops, the school, the park and the station, with a small garden.' }],
        // headline: the available home at 260,000, not the cheaper sold one
        sold: [[home(100_000, { availabilityStatus: 'closed' }), home(260_000)], { shortDescription: 'Gardens to every home.' }],
        partner: [[home(400_000)], { shortDescription: 'Garden garden.', partnerSources: [PARTNER] }],
        none: [[home(180_000)], { shortDescription: 'A yard.' }],
      };
      for (const [ref, [homes, listing]] of Object.entries(listings)) {
        const refs: string[] = [];
        for (const [i, h] of homes.entries()) {
          const res = await api.put(`/api/rest/inventory/properties/kwn-${ref}-${i}`, propertyPayload('kwn-dev', h), k);
          expect(res.status, JSON.stringify(res.body)).to.be.oneOf([200, 201]);
          refs.push(`kwn-${ref}-${i}`);
        }
        const res = await api.put(`/api/rest/listings/kwn-${ref}`, listingPayload('kwn-dev', refs, { eligibility: {}, schemes: ['market-sale'], name: `Bulwell ${ref}`, ...listing }), withKey(account, { refresh: 'wait_for' }));
        expect(res.status, JSON.stringify(res.body)).to.be.oneOf([200, 201]);
        P7[ref] = res.body.id;
      }
    });

    const shown = async (query: Record<string, unknown>) => {
      const res = await searchNG6(query);
      expect(res.status, JSON.stringify(res.body)).to.equal(200);
      return res.body.data as Shown[];
    };

    it('orders a price-sorted keyword search by the prices shown', async () => {
      const up = await shown({ sort_by: 'price-low-high' });
      expect(up.map((i) => i.fullMarketPrice)).to.deep.equal([249_999, 250_000, 250_001, 260_000, 400_000]);
      expect(up.map((i) => i.id)).to.deep.equal([P7.long, P7.often, P7.once, P7.sold, P7.partner]);
      const down = await shown({ sort_by: 'price-high-low' });
      expect(down.map((i) => i.fullMarketPrice)).to.deep.equal([400_000, 260_000, 250_001, 250_000, 249_999]);
      // a property filter too (the headline among the matching properties)
      const filtered = await shown({ sort_by: 'price-low-high', min_bedrooms: 1 });
      expect(filtered.map((i) => i.fullMarketPrice)).to.deep.equal([249_999, 250_000, 250_001, 260_000, 400_000]);
    });

    it('puts partner listings first, then the prices shown, under keywords', async () => {
      const up = await shown({ sort_by: 'price-low-high', source: PARTNER });
      expect(up.map((i) => i.id)).to.deep.equal([P7.partner, P7.long, P7.often, P7.once, P7.sold]);
      expect(up[0]!.partnerName).to.not.equal(null);
      const down = await shown({ sort_by: 'price-high-low', source: PARTNER });
      expect(down.map((i) => i.fullMarketPrice)).to.deep.equal([400_000, 260_000, 250_001, 250_000, 249_999]);
    });

    it('ranks by the keywords under relevance, with property filters and a partner source too', async () => {
      const ranked = (await shown({ sort_by: 'relevance' })).map((i) => i.id);
      expect(ranked[0]).to.equal(P7.often);
      expect(ranked.indexOf(P7.long!)).to.equal(ranked.length - 1);
      expect((await shown({ sort_by: 'relevance', min_bedrooms: 1 })).map((i) => i.id)).to.deep.equal(ranked);
      const partnerFirst = (await shown({ sort_by: 'relevance', source: PARTNER, min_bedrooms: 1 })).map((i) => i.id);
      expect(partnerFirst).to.deep.equal([P7.partner, ...ranked.filter((id) => id !== P7.partner)]);
    });
  });
});
