// Map listings come from a cache keyed by a digest of their fields: a listing that changes must show
// its new data on the map at once, never what the cache held before.
import { expect } from 'chai';
import { api } from '../support/api.ts';
import { createAccount, developmentPayload, eventually, propertyPayload, listingPayload, withKey, type TestAccount } from '../support/factories.ts';

const SEARCH = '/api/rest/portal/search';
type MapListing = { id: number; name: string; slug: string; schemes: { text: string }[] };

describe('search map listings', function () {
  this.timeout(60_000);
  let account: TestAccount;
  const edinburgh = () => api.get(SEARCH, { query: { location: 'EH2 3EW', radius: 1, max_featured: 0 } });
  const mapOf = async (id: number) => ((await edinburgh()).body.mapListings as MapListing[]).find((m) => m.id === id);

  before(async () => {
    account = await createAccount();
    await api.put('/api/rest/inventory/developments/map-dev', developmentPayload({ postcode: 'EH2 3EW' }), withKey(account));
    await api.put('/api/rest/inventory/properties/map-prop', propertyPayload('map-dev'), withKey(account));
  });

  it('shows a listing as it is now after its name and schemes change', async () => {
    const first = await api.put('/api/rest/listings/map-listing', listingPayload('map-dev', ['map-prop'], { name: 'Old Town Rooms' }), withKey(account, { refresh: 'wait_for' }));
    const id = first.body.id as number;
    expect(await mapOf(id)).to.deep.include({ id, name: 'Old Town Rooms' });

    await api.patch('/api/rest/listings/map-listing', { name: 'New Town Rooms', schemes: ['first-homes'] }, withKey(account, { refresh: 'wait_for' }));
    const after = await eventually(async () => {
      const m = await mapOf(id);
      expect(m?.name).to.equal('New Town Rooms');
      return m!;
    });
    expect(after.schemes.map((s) => s.text)).to.deep.equal(['First Homes']);
    expect(after.slug).to.be.a('string');
  });

  it('drops a withdrawn listing from the map', async () => {
    const res = await api.put('/api/rest/listings/map-gone', listingPayload('map-dev', ['map-prop'], { name: 'Leaving Soon' }), withKey(account, { refresh: 'wait_for' }));
    const id = res.body.id as number;
    expect(await mapOf(id)).to.deep.include({ name: 'Leaving Soon' });
    await api.delete('/api/rest/listings/map-gone', withKey(account, { refresh: 'wait_for' }));
    await eventually(async () => expect(await mapOf(id)).to.equal(undefined));
  });
});
