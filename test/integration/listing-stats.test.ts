// Listing performance: what is counted, on which UK day, for whom. Impressions and views are counted in
// memory and written by a flush (every LISTING_STATS_FLUSH_MS; here the test flushes at once).
import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { api } from '../support/api.ts';
import { createAccount, developmentPayload, eventually, listingPayload, propertyPayload, withKey, type TestAccount } from '../support/factories.ts';
import { bearer, passwordCustomer, P } from '../support/customers.ts';
import { applied, daysFromNow, slotIds } from '../support/applications.ts';
import { startVariantApp, testApp } from '../support/test-app.ts';
import { londonToday } from '../../src/core/london-time.ts';
import { ListingStats } from '../../src/listing-stats/listing-stats-recorder.ts';

interface Day {
  date: string;
  searchImpressions: number;
  detailViews: number;
  favourites: number;
  registrations: number;
  appointments: number;
}

const ZERO = { searchImpressions: 0, detailViews: 0, favourites: 0, registrations: 0, appointments: 0 };
const LOCATION = 'OX1 1BZ';

interface Pushed {
  id: number;
  slug: string;
  ref: string;
}

async function pushOxfordListing(account: TestAccount, name: string): Promise<Pushed> {
  const suffix = randomUUID().slice(0, 8);
  const dev = `stats-dev-${suffix}`;
  expect((await api.put(`/api/rest/inventory/developments/${dev}`, developmentPayload({ postcode: LOCATION }), withKey(account))).status).to.equal(201);
  expect((await api.put(`/api/rest/inventory/properties/stats-prop-${suffix}`, propertyPayload(dev), withKey(account))).status).to.equal(201);
  const ref = `stats-listing-${suffix}`;
  const res = await api.put(
    `/api/rest/listings/${ref}`,
    listingPayload(dev, [`stats-prop-${suffix}`], { name, openDays: [{ date: daysFromNow(9), time: '11:00', durationMin: 60, capacity: 9 }] }),
    withKey(account, { refresh: 'wait_for' }),
  );
  expect(res.status, res.text).to.equal(201);
  await eventually(async () => expect((await api.get(`${P}/listings/${res.body.id}`)).status).to.equal(200));
  return { id: res.body.id, slug: res.body.slug, ref };
}

describe('listing performance statistics', function () {
  this.timeout(60_000);
  let account: TestAccount;
  let other: TestAccount;
  let listing: Pushed;
  let second: Pushed;
  const flush = () => testApp().runtime.listingStats.flush();
  const stats = async (ref: string, query: Record<string, string> = {}, who: TestAccount = account) => {
    const res = await api.get(`/api/rest/listings/${ref}/stats`, withKey(who, query));
    return res;
  };
  const today = async (ref: string): Promise<Day> => {
    await flush();
    const res = await stats(ref, { from: londonToday(), to: londonToday() });
    expect(res.status, res.text).to.equal(200);
    return res.body.data[0] as Day;
  };
  const search = (query: Record<string, string> = {}) =>
    api.get(`${P}/search`, { query: { location: LOCATION, radius: '1', max_featured: '0', ...query } });

  before(async () => {
    account = await createAccount();
    other = await createAccount();
    listing = await pushOxfordListing(account, 'Bute Street');
    second = await pushOxfordListing(account, 'Callaghan Square');
    await flush();
  });

  it('gives the last 30 days by default, a row per day with zeros', async () => {
    const res = await stats(listing.ref);
    expect(res.status, res.text).to.equal(200);
    const days = res.body.data as Day[];
    expect(days).to.have.length(30);
    expect(days[29]!.date).to.equal(londonToday());
    expect(days[0]!.date).to.equal(new Date(Date.parse(`${londonToday()}T00:00:00Z`) - 29 * 86_400_000).toISOString().slice(0, 10));
    for (const d of days.slice(0, 29)) expect(d).to.deep.equal({ date: d.date, ...ZERO });
  });

  it('counts a search impression for each listing in the data of a results page, kept responses included, and not the map', async () => {
    const before = await today(listing.ref);
    const beforeSecond = await today(second.ref);
    const first = await search();
    expect(first.status).to.equal(200);
    const ids = (first.body.data as { id: number }[]).map((i) => i.id);
    expect(ids).to.include.members([listing.id, second.id]);
    const { counts } = testApp().built.searchResponses;
    const reused = counts.reused;
    expect((await search()).text).to.equal(first.text);
    expect(counts.reused, 'the second search is a kept response').to.equal(reused + 1);
    expect(await today(listing.ref)).to.deep.include({ searchImpressions: before.searchImpressions + 2, detailViews: before.detailViews });

    // one result per page: the other listing is on the map of the page, not in its data
    const one = await search({ size: '1', sort_by: 'price-low-high' });
    const shown = (one.body.data as { id: number }[]).map((i) => i.id);
    expect(shown).to.have.length(1);
    expect(one.body.mapListings?.length ?? 0).to.be.at.least(2);
    const afterOne = await today(listing.ref);
    const afterOneSecond = await today(second.ref);
    expect(afterOne.searchImpressions + afterOneSecond.searchImpressions).to.equal(before.searchImpressions + beforeSecond.searchImpressions + 2 + 2 + 1);
  });

  it('counts a detail view for a listing read by id or by slug, not its other reads, once per visitor and day', async () => {
    const before = await today(listing.ref);
    const as = (agent: string) => ({ headers: { 'User-Agent': agent } });
    expect((await api.get(`${P}/listings/${listing.id}/properties`, as('visitor one'))).status).to.equal(200);
    expect((await api.get(`${P}/listings/${listing.id}/similar`, as('visitor one'))).status).to.equal(200);
    expect(await today(listing.ref)).to.deep.include({ detailViews: before.detailViews, searchImpressions: before.searchImpressions });
    // twenty reads of the page by one visitor, by id and by slug, across flushes: one view
    for (let i = 0; i < 20; i++) {
      const path = i % 2 ? `${P}/listings/${listing.id}` : `${P}/listings/slug/${listing.slug}/full-details`;
      expect((await api.get(path, as('visitor one'))).status).to.equal(200);
      if (i === 10) await flush();
    }
    expect(await today(listing.ref)).to.deep.include({ detailViews: before.detailViews + 1 });
    // another visitor (another browser at the same address), and a signed-in customer there: one each
    expect((await api.get(`${P}/listings/${listing.id}`, as('visitor two'))).status).to.equal(200);
    const customer = await passwordCustomer();
    for (let i = 0; i < 3; i++) expect((await api.get(`${P}/listings/${listing.id}`, { headers: { ...bearer(customer.accessToken).headers, 'User-Agent': `any ${i}` } })).status).to.equal(200);
    expect(await today(listing.ref)).to.deep.include({ detailViews: before.detailViews + 3 });
  });

  it('counts a visitor once a day whichever instance sees them, again the next day, and forgets the visitors of older days', async () => {
    const { prisma, logger } = testApp().runtime;
    let now = Date.parse('2020-03-10T12:00:00Z');
    const instance = () => new ListingStats(prisma, logger, { enabled: true, flushMs: 60_000, visitorKey: 'test key', clock: () => now });
    const [a, b] = [instance(), instance()];
    const ada = { customerId: null, address: '203.0.113.7', userAgent: 'Firefox' };
    const grace = { customerId: null, address: '203.0.113.8', userAgent: 'Firefox' };
    const views = async (date: string) =>
      (await prisma.listingDailyStat.findUnique({ where: { listingId_date: { listingId: second.id, date: new Date(`${date}T00:00:00Z`) } } }))?.detailViews ?? 0;
    for (const recorder of [a, b, a]) recorder.detailView(second.id, ada);
    b.detailView(second.id, grace);
    await Promise.all([a.flush(), b.flush()]);
    expect(await views('2020-03-10')).to.equal(2);
    a.detailView(second.id, grace);
    await a.flush();
    expect(await views('2020-03-10')).to.equal(2);
    // the next UK day, the same visitor counts again
    now += 86_400_000;
    b.detailView(second.id, ada);
    await b.flush();
    expect(await views('2020-03-11')).to.equal(1);
    // what is kept of a visitor is an HMAC, never the address or the agent
    const kept = await prisma.listingDailyVisitor.findMany({ where: { listingId: second.id, date: { lt: new Date('2021-01-01T00:00:00Z') } } });
    expect(kept).to.have.length(3);
    for (const row of kept) expect(Buffer.from(row.visitor).toString('latin1')).to.not.include('203.0.113');
    // two days on, the visitors of the first day are gone; the counts stay
    now += 2 * 86_400_000;
    const c = instance();
    c.detailView(second.id, grace);
    await c.flush();
    expect(await prisma.listingDailyVisitor.count({ where: { listingId: second.id, date: new Date('2020-03-10T00:00:00Z') } })).to.equal(0);
    expect(await views('2020-03-10')).to.equal(2);
  });

  it('counts a favourite added, a registration of interest and an appointment booked on the right day', async () => {
    const before = await today(listing.ref);
    const customer = await passwordCustomer();
    expect((await api.post(`${P}/profile/favourites`, { listing: listing.id }, bearer(customer.accessToken))).status).to.equal(201);
    // adding it again is refused (409) and counts nothing
    expect((await api.post(`${P}/profile/favourites`, { listing: listing.id }, bearer(customer.accessToken))).status).to.equal(409);
    const app = await applied(customer, listing.id);
    const [slot] = await slotIds(listing.id);
    expect((await api.post(`${P}/profile/applications/${app.id}/appointments`, { slot }, bearer(customer.accessToken))).status).to.equal(201);
    expect(await today(listing.ref)).to.deep.equal({
      date: londonToday(),
      searchImpressions: before.searchImpressions,
      detailViews: before.detailViews,
      favourites: before.favourites + 1,
      registrations: before.registrations + 1,
      appointments: before.appointments + 1,
    });
    // the other listing's counts are its own
    expect(await today(second.ref)).to.deep.include({ favourites: 0, registrations: 0, appointments: 0 });
  });

  it('counts in UK days: 23:30 UTC on a summer evening is the next day', async () => {
    await testApp().runtime.listingStats.countNow(second.id, 'favourites', new Date('2026-07-01T23:30:00Z'));
    await testApp().runtime.listingStats.countNow(second.id, 'favourites', new Date('2026-12-01T23:30:00Z'));
    const summer = (await stats(second.ref, { from: '2026-07-01', to: '2026-07-02' })).body.data as Day[];
    expect(summer).to.deep.equal([
      { date: '2026-07-01', ...ZERO },
      { date: '2026-07-02', ...ZERO, favourites: 1 },
    ]);
    const winter = (await stats(second.ref, { from: '2026-12-01', to: '2026-12-02' })).body.data as Day[];
    expect(winter.map((d) => d.favourites)).to.deep.equal([1, 0]);
  });

  it("is the owner's only: another provider's listing is 404, as is an unknown one", async () => {
    expect((await stats(listing.ref, {}, other)).status).to.equal(404);
    expect((await stats('no-such-listing')).status).to.equal(404);
    expect((await api.get(`/api/rest/listings/${listing.ref}/stats`)).status).to.equal(401);
  });

  it('refuses bad dates and ranges with 422', async () => {
    const bad = async (query: Record<string, string>, field: string) => {
      const res = await stats(listing.ref, query);
      expect(res.status, `${JSON.stringify(query)}: ${res.text}`).to.equal(422);
      expect(res.body.errors).to.have.property(field);
    };
    await bad({ from: '2026-02-30' }, 'from');
    await bad({ to: 'yesterday' }, 'to');
    await bad({ from: '2026-01-10', to: '2026-01-09' }, 'from');
    await bad({ from: '2025-01-01', to: '2026-01-02' }, 'to');
    const longest = await stats(listing.ref, { from: '2025-01-01', to: '2026-01-01' });
    expect(longest.status).to.equal(200);
    expect(longest.body.data).to.have.length(366);
  });

  it('counts nothing with LISTING_STATS=false', async () => {
    const off = await startVariantApp({ LISTING_STATS: 'false' });
    try {
      const before = await today(listing.ref);
      const res = await api.get(`${P}/search`, { baseUrl: off.baseUrl, query: { location: LOCATION, radius: '1', max_featured: '0' } });
      expect((res.body.data as { id: number }[]).map((i) => i.id)).to.include(listing.id);
      expect((await api.get(`${P}/listings/${listing.id}`, { baseUrl: off.baseUrl })).status).to.equal(200);
      const customer = await passwordCustomer();
      expect((await api.post(`${P}/profile/favourites`, { listing: listing.id }, { ...bearer(customer.accessToken), baseUrl: off.baseUrl })).status).to.equal(201);
      expect(await today(listing.ref)).to.deep.equal(before);
    } finally {
      await off.close();
    }
  });
});
