import { expect } from 'chai';
import { api } from '../support/api.ts';
import { testApp } from '../support/test-app.ts';
import { createAccount, developmentPayload, eventually, listingPayload, propertyPayload, withKey, type TestAccount } from '../support/factories.ts';
import { markListingsChanged } from '../../src/sync/outbox.ts';
import { londonToday } from '../../src/core/london-time.ts';

// Listings in Norwich, a place no other test uses.
const SEARCH = '/api/rest/portal/search';
const PROPERTIES = '/api/rest/inventory/properties';
const DAY = 86_400_000;

interface Item {
  id: number;
  priceReducedOn: string | null;
}

const norwich = (query: Record<string, string | number> = {}) => api.get(SEARCH, { query: { location: 'NR1 3HB', radius: 5, max_featured: 0, size: 50, ...query } });
const reducedIds = async () => ((await norwich({ reduced_only: 'yes' })).body.data as Item[]).map((i) => i.id);
const itemOf = async (id: number) => ((await norwich()).body.data as Item[]).find((i) => i.id === id);

describe('price history and reductions', function () {
  this.timeout(60_000);
  let account: TestAccount;
  const today = londonToday();

  before(async () => {
    account = await createAccount({ tier: 'premium' });
    await api.put('/api/rest/inventory/developments/ph-dev', developmentPayload({ postcode: 'NR1 3HB', displayAddress: 'Prince of Wales Road, Norwich' }), withKey(account));
  });

  /** A listing of one new property, searchable at once. */
  async function listingWith(ref: string, property: Record<string, unknown> = {}, listing: Record<string, unknown> = {}) {
    await api.put(`${PROPERTIES}/${ref}`, propertyPayload('ph-dev', property), withKey(account));
    const res = await api.put(`/api/rest/listings/l-${ref}`, listingPayload('ph-dev', [ref], { name: `Norwich ${ref}`, ...listing }), withKey(account, { refresh: 'wait_for' }));
    expect(res.status).to.equal(201);
    return res.body as { id: number; slug: string };
  }

  const historyOf = async (id: number) => (await api.get(`/api/rest/portal/listings/${id}/properties`)).body.data[0].priceHistory;
  const detailsOf = async (id: number) => (await api.get(`/api/rest/portal/listings/${id}`)).body;

  it('shows a price cut sent through the sync API in the history, priceReducedOn and reduced_only', async () => {
    const { id } = await listingWith('ph-cut', { fullMarketPrice: 300000 });
    expect(await historyOf(id)).to.deep.equal([{ date: today, price: 300000, change: 'added' }]);
    expect((await itemOf(id))!.priceReducedOn).to.equal(null);
    expect(await reducedIds()).to.not.include(id);

    const cut = await api.patch(`${PROPERTIES}/ph-cut`, { fullMarketPrice: 285000 }, withKey(account));
    expect(cut.status).to.equal(200);
    // within the usual write-to-search delay, without waiting for the index in the write; every read
    // in the wait, since with replicas each copy of the shard refreshes on its own
    await eventually(async () => {
      expect(await reducedIds()).to.include(id);
      expect((await itemOf(id))!.priceReducedOn).to.equal(today);
      expect((await detailsOf(id)).priceReducedOn).to.equal(today);
      const full = (await api.get(`/api/rest/portal/listings/${id}/full-details`)).body;
      expect(full.listing.priceReducedOn).to.equal(today);
      expect(full.listing.propertyDetails.priceHistory).to.deep.equal([
        { date: today, price: 300000, change: 'added' },
        { date: today, price: 285000, change: 'reduced' },
      ]);
    });
  });

  it('adds nothing for a write with the same price, nor for a null price', async () => {
    const { id } = await listingWith('ph-same', { fullMarketPrice: 250000 });
    const again = await api.put(`${PROPERTIES}/ph-same`, propertyPayload('ph-dev', { fullMarketPrice: 250000, bedrooms: 3 }), withKey(account, { refresh: 'wait_for' }));
    expect(again.status).to.equal(200);
    const { prisma } = testApp().runtime;
    const property = await prisma.property.findFirstOrThrow({ where: { accountId: account.id, externalRef: 'ph-same' } });
    expect(await prisma.propertyPriceChange.count({ where: { propertyId: property.id } })).to.equal(1);
    await api.put(`${PROPERTIES}/ph-same`, propertyPayload('ph-dev', { fullMarketPrice: null, bedrooms: 3 }), withKey(account));
    expect(await prisma.propertyPriceChange.count({ where: { propertyId: property.id } })).to.equal(1);
    expect((await detailsOf(id)).bedrooms).to.deep.equal([3]);
    expect(await historyOf(id)).to.deep.equal([{ date: today, price: 250000, change: 'added' }]);
  });

  it('records an increase as increased, which sets no priceReducedOn', async () => {
    const { id } = await listingWith('ph-up', { forSale: false, isSharedOwnership: false, monthlyRent: 1100 }, { forSale: false, schemes: ['market-rent'], depositPercentage: null });
    await api.patch(`${PROPERTIES}/ph-up`, { monthlyRent: 1150 }, withKey(account, { refresh: 'wait_for' }));
    expect(await historyOf(id)).to.deep.equal([
      { date: today, price: 1100, change: 'added' },
      { date: today, price: 1150, change: 'increased' },
    ]);
    const rentals = await norwich({ occupancy_type: 'to-rent' });
    expect((rentals.body.data as Item[]).find((i) => i.id === id)!.priceReducedOn).to.equal(null);
    expect(((await norwich({ occupancy_type: 'to-rent', reduced_only: '1' })).body.data as Item[]).map((i) => i.id)).to.not.include(id);
  });

  it('records history from bulk writes too', async () => {
    const item = (price: number) => ({ externalRef: 'ph-bulk', ...propertyPayload('ph-dev', { fullMarketPrice: price }) });
    const first = await api.post('/api/bulk/inventory/properties', { data: [item(200000)] }, withKey(account));
    expect(first.body.data[0].status).to.equal('created');
    const { id } = (await api.put('/api/rest/listings/l-ph-bulk', listingPayload('ph-dev', ['ph-bulk'], { name: 'Norwich bulk' }), withKey(account))).body;
    const second = await api.post('/api/bulk/inventory/properties', { data: [item(190000)] }, withKey(account, { refresh: 'wait_for' }));
    expect(second.body.data[0].status).to.equal('updated');
    expect(await historyOf(id)).to.deep.equal([
      { date: today, price: 200000, change: 'added' },
      { date: today, price: 190000, change: 'reduced' },
    ]);
    expect(await reducedIds()).to.include(id);
  });

  it('shows no priceReducedOn, and does not match reduced_only, for a reduction older than 30 days', async () => {
    const { id } = await listingWith('ph-old', { fullMarketPrice: 400000 });
    await api.patch(`${PROPERTIES}/ph-old`, { fullMarketPrice: 380000 }, withKey(account, { refresh: 'wait_for' }));
    expect(await reducedIds()).to.include(id);
    // the same history, as if both changes had been made long ago
    const { prisma } = testApp().runtime;
    const property = await prisma.property.findFirstOrThrow({ where: { accountId: account.id, externalRef: 'ph-old' } });
    const longAgo = new Date(Date.now() - 40 * DAY);
    await prisma.$transaction(async (tx) => {
      await tx.propertyPriceChange.updateMany({ where: { propertyId: property.id }, data: { changedAt: longAgo } });
      await markListingsChanged(tx, [id]);
    });
    // every read in the wait: with replicas, each copy of the shard refreshes on its own, so one search
    // may show the change a moment before the next one does
    const day = longAgo.toISOString().slice(0, 10);
    await eventually(async () => {
      expect(await reducedIds()).to.not.include(id);
      expect((await itemOf(id))!.priceReducedOn).to.equal(null);
      expect((await detailsOf(id)).priceReducedOn).to.equal(null);
      expect((await historyOf(id)).map((e: { date: string; change: string }) => [e.change, e.date.slice(0, 7)])).to.deep.equal([
        ['added', day.slice(0, 7)],
        ['reduced', day.slice(0, 7)],
      ]);
    });
  });

  it('rejects a reduced_only that is not a flag (422)', async () => {
    const res = await norwich({ reduced_only: 'maybe' });
    expect(res.status).to.equal(422);
    expect(res.body.errors).to.have.property('reduced_only');
  });

  it('sorts newest by publication time: publishAt, or creation when that came later', async () => {
    const { prisma } = testApp().runtime;
    const now = Date.now();
    const older = await listingWith('ph-new-a', {}, { name: 'Norwich created ten days ago' });
    const republished = await listingWith('ph-new-b', {}, { name: 'Norwich created twenty days ago, published yesterday', publishAt: new Date(now - DAY).toISOString() });
    const latest = await listingWith('ph-new-c', {}, { name: 'Norwich created now' });
    await prisma.$transaction(async (tx) => {
      await tx.listing.update({ where: { id: older.id }, data: { createdAt: new Date(now - 10 * DAY) } });
      await tx.listing.update({ where: { id: republished.id }, data: { createdAt: new Date(now - 20 * DAY) } });
      await markListingsChanged(tx, [older.id, republished.id]);
    });
    const order = async () => {
      const ids = ((await norwich({ sort_by: 'newest' })).body.data as Item[]).map((i) => i.id);
      return ids.filter((i) => [older.id, republished.id, latest.id].includes(i));
    };
    await eventually(async () => expect(await order()).to.deep.equal([latest.id, republished.id, older.id]));
  });
});
