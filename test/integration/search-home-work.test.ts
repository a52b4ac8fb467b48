// Near home and work (PORTAL-EXTRAS §6) on the real engine: distances against a haversine worked out
// here, max_distance_from_work and the nearest-work/nearest-home sorts with totals and facets, the
// profile's postcodes and the query's winning, and the 422s.
import { expect } from 'chai';
import { api } from '../support/api.ts';
import { searchFixture, type SearchFixture } from '../support/search-fixture.ts';
import { bearer, passwordCustomer, P, type SignedIn } from '../support/customers.ts';

interface Item {
  id: number;
  latitude: number;
  longitude: number;
  distanceFromHome: number | null;
  distanceFromWork: number | null;
  monthlyCostFrom: number | null;
  affordability: { status: string } | null;
}

/** Great-circle miles on a sphere of the Earth's mean radius. */
function haversineMiles(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const rad = (d: number) => (d * Math.PI) / 180;
  const h = Math.sin(rad(b.lat - a.lat) / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(rad(b.lng - a.lng) / 2) ** 2;
  return 2 * 3958.8 * Math.asin(Math.sqrt(h));
}

// LS17 6PX is in the place data: its own point
const WORK = { postcode: 'LS17 6PX', latitude: 53.84428, longitude: -1.53344 };
const search = (query: Record<string, unknown>, options = {}) => api.get(`${P}/search`, { ...options, query: { max_featured: 0, size: 100, ...query } });
const ids = (items: Item[]) => items.map((i) => i.id);

describe('search near home and work', function () {
  this.timeout(60_000);
  let L: SearchFixture['listings'];
  let all: Item[];
  before(async () => {
    L = (await searchFixture()).listings;
    // every page: other tests' listings share the index
    all = [];
    for (let page = 1; ; page++) {
      const res = await search({ work_postcode: 'ls176px', page });
      all.push(...(res.body.data as Item[]));
      if (res.body.data.length === 0 || all.length >= res.body.pagination.total) break;
    }
  });

  it('gives each item its distance from work, rounded to one decimal, and the work point in the envelope', async () => {
    const res = await search({ work_postcode: 'ls17 6px' });
    expect(res.status).to.equal(200);
    expect(res.body.work).to.deep.equal(WORK);
    expect(res.body.home).to.equal(null);
    expect(res.body.data.length).to.be.greaterThan(3);
    for (const item of res.body.data as Item[]) {
      const miles = haversineMiles({ lat: WORK.latitude, lng: WORK.longitude }, { lat: item.latitude, lng: item.longitude });
      expect(item.distanceFromWork, `listing ${item.id}`).to.be.closeTo(Math.round(miles * 10) / 10, 0.051);
      expect(item.distanceFromHome).to.equal(null);
    }
  });

  it('places a postcode the data does not hold at its district centre, and leaves distances null without postcodes', async () => {
    const res = await search({ home_postcode: 'LS14 9ZZ' });
    expect(res.status).to.equal(200);
    expect(res.body.home.postcode).to.equal('LS14 9ZZ');
    // the district's points: LS14 1BR (53.82343, -1.46937) and LS14 3BL (53.87214, -1.45146)
    expect(res.body.home.latitude).to.be.within(53.82343, 53.87214);
    expect(res.body.home.longitude).to.be.within(-1.46937, -1.45146);
    for (const item of res.body.data as Item[]) {
      expect(item.distanceFromHome).to.be.closeTo(haversineMiles({ lat: res.body.home.latitude, lng: res.body.home.longitude }, { lat: item.latitude, lng: item.longitude }), 0.051);
    }
    const plain = await search({});
    expect(plain.body.work).to.equal(null);
    expect((plain.body.data as Item[]).every((i) => i.distanceFromWork === null && i.distanceFromHome === null && i.affordability === null)).to.equal(true);
  });

  it('keeps only listings within max_distance_from_work, with totals, facets and the map agreeing', async () => {
    const within = all.filter((i) => haversineMiles({ lat: WORK.latitude, lng: WORK.longitude }, { lat: i.latitude, lng: i.longitude }) <= 4);
    expect(ids(within).sort()).to.deep.equal([L.leedsSO!.id, L.leedsMarket!.id].sort());
    const res = await search({ work_postcode: 'LS17 6PX', max_distance_from_work: 4 });
    expect(ids(res.body.data).sort()).to.deep.equal(ids(within).sort());
    expect(res.body.pagination.total).to.equal(within.length);
    expect(res.body.mapListings.map((m: { id: number }) => m.id).sort()).to.deep.equal(ids(within).sort());
    const schemes = Object.fromEntries(res.body.facets.find((f: { param: string }) => f.param === 'schemes').options.map((o: { value: string; count: number }) => [o.value, o.count]));
    // properties: Aire Quay's three shared-ownership homes, Headingley Mews' two market sales
    expect(schemes).to.include({ 'shared-ownership': 3, 'market-sale': 2, 'first-homes': 0 });
    // with a place as well, both must hold
    const both = await search({ work_postcode: 'LS17 6PX', max_distance_from_work: 4, location: 'LS6', radius: 0 });
    expect(ids(both.body.data)).to.deep.equal([L.leedsMarket!.id]);
  });

  it('sorts nearest work and nearest home first, offering those sorts only when the postcode is known', async () => {
    const byWork = await search({ work_postcode: 'LS17 6PX', sort_by: 'nearest-work' });
    const distances = (byWork.body.data as Item[]).map((i) => i.distanceFromWork!);
    expect(distances).to.deep.equal([...distances].sort((a, b) => a - b));
    expect(byWork.body.pagination.total).to.equal(all.length);
    expect(byWork.body.sortOptions.map((o: { value: string }) => o.value)).to.deep.equal(['newest', 'price-low-high', 'price-high-low', 'nearest', 'monthly-cost-low-high', 'nearest-work']);
    const byHome = await search({ home_postcode: 'CF5 1AJ', sort_by: 'nearest-home', size: 2 });
    expect(byHome.body.data[0].id).to.equal(L.cardiffMarket!.id);
    expect(byHome.body.data[0].distanceFromHome).to.equal(0);
    expect(byHome.body.sortOptions.map((o: { value: string }) => o.value)).to.include('nearest-home').and.not.include('nearest-work');
    expect(byHome.body.pagination.total).to.equal(all.length);
    // featured listings still come first
    const featured = await search({ work_postcode: 'LS17 6PX', sort_by: 'nearest-work', max_featured: 1, size: 3 });
    expect(featured.status).to.equal(200);
  });

  it('refuses unknown postcodes and what needs a postcode or an income nobody gave', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ work_postcode: 'YY1 1AA' }, 'work_postcode'],
      [{ home_postcode: 'not a postcode' }, 'home_postcode'],
      [{ sort_by: 'nearest-work' }, 'sort_by'],
      [{ sort_by: 'nearest-home', work_postcode: 'LS17 6PX' }, 'sort_by'],
      [{ max_distance_from_work: 3 }, 'max_distance_from_work'],
      [{ max_distance_from_work: 0, work_postcode: 'LS17 6PX' }, 'max_distance_from_work'],
      [{ affordable_only: '1' }, 'affordable_only'],
      [{ max_monthly_cost: -1 }, 'max_monthly_cost'],
    ];
    for (const [query, param] of cases) {
      const res = await search(query);
      expect(res.status, JSON.stringify(query)).to.equal(422);
      expect(res.body.errors, JSON.stringify(query)).to.have.property(param);
    }
  });

  describe('a signed-in customer', () => {
    let customer: SignedIn;
    before(async () => {
      customer = await passwordCustomer({ homePostcode: 'CF5 1AJ', workPostcode: 'LS17 6PX', annualHouseholdIncome: 34000, deposit: 6000 });
    });

    it('is measured from the profile’s postcodes, the query’s winning', async () => {
      const own = await search({ sort_by: 'nearest-work' }, bearer(customer.accessToken));
      expect(own.status).to.equal(200);
      expect(own.body.work).to.deep.equal(WORK);
      expect(own.body.home.postcode).to.equal('CF5 1AJ');
      expect((own.body.data as Item[]).every((i) => i.distanceFromWork !== null && i.affordability !== null)).to.equal(true);
      const sent = await search({ work_postcode: 'BS1 3DU', sort_by: 'nearest-work' }, bearer(customer.accessToken));
      expect(sent.body.work.postcode).to.equal('BS1 3DU');
      // the same URL anonymous: nothing of the customer's
      const anonymous = await search({ work_postcode: 'BS1 3DU', sort_by: 'nearest-work' });
      expect(anonymous.body.home).to.equal(null);
      expect((anonymous.body.data as Item[]).every((i) => i.affordability === null)).to.equal(true);
      expect(ids(anonymous.body.data)).to.deep.equal(ids(sent.body.data));
      // and a kept anonymous answer does not serve the customer
      const again = await search({ sort_by: 'nearest-work', work_postcode: 'LS17 6PX' });
      expect(again.body.home).to.equal(null);
    });

    it('takes affordable_only from the profile’s income', async () => {
      const res = await search({ affordable_only: '1' }, bearer(customer.accessToken));
      expect(res.status).to.equal(200);
      expect((res.body.data as Item[]).every((i) => i.affordability?.status === 'affordable')).to.equal(true);
    });
  });
});
