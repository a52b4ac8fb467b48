// A home sold below its open-market value (First Homes, Discount Market Sale): the synchronisation
// interfaces take its openMarketValue (REST and bulk) and refuse one that does not fit the home, field
// by field; listing items, listing details and property details show it with the discount derived
// from it. Every answer is also checked against the OpenAPI document (test/support/api.ts).
import { expect } from 'chai';
import { api } from '../support/api.ts';
import { createAccount, developmentPayload, listingPayload, propertyPayload, withKey, type TestAccount } from '../support/factories.ts';
import { P } from '../support/customers.ts';

const DEV = '/api/rest/inventory/developments';
const PROP = '/api/rest/inventory/properties';
const firstHome = (overrides: Record<string, unknown> = {}) =>
  propertyPayload('omv-dev', { isSharedOwnership: false, minSharePercentage: null, subsidisedMonthlyRent: null, fullMarketPrice: 175_000, openMarketValue: 250_000, ...overrides });

describe('open-market value and discount of a home sold below it', function () {
  this.timeout(60_000);
  let account: TestAccount;
  before(async () => {
    account = await createAccount({ tier: 'premium' });
    await api.put(`${DEV}/omv-dev`, developmentPayload({ postcode: 'EX1 2BG', displayAddress: 'Sidwell Street, Exeter' }), withKey(account));
  });

  it('keeps openMarketValue through PUT, GET and PATCH, and null when left out', async () => {
    const put = await api.put(`${PROP}/omv-1`, firstHome(), withKey(account));
    expect(put.status, put.text).to.equal(201);
    expect(put.body).to.include({ fullMarketPrice: 175_000, openMarketValue: 250_000 });
    expect((await api.get(`${PROP}/omv-1`, withKey(account))).body).to.include({ openMarketValue: 250_000 });
    const same = await api.put(`${PROP}/omv-1`, firstHome(), withKey(account));
    expect(same.body.updatedAt).to.equal(put.body.updatedAt);
    const patched = await api.patch(`${PROP}/omv-1`, { openMarketValue: 260_000 }, withKey(account));
    expect(patched.status, patched.text).to.equal(200);
    expect(patched.body).to.include({ fullMarketPrice: 175_000, openMarketValue: 260_000 });
    const listed = await api.get(PROP, withKey(account, { development: 'omv-dev' }));
    expect(listed.body.data.find((p: { externalRef: string }) => p.externalRef === 'omv-1')).to.include({ openMarketValue: 260_000 });
    const plain = await api.put(`${PROP}/omv-plain`, propertyPayload('omv-dev'), withKey(account));
    expect(plain.body.openMarketValue).to.equal(null);
  });

  for (const [what, overrides, message] of [
    ['text', { openMarketValue: '250000' }, /must be a number/],
    ['a negative value', { openMarketValue: -1 }, /more than 0/],
    ['zero', { openMarketValue: 0 }, /more than 0/],
    ['a value below the price asked', { fullMarketPrice: 260_000 }, /not be below fullMarketPrice/],
    ['a home to rent', { forSale: false, fullMarketPrice: null, monthlyRent: 900 }, /for sale only/],
    ['shared ownership', { isSharedOwnership: true, minSharePercentage: 25, subsidisedMonthlyRent: 400 }, /not for shared ownership/],
  ] as const) {
    it(`answers 422 naming openMarketValue for ${what}, in REST and in bulk`, async () => {
      const res = await api.put(`${PROP}/omv-bad`, firstHome(overrides), withKey(account));
      expect(res.status, res.text).to.equal(422);
      expect(res.body.errors).to.have.keys('openMarketValue');
      expect(res.body.errors.openMarketValue[0]).to.match(message);
      const bulk = await api.post('/api/bulk/inventory/properties', { data: [{ externalRef: 'omv-bad', ...firstHome(overrides) }] }, withKey(account));
      expect(bulk.body.data[0]).to.include({ externalRef: 'omv-bad', status: 'failed' });
      expect(bulk.body.data[0].errors).to.have.keys('openMarketValue');
    });
  }

  it('holds a PATCH of the price to the stored value: 422, and nothing changes', async () => {
    await api.put(`${PROP}/omv-2`, firstHome(), withKey(account));
    const res = await api.patch(`${PROP}/omv-2`, { fullMarketPrice: 251_000 }, withKey(account));
    expect(res.status).to.equal(422);
    expect(res.body.errors).to.have.keys('openMarketValue');
    expect((await api.get(`${PROP}/omv-2`, withKey(account))).body).to.include({ fullMarketPrice: 175_000, openMarketValue: 250_000 });
  });

  it('creates in bulk beside a failed item, and the value reads back', async () => {
    const res = await api.post(
      '/api/bulk/inventory/properties',
      { data: [{ externalRef: 'omv-b1', ...firstHome({ fullMarketPrice: 140_000, openMarketValue: 280_000 }) }, { externalRef: 'omv-b2', ...firstHome({ openMarketValue: 'lots' }) }] },
      withKey(account),
    );
    expect(res.body.data.map((r: { status: string }) => r.status)).to.deep.equal(['created', 'failed']);
    expect((await api.get(`${PROP}/omv-b1`, withKey(account))).body).to.include({ fullMarketPrice: 140_000, openMarketValue: 280_000 });
  });

  it("shows the headline home's value and discount on the item, the listing details and each property's details", async () => {
    await api.put(`${PROP}/omv-a`, firstHome({ propertyNumber: 'Flat 1', fullMarketPrice: 175_000, openMarketValue: 250_000 }), withKey(account));
    await api.put(`${PROP}/omv-b`, firstHome({ propertyNumber: 'Flat 2', bedrooms: 3, fullMarketPrice: 196_000, openMarketValue: 280_000 }), withKey(account));
    // sold: cheaper and deeper discounted, never the headline while another is advertised
    await api.put(`${PROP}/omv-c`, firstHome({ propertyNumber: 'Flat 3', fullMarketPrice: 120_000, openMarketValue: 240_000, availabilityStatus: 'closed' }), withKey(account));
    const listing = await api.put(
      '/api/rest/listings/omv-listing',
      listingPayload('omv-dev', ['omv-a', 'omv-b', 'omv-c'], { name: 'Sidwell Yard', schemes: ['first-homes'], depositPercentage: 5 }),
      withKey(account, { refresh: 'wait_for' }),
    );
    expect(listing.status, listing.text).to.equal(201);
    const id = listing.body.id as number;

    const details = (await api.get(`${P}/listings/${id}`)).body;
    expect(details).to.include({ fullMarketPrice: 175_000, openMarketValue: 250_000, discountPercentage: 30 });
    const threeBed = (await api.get(`${P}/listings/${id}`, { query: { 'bedrooms[]': ['3'] } })).body;
    expect(threeBed).to.include({ fullMarketPrice: 196_000, openMarketValue: 280_000, discountPercentage: 30 });
    const homes = (await api.get(`${P}/listings/${id}/properties`)).body.data as { propertyNumber: string; openMarketValue: number; discountPercentage: number }[];
    expect(homes.map((h) => [h.propertyNumber, h.openMarketValue, h.discountPercentage])).to.deep.equal([
      ['Flat 1', 250_000, 30],
      ['Flat 2', 280_000, 30],
      ['Flat 3', 240_000, 50],
    ]);

    const search = await api.get(`${P}/search`, { query: { location: 'EX1 2BG', radius: 1, max_featured: 0, 'schemes[]': ['first-homes'] } });
    expect(search.status, search.text).to.equal(200);
    const item = (search.body.data as { id: number }[]).find((i) => i.id === id);
    expect(item, 'the listing is found').to.include({ fullMarketPrice: 175_000, openMarketValue: 250_000, discountPercentage: 30 });
    // filtered to the three-bedroom home, the item shows that home's figures
    const filtered = await api.get(`${P}/search`, { query: { location: 'EX1 2BG', radius: 1, max_featured: 0, 'bedrooms[]': ['3'] } });
    expect((filtered.body.data as { id: number }[]).find((i) => i.id === id)).to.include({ fullMarketPrice: 196_000, openMarketValue: 280_000, discountPercentage: 30 });
  });
});
