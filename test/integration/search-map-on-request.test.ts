// A search may leave its map listings out (without_map) and ask for them by a request of their own
// (GET /api/rest/portal/search/map-listings): the same listings as the envelope's mapListings, for the
// same parameters and the same searcher, and as fresh after a write.
import { expect } from 'chai';
import { api } from '../support/api.ts';
import { createAccount, developmentPayload, eventually, propertyPayload, listingPayload, withKey, type TestAccount } from '../support/factories.ts';

const SEARCH = '/api/rest/portal/search';
const MAP = '/api/rest/portal/search/map-listings';
type MapListing = { id: number; name: string };
const byId = (list: MapListing[]) => [...list].sort((a, b) => a.id - b.id);

describe('search map listings on request', function () {
  this.timeout(60_000);
  let account: TestAccount;
  const query = { location: 'KW15 1GH', radius: 2 };

  before(async () => {
    account = await createAccount();
    await api.put('/api/rest/inventory/developments/onreq-dev', developmentPayload({ postcode: 'KW15 1GH' }), withKey(account));
    await api.put('/api/rest/inventory/properties/onreq-a', propertyPayload('onreq-dev', { bedrooms: 1 }), withKey(account));
    await api.put('/api/rest/inventory/properties/onreq-b', propertyPayload('onreq-dev', { bedrooms: 3 }), withKey(account));
    for (const [ref, props] of [['onreq-1', ['onreq-a']], ['onreq-2', ['onreq-b']], ['onreq-3', ['onreq-a', 'onreq-b']]] as const) {
      const res = await api.put(`/api/rest/listings/${ref}`, listingPayload('onreq-dev', [...props], { name: `Kirkwall ${ref}` }), withKey(account, { refresh: 'wait_for' }));
      expect(res.status, JSON.stringify(res.body)).to.be.oneOf([200, 201]);
    }
  });

  it('answers {data} with the same listings and fields as the first page of the search', async () => {
    for (const q of [query, { ...query, min_bedrooms: 3 }, { ...query, page: 2, size: 1 }]) {
      const envelope = (await api.get(SEARCH, { query: { ...q, page: 1 } })).body;
      const alone = await api.get(MAP, { query: q });
      expect(alone.status).to.equal(200);
      expect(alone.body).to.have.all.keys('data');
      expect(alone.body.data.length, JSON.stringify(q)).to.be.greaterThan(0);
      expect(byId(alone.body.data)).to.deep.equal(byId(envelope.mapListings));
    }
    const three = (await api.get(MAP, { query: { ...query, min_bedrooms: 3 } })).body.data as MapListing[];
    expect(three.map((m) => m.name).sort()).to.deep.equal(['Kirkwall onreq-2', 'Kirkwall onreq-3']);
  });

  it('leaves mapListings out of the envelope with without_map, and nothing else', async () => {
    const whole = (await api.get(SEARCH, { query })).body;
    const without = await api.get(SEARCH, { query: { ...query, without_map: '1' } });
    expect(without.status).to.equal(200);
    expect(whole).to.have.property('mapListings');
    expect(without.body).to.not.have.property('mapListings');
    // the links carry without_map on, so that paging keeps it
    const { mapListings: _map, links: _links, ...rest } = whole;
    const { links, ...restWithout } = without.body;
    expect(restWithout).to.deep.equal(rest);
    expect(links.first).to.include('without_map=1');
  });

  it('refuses bad parameters as the search does (422 per field)', async () => {
    const res = await api.get(MAP, { query: { ...query, radius: -1, without_map: 'maybe' } });
    expect(res.status).to.equal(422);
    expect(res.body.errors).to.include.keys('radius', 'without_map');
  });

  it('shows a listing pushed after the map was asked for', async () => {
    const before = (await api.get(MAP, { query })).body.data as MapListing[];
    const res = await api.put('/api/rest/listings/onreq-4', listingPayload('onreq-dev', ['onreq-a'], { name: 'Kirkwall late' }), withKey(account, { refresh: 'wait_for' }));
    await eventually(async () => {
      const after = (await api.get(MAP, { query })).body.data as MapListing[];
      expect(after.length).to.equal(before.length + 1);
      expect(after.map((m) => m.id)).to.include(res.body.id);
    });
  });
});
