// A kept search response outlives a change of the index that cannot touch it (a listing written far
// from the place searched: its footprint, listing-index/index-footprint.ts) and is sent again without
// asking the engine; a change inside the place searched is shown by the first search after it is
// announced searchable. The writes go through the reindex worker, which tells the footprint of each
// write and settles it once a search finds it (indexing/listing-indexer.ts).
import { expect } from 'chai';
import { api } from '../support/api.ts';
import { createAccount, developmentPayload, eventually, listingPayload, propertyPayload, withKey, type TestAccount } from '../support/factories.ts';
import { bearer, P, passwordCustomer } from '../support/customers.ts';
import { testApp } from '../support/test-app.ts';
import type { IndexChange } from '../../src/search/index-changes.ts';

type Item = { id: number; name: string; eligibility: { status: string } | null };

describe('kept search responses past changes elsewhere', function () {
  this.timeout(60_000);
  let account: TestAccount;
  const ids: Record<string, number> = {};
  const norwich = () => api.get(`${P}/search`, { query: { location: 'NR1 3HB', radius: 1, max_featured: 0 } });
  const nameIn = async (listing: string) => ((await norwich()).body.data as Item[]).find((i) => i.id === ids[listing])?.name;

  const listing = async (slug: string, postcode: string, name: string) => {
    await api.put(`/api/rest/inventory/developments/${slug}-dev`, developmentPayload({ postcode }), withKey(account));
    await api.put(`/api/rest/inventory/properties/${slug}-prop`, propertyPayload(`${slug}-dev`), withKey(account));
    const res = await api.put(`/api/rest/listings/${slug}`, listingPayload(`${slug}-dev`, [`${slug}-prop`], { name }), withKey(account, { refresh: 'wait_for' }));
    ids[slug] = res.body.id as number;
  };

  /** Renames the listing through the reindex worker; resolves with the change that settled it (this process's writer). */
  const renameThroughWorker = async (slug: string, name: string): Promise<IndexChange> => {
    const { indexChanges, prisma } = testApp().runtime;
    // no other write on its way: the changes heard from here on are this write's
    await eventually(async () => {
      expect(await prisma.listingOutbox.count()).to.equal(0);
      expect(indexChanges.openWrites()).to.equal(0);
    });
    const settled: IndexChange[] = [];
    const stop = indexChanges.onChange((change) => change.writer === indexChanges.writer && change.footprints?.some((f) => f !== '') && settled.push(change));
    try {
      expect((await api.patch(`/api/rest/listings/${slug}`, { name }, withKey(account))).status).to.equal(200);
      await eventually(async () => expect(settled).to.not.be.empty);
      return settled[0]!;
    } finally {
      stop();
    }
  };

  before(async () => {
    account = await createAccount();
    await listing('scope-norwich', 'NR1 3HB', 'Elm Hill');
    await listing('scope-ashford', 'TN23 1AA', 'Bank Street');
    await eventually(async () => expect(await nameIn('scope-norwich')).to.equal('Elm Hill'));
  });

  it('sends the kept response unasked after a listing far away changed', async () => {
    const { indexChanges } = testApp().runtime;
    const { counts } = testApp().built.searchResponses;
    await eventually(async () => {
      expect(indexChanges.quiet()).to.equal(true);
      const unasked = counts.unasked;
      await norwich();
      await norwich();
      expect(counts.unasked).to.be.above(unasked);
    });
    const before = await norwich();
    const carried = counts.carried;
    const change = await renameThroughWorker('scope-ashford', 'Park Street');
    // the write's footprint is Ashford's, not Norwich's: the kept response is carried to the new generation
    expect(change.footprints!.join(';')).to.match(/51\.1\d+,0\.8\d+/);
    expect(counts.carried).to.be.above(carried);
    // the first search after it, once quiet, is sent unasked: the kept response was carried (no search
    // in between could have confirmed it with the engine)
    await eventually(async () => expect(indexChanges.quiet()).to.equal(true));
    const unasked = counts.unasked;
    const again = await norwich();
    expect(counts.unasked).to.equal(unasked + 1);
    expect(again.text).to.equal(before.text);
  });

  it('shows a change inside the place searched on the first search after it is announced', async () => {
    expect(await nameIn('scope-norwich')).to.equal('Elm Hill');
    const change = await renameThroughWorker('scope-norwich', 'Tombland');
    expect(change.footprints!.join(';')).to.match(/52\.6\d+,1\.\d+/);
    expect(await nameIn('scope-norwich')).to.equal('Tombland');
  });

  it("takes the engine's answer kept for the same requests for another customer's search, and builds that customer's own response from it", async () => {
    const { indexChanges } = testApp().runtime;
    const { searchAnswers } = testApp().built;
    const customer = await passwordCustomer({ annualHouseholdIncome: 31000, deposit: 4000, homeOwnershipStatus: 1 });
    const asCustomer = () => api.get(`${P}/search`, { query: { location: 'NR1 3HB', radius: 1, max_featured: 0 }, ...bearer(customer.accessToken) });
    await eventually(async () => {
      expect(indexChanges.quiet()).to.equal(true);
      await norwich();
      const taken = searchAnswers.counts.unasked;
      const res = await asCustomer();
      expect(searchAnswers.counts.unasked).to.equal(taken + 1);
      // the customer's own response: an eligibility decision on the item, which the anonymous one has not
      const mine = (res.body.data as Item[]).find((i) => i.id === ids['scope-norwich'])!;
      const anonymous = ((await norwich()).body.data as Item[]).find((i) => i.id === ids['scope-norwich'])!;
      expect(mine.name).to.equal('Tombland');
      expect(anonymous.eligibility).to.equal(null);
      expect(mine.eligibility).to.not.equal(null);
    });
  });
});
