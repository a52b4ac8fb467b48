// While a reindex to a new mapping runs, searches still use the index built with the older one: its
// documents have no presented item, and a search makes each from the stored `item` instead of
// leaving the listing out.
import { expect } from 'chai';
import { api } from '../support/api.ts';
import { createAccount, developmentPayload, eventually, listingPayload, propertyPayload, withKey, type TestAccount } from '../support/factories.ts';
import { P } from '../support/customers.ts';
import { testApp } from '../support/test-app.ts';

type Item = { id: number; name: string; displayAs: string };

describe('search on an index of the older mapping', function () {
  this.timeout(60_000);
  let account: TestAccount;
  const ids: number[] = [];
  // one result a page, so that the featured listing also comes as a featured item on the others' pages
  const search = (page = 1) => api.get(`${P}/search`, { query: { location: 'CB1 7SS', radius: 1, size: 1, page } });
  const pages = async () => Promise.all([1, 2, 3].map(async (page) => (await search(page)).body as { data: Item[] }));
  const namesOf = async () => (await pages()).flatMap((b) => b.data.map((i) => i.name));

  /** Takes the presented item (and its partners) out of a listing's document, as an older index had none. */
  async function asOlderDocument(id: number): Promise<void> {
    const { search: engine, listingIndex } = testApp().runtime;
    const doc = await engine.get<Record<string, unknown>>({ index: listingIndex.alias, id: String(id) });
    const { itemPieces: _item, itemPartners: _partners, ...older } = doc._source!;
    // the same version again: documents are written with the database's versions (external)
    await engine.index({ index: doc._index, id: String(id), document: older, version: doc._version, version_type: 'external_gte', refresh: true });
  }

  before(async () => {
    account = await createAccount();
    await api.put('/api/rest/inventory/developments/older-dev', developmentPayload({ postcode: 'CB1 7SS' }), withKey(account));
    for (const [ref, name, displayAs] of [
      ['older-one', 'Lemon Quay', 'regular'],
      ['older-two', 'Boscawen Row', 'featured'],
      ['older-three', 'Pydar Street', 'regular'],
    ] as const) {
      await api.put(`/api/rest/inventory/properties/${ref}-prop`, propertyPayload('older-dev'), withKey(account));
      const res = await api.put(`/api/rest/listings/${ref}`, listingPayload('older-dev', [`${ref}-prop`], { name, displayAs }), withKey(account, { refresh: 'wait_for' }));
      ids.push(res.body.id as number);
    }
    await eventually(async () => expect(await namesOf()).to.include.members(['Lemon Quay', 'Boscawen Row', 'Pydar Street']));
  });

  it('shows each listing as the current index would, its item made from the stored view', async () => {
    const before = await pages();
    // the featured listing is shown beside another page's result
    expect(before.some((b) => b.data.length === 2 && b.data[0]!.name === 'Boscawen Row')).to.equal(true);
    for (const id of ids) await asOlderDocument(id);
    const { search: engine, listingIndex } = testApp().runtime;
    const doc = await engine.get({ index: listingIndex.alias, id: String(ids[0]), stored_fields: ['itemPieces', 'item'] });
    expect(doc.fields ?? {}).to.not.have.property('itemPieces');
    expect(doc.fields).to.have.property('item');

    const after = await pages();
    expect(after.map((b) => b.data)).to.deep.equal(before.map((b) => b.data));
  });
});
