// Distances, affordability and eligibility wherever listing items appear (PORTAL-EXTRAS §6, §7, §11): similar and
// home-featured listings, favourites, and property details carry them for a signed-in customer from
// the profile's work postcode and income, as search does; without a customer they are null.
import { expect } from 'chai';
import { api } from '../support/api.ts';
import { searchFixture, type SearchFixture } from '../support/search-fixture.ts';
import { bearer, passwordCustomer, P, type SignedIn } from '../support/customers.ts';

interface Item {
  id: number;
  distanceFromHome: number | null;
  distanceFromWork: number | null;
  affordability: { status: string; monthlyCost: number | null; reasons: string[] } | null;
  eligibility: { status: string; reasons: string[] } | null;
}

const PROFILE = { workPostcode: 'LS17 6PX', annualHouseholdIncome: 34000, deposit: 6000 };

describe('distances and affordability outside search', function () {
  this.timeout(60_000);
  let L: SearchFixture['listings'];
  let customer: SignedIn;
  /** the same listings as search presents them to the same customer */
  let searched: Map<number, Item>;

  before(async () => {
    L = (await searchFixture()).listings;
    customer = await passwordCustomer(PROFILE);
    // every page: other tests' listings share the index
    const items: Item[] = [];
    for (let page = 1; ; page++) {
      const res = await api.get(`${P}/search`, { query: { max_featured: 0, size: 100, page }, ...bearer(customer.accessToken) });
      expect(res.status).to.equal(200);
      items.push(...(res.body.data as Item[]));
      if (res.body.data.length === 0 || items.length >= res.body.pagination.total) break;
    }
    searched = new Map(items.map((i) => [i.id, i]));
    expect(searched.size).to.be.greaterThan(3);
  });

  const personalOf = (i: Item) => ({ distanceFromHome: i.distanceFromHome, distanceFromWork: i.distanceFromWork, affordability: i.affordability, eligibility: i.eligibility });

  /** Each item carries what search gives the same customer for the same listing (all its properties matching). */
  function expectAsSearched(items: Item[]) {
    expect(items.length).to.be.greaterThan(0);
    for (const item of items) {
      expect(item.distanceFromWork, `listing ${item.id}`).to.be.a('number');
      expect(item.distanceFromHome).to.equal(null);
      expect(item.affordability?.status, `listing ${item.id}`).to.be.oneOf(['affordable', 'unaffordable', 'unknown']);
      expect(item.eligibility?.status, `listing ${item.id}`).to.be.oneOf(['passed', 'considered', 'failed', 'unknown']);
      const same = searched.get(item.id);
      if (same) expect(personalOf(item), `listing ${item.id}`).to.deep.equal(personalOf(same));
    }
  }

  it('gives similar and home-featured listings the customer’s distances and affordability, and nobody’s none', async () => {
    const similar = await api.get(`${P}/listings/${L.leedsSO!.id}/similar`, { query: { size: 6 }, ...bearer(customer.accessToken) });
    expect(similar.status).to.equal(200);
    expectAsSearched(similar.body.data);
    const featured = await api.get(`${P}/home-featured-listings`, bearer(customer.accessToken));
    expectAsSearched(featured.body.data);
    const anonymous = await api.get(`${P}/home-featured-listings`);
    for (const item of anonymous.body.data as Item[]) expect(personalOf(item)).to.deep.equal({ distanceFromHome: null, distanceFromWork: null, affordability: null, eligibility: null });
  });

  it('gives favourites the same', async () => {
    const added = await api.post(`${P}/profile/favourites`, { listing: L.leedsMarket!.id }, bearer(customer.accessToken));
    expect(added.status).to.equal(201);
    const list = await api.get(`${P}/profile/favourites`, bearer(customer.accessToken));
    expect(list.status).to.equal(200);
    expectAsSearched(list.body.data);
  });

  it('gives the listing page the customer’s distances from home and work, and nobody’s none', async () => {
    const item = searched.get(L.leedsSO!.id)!;
    for (const path of [`${P}/listings/${L.leedsSO!.id}`, `${P}/listings/${L.leedsSO!.id}/full-details`]) {
      const res = await api.get(path, bearer(customer.accessToken));
      expect(res.status, path).to.equal(200);
      const details = (res.body.listing ?? res.body) as Item;
      expect(details.distanceFromWork, path).to.be.a('number').and.equal(item.distanceFromWork);
      expect(details.distanceFromHome, path).to.equal(null);
      // the listing page's eligibility is the item's: the same decision for the same profile
      expect(details.eligibility, path).to.not.equal(null);
      expect(details.eligibility, path).to.deep.equal(item.eligibility);
      const anonymous = await api.get(path);
      const nobody = (anonymous.body.listing ?? anonymous.body) as Item;
      expect([nobody.distanceFromWork, nobody.distanceFromHome, nobody.eligibility], path).to.deep.equal([null, null, null]);
    }
  });

  it('gives property details each home’s affordability with its reasons, null for nobody', async () => {
    const res = await api.get(`${P}/listings/${L.leedsSO!.id}/properties`, bearer(customer.accessToken));
    expect(res.status).to.equal(200);
    const properties = res.body.data as { id: number; affordability: Item['affordability'] }[];
    expect(properties.length).to.be.greaterThan(1);
    for (const p of properties) {
      expect(p.affordability?.status).to.be.oneOf(['affordable', 'unaffordable', 'unknown']);
      if (p.affordability?.status === 'unaffordable') expect(p.affordability.reasons.join(' ')).to.match(/£[0-9,]+/);
    }
    // the item's affordability is that of one of its homes: the cheapest affordable, else the cheapest
    const item = searched.get(L.leedsSO!.id)!;
    expect(properties.map((p) => JSON.stringify(p.affordability))).to.include(JSON.stringify(item.affordability));
    const anonymous = await api.get(`${P}/listings/${L.leedsSO!.id}/properties`);
    for (const p of anonymous.body.data as { affordability: unknown }[]) expect(p.affordability).to.equal(null);
  });

  it('tells on each item what register interest then decides for the same profile', async () => {
    let compared = 0;
    for (const listing of Object.values(L)) {
      const item = searched.get(listing!.id);
      if (!item) continue;
      // nothing sent: the decision is the profile's, as the item's is
      const res = await api.post(`${P}/listings/${listing!.id}/register-interest`, {}, bearer(customer.accessToken));
      // a listing demanding a value the profile lacks is refused before any decision
      if (res.status === 422) continue;
      expect(res.status, res.text).to.equal(201);
      const decision = res.body.decision as { status: string; messages: string[] };
      expect(item.eligibility, `listing ${listing!.id}`).to.deep.equal({ status: decision.status === 'incomplete' ? 'unknown' : decision.status, reasons: decision.messages });
      compared++;
    }
    expect(compared).to.be.greaterThan(2);
  });
});
