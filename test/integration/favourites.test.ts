import { expect } from 'chai';
import { api } from '../support/api.ts';
import { createAccount, pushListing, withKey, type TestAccount } from '../support/factories.ts';
import { smtpSink } from '../support/smtp-sink.ts';
import { P, bearer, passwordCustomer, passwordlessCustomer, type SignedIn } from '../support/customers.ts';

const FAVOURITES = `${P}/profile/favourites`;

const add = (customer: SignedIn, listing: unknown) => api.post(FAVOURITES, { listing }, bearer(customer.accessToken));
const isFavourite = async (customer: SignedIn, id: number | string) =>
  (await api.head(`${FAVOURITES}/${id}`, bearer(customer.accessToken))).status;
const listed = async (customer: SignedIn) => {
  const res = await api.get(FAVOURITES, bearer(customer.accessToken));
  expect(res.status).to.equal(200);
  return res.body.data as { id: number; favourite: boolean; name: string }[];
};

describe('customer accounts: favourites', () => {
  let account: TestAccount;
  const listings: Record<string, number> = {};

  before(async () => {
    await smtpSink();
    account = await createAccount();
    for (const [key, overrides] of [
      ['canal', { name: 'Canal Wharf' }],
      ['mill', { name: 'Mill Court' }],
      ['quay', { name: 'Quay House' }],
      ['draft', { name: 'Draft Place', published: false }],
      ['later', { name: 'Later Lane', publishAt: '2999-01-01T00:00:00Z' }],
      ['withdrawn', { name: 'Gone Gardens' }],
    ] as const) {
      const { res } = await pushListing(account, api, `fav-${key}`, overrides);
      expect(res.status).to.equal(201);
      listings[key] = res.body.id;
    }
  });

  it('adds a live listing (201, empty body) and says so with HEAD', async () => {
    const customer = await passwordCustomer();
    expect(await isFavourite(customer, listings.canal!)).to.equal(404);
    const res = await add(customer, listings.canal);
    expect(res.status).to.equal(201);
    expect(res.text).to.equal('');
    expect(await isFavourite(customer, listings.canal!)).to.equal(200);
  });

  it('is 409 with a message when the listing is already a favourite', async () => {
    const customer = await passwordCustomer();
    await add(customer, listings.mill);
    const again = await add(customer, listings.mill);
    expect(again.status).to.equal(409);
    expect(again.body.message).to.match(/already one of your favourites/);
  });

  it('gives one 201 and one 409 for two simultaneous adds of one listing', async () => {
    const customer = await passwordCustomer();
    const results = await Promise.all([add(customer, listings.quay), add(customer, listings.quay)]);
    expect(results.map((r) => r.status).sort()).to.deep.equal([201, 409]);
  });

  it('is 404 for an unknown listing or one that is not live (unpublished, not yet published)', async () => {
    const customer = await passwordCustomer();
    for (const id of [999_999, listings.draft, listings.later]) {
      const res = await add(customer, id);
      expect(res.status, String(id)).to.equal(404);
      expect(res.body.message).to.be.a('string');
    }
    expect(await listed(customer)).to.be.empty;
  });

  it('is 422 without a listing id or with one that is not a whole number', async () => {
    const customer = await passwordCustomer();
    for (const body of [{}, { listing: 'abc' }, { listing: 1.5 }, { listing: -3 }]) {
      const res = await api.post(FAVOURITES, body, bearer(customer.accessToken));
      expect(res.status, JSON.stringify(body)).to.equal(422);
      expect(res.body.errors).to.have.property('listing');
    }
  });

  it('lists the live favourites as listing items with favourite: true, most recent first', async () => {
    const customer = await passwordlessCustomer();
    for (const key of ['canal', 'quay', 'mill']) expect((await add(customer, listings[key])).status).to.equal(201);
    const items = await listed(customer);
    expect(items.map((i) => i.id)).to.deep.equal([listings.mill, listings.quay, listings.canal]);
    expect(items.every((i) => i.favourite === true)).to.equal(true);
    expect(items[0]!.name).to.equal('Mill Court');
  });

  it('keeps a favourite whose listing leaves the marketplace, but no longer lists it', async () => {
    const customer = await passwordCustomer();
    await add(customer, listings.withdrawn);
    await add(customer, listings.canal);
    expect((await listed(customer)).map((i) => i.id)).to.include(listings.withdrawn);
    const del = await api.delete(`/api/rest/listings/listing-fav-withdrawn`, withKey(account, { refresh: 'wait_for' }));
    expect(del.status).to.equal(200);
    expect((await listed(customer)).map((i) => i.id)).to.deep.equal([listings.canal]);
    expect(await isFavourite(customer, listings.withdrawn!)).to.equal(200);
    expect((await add(customer, listings.withdrawn)).status, 'a withdrawn listing cannot be added').to.equal(404);
  });

  it('removes a favourite (200), then 404 for it and for ids that are not favourites', async () => {
    const customer = await passwordCustomer();
    await add(customer, listings.canal);
    const res = await api.delete(`${FAVOURITES}/${listings.canal}`, bearer(customer.accessToken));
    expect(res.status).to.equal(200);
    expect(await isFavourite(customer, listings.canal!)).to.equal(404);
    expect((await api.delete(`${FAVOURITES}/${listings.canal}`, bearer(customer.accessToken))).status).to.equal(404);
    expect((await api.delete(`${FAVOURITES}/not-an-id`, bearer(customer.accessToken))).status).to.equal(404);
    expect(await isFavourite(customer, 'not-an-id')).to.equal(404);
    expect(await listed(customer)).to.be.empty;
  });

  it("never shows or changes another customer's favourites", async () => {
    const a = await passwordCustomer();
    const b = await passwordlessCustomer();
    await add(a, listings.canal);
    await add(a, listings.mill);
    await add(b, listings.quay);
    expect((await listed(a)).map((i) => i.id)).to.have.members([listings.canal, listings.mill]);
    expect((await listed(b)).map((i) => i.id)).to.deep.equal([listings.quay]);
    expect(await isFavourite(b, listings.canal!)).to.equal(404);
    expect((await api.delete(`${FAVOURITES}/${listings.canal}`, bearer(b.accessToken))).status).to.equal(404);
    expect(await isFavourite(a, listings.canal!)).to.equal(200);
    expect((await add(b, listings.canal)).status, 'b may add the same listing for itself').to.equal(201);
    expect((await listed(a)).map((i) => i.id)).to.have.members([listings.canal, listings.mill]);
  });
});
