// A kept search response is sent again only for the very context it was made for (search-service.ts
// CompletionContext, reuseKeyOf): two signed-in customers with different favourites, household and
// eligibility values each get their own items, however often they search and in whatever order,
// while each of them, and anybody without such values, is served from the memo.
import { expect } from 'chai';
import { api } from '../support/api.ts';
import { searchFixture, type SearchFixture } from '../support/search-fixture.ts';
import { bearer, passwordCustomer, P, type SignedIn } from '../support/customers.ts';
import { testApp } from '../support/test-app.ts';

interface Item {
  id: number;
  favourite: boolean | null;
  distanceFromWork: number | null;
  affordability: { status: string } | null;
  eligibility: { status: string } | null;
}

describe('one context for a kept search response', function () {
  this.timeout(60_000);
  let L: SearchFixture['listings'];
  let ada: SignedIn;
  let bo: SignedIn;
  const query = { location: 'Leeds', max_featured: 0, size: 50 };
  const search = async (who: SignedIn | null) => {
    const res = await api.get(`${P}/search`, who ? bearer(who.accessToken, { query }) : { query });
    expect(res.status).to.equal(200);
    return { text: res.text, items: new Map((res.body.data as Item[]).map((i) => [i.id, i])) };
  };

  before(async () => {
    L = (await searchFixture()).listings;
    // a first-time buyer on 34,000 working in north Leeds, and a home owner on 90,000 working in Bristol
    ada = await passwordCustomer({ workPostcode: 'LS17 6PX', annualHouseholdIncome: 34000, deposit: 6000, homeOwnershipStatus: 1 });
    bo = await passwordCustomer({ workPostcode: 'BS1 3DU', annualHouseholdIncome: 90000, deposit: 60000, homeOwnershipStatus: 3 });
    expect((await api.post(`${P}/profile/favourites`, { listing: L.leedsMarket!.id }, bearer(ada.accessToken))).status).to.equal(201);
    expect((await api.post(`${P}/profile/favourites`, { listing: L.leedsSO!.id }, bearer(bo.accessToken))).status).to.equal(201);
  });

  it('builds one response per context and sends each only to its own', async () => {
    const { counts } = testApp().built.searchResponses;
    const first = { ada: await search(ada), bo: await search(bo), nobody: await search(null) };

    // their own favourites, and their own values in every item
    const fixture = [L.leedsMarket!.id, L.leedsSO!.id, L.leedsFirst!.id];
    for (const id of fixture) for (const run of Object.values(first)) expect(run.items.has(id), `listing ${id}`).to.equal(true);
    expect(first.ada.items.get(L.leedsMarket!.id)!.favourite).to.equal(true);
    expect(first.ada.items.get(L.leedsSO!.id)!.favourite).to.equal(false);
    expect(first.bo.items.get(L.leedsMarket!.id)!.favourite).to.equal(false);
    expect(first.bo.items.get(L.leedsSO!.id)!.favourite).to.equal(true);
    // Holbeck Yard caps the income at 50,000 for first-time buyers: Bo fails on both, each with their own reasons
    expect(first.bo.items.get(L.leedsFirst!.id)!.eligibility?.status).to.equal('failed');
    expect(first.ada.items.get(L.leedsFirst!.id)!.eligibility).to.not.deep.equal(first.bo.items.get(L.leedsFirst!.id)!.eligibility);
    expect(first.ada.items.get(L.leedsSO!.id)!.affordability).to.not.deep.equal(first.bo.items.get(L.leedsSO!.id)!.affordability);
    const adaWork = first.ada.items.get(L.leedsSO!.id)!.distanceFromWork!;
    const boWork = first.bo.items.get(L.leedsSO!.id)!.distanceFromWork!;
    expect(adaWork).to.be.below(20);
    expect(boWork).to.be.above(100);
    for (const item of first.nobody.items.values()) expect([item.favourite, item.distanceFromWork, item.affordability, item.eligibility]).to.deep.equal([null, null, null, null]);

    // again, in another order: each from the memo, each exactly as before
    const { reused, built } = counts;
    const again = { bo: await search(bo), nobody: await search(null), ada: await search(ada) };
    expect(counts.reused - reused, 'every second search is a kept response').to.equal(3);
    expect(counts.built).to.equal(built);
    expect(again.ada.text).to.equal(first.ada.text);
    expect(again.bo.text).to.equal(first.bo.text);
    expect(again.nobody.text).to.equal(first.nobody.text);
    expect(again.ada.text).to.not.equal(again.bo.text);
  });
});
