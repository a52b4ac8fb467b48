// Freshness of kept search responses: the memo sends a kept response without asking the engine while
// the index is unchanged (search/index-changes.ts), or changed only where the search does not look,
// and never once a change it could show is known. A synchronisation
// write, then searches until it shows: once the writer has announced the change searchable, no search
// shows the old answer again; a write that asks to be searchable before it is answered is shown by the
// very next search.
import { expect } from 'chai';
import { api } from '../support/api.ts';
import { createAccount, developmentPayload, eventually, listingPayload, propertyPayload, withKey, type TestAccount } from '../support/factories.ts';
import { P } from '../support/customers.ts';
import { testApp } from '../support/test-app.ts';

type Item = { id: number; name: string };

describe('freshness of kept search responses', function () {
  this.timeout(60_000);
  let account: TestAccount;
  let id: number;
  const search = () => api.get(`${P}/search`, { query: { location: 'TR1 2SP', radius: 1, max_featured: 0 } });
  const nameOf = async () => ((await search()).body.data as Item[]).find((i) => i.id === id)?.name;

  before(async () => {
    account = await createAccount();
    await api.put('/api/rest/inventory/developments/fresh-dev', developmentPayload({ postcode: 'TR1 2SP' }), withKey(account));
    await api.put('/api/rest/inventory/properties/fresh-prop', propertyPayload('fresh-dev'), withKey(account));
    const res = await api.put('/api/rest/listings/fresh-listing', listingPayload('fresh-dev', ['fresh-prop'], { name: 'Lemon Street' }), withKey(account, { refresh: 'wait_for' }));
    id = res.body.id as number;
    await eventually(async () => expect(await nameOf()).to.equal('Lemon Street'));
  });

  it('answers a repeated search without the engine while the index is unchanged', async () => {
    const { indexChanges } = testApp().runtime;
    const { counts } = testApp().built.searchResponses;
    // quiet once the listening connection has answered a probe and no write is pending
    await eventually(async () => {
      expect(indexChanges.quiet()).to.equal(true);
      const unasked = counts.unasked;
      const [a, b] = [await search(), await search()];
      expect(b.text).to.equal(a.text);
      expect(counts.unasked).to.be.above(unasked);
    });
  });

  it('never shows the old answer once the change is announced searchable', async () => {
    const { indexChanges } = testApp().runtime;
    const seen: string[] = [];
    // the generation moves on when the writer announces this write searchable (after the index's
    // refresh), with its footprint: the listing's point in Truro. Other changes may come first (a change
    // elsewhere, or one whose reach is not known, after which the engine is asked but may not show the
    // write yet).
    let announced = false;
    // no other write of the listing still on its way (the worker's own of the PUT above): the announcement is this write's
    await eventually(async () => {
      expect(await testApp().runtime.prisma.listingOutbox.count({ where: { listingId: id } })).to.equal(0);
      expect(indexChanges.openWrites()).to.equal(0);
    });
    const generation = indexChanges.generation();
    const stop = indexChanges.onChange((change) => {
      if (change.footprints?.some((f) => /50\.2\d+,-5\.0\d+/.test(f))) announced = true;
    });
    try {
      const patched = await api.patch('/api/rest/listings/fresh-listing', { name: 'Boscawen Street' }, withKey(account));
      expect(patched.status).to.equal(200);
      for (;;) {
        const wasAnnounced = announced && indexChanges.generation() > generation;
        const name = (await nameOf())!;
        seen.push(name);
        // from the first search sent after the announcement, only the new name
        if (wasAnnounced) expect(name, `searches: ${seen.join(', ')}`).to.equal('Boscawen Street');
        // once shown, never the old one again
        if (seen.includes('Boscawen Street')) expect(name).to.equal('Boscawen Street');
        if (wasAnnounced && seen.filter((n) => n === 'Boscawen Street').length >= 5) break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    } finally {
      stop();
    }
  });

  it('shows a write answered as searchable on the very next search, the memo holding the old answer', async () => {
    expect(await nameOf()).to.equal('Boscawen Street');
    expect(await nameOf()).to.equal('Boscawen Street');
    const patched = await api.patch('/api/rest/listings/fresh-listing', { name: 'Pydar Street' }, withKey(account, { refresh: 'wait_for' }));
    expect(patched.status).to.equal(200);
    expect(await nameOf()).to.equal('Pydar Street');
  });
});
