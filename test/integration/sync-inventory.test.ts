import { expect } from 'chai';
import { api } from '../support/api.ts';
import { createAccount, developmentPayload, propertyPayload, withKey, type TestAccount } from '../support/factories.ts';

const DEV = '/api/rest/inventory/developments';
const PROP = '/api/rest/inventory/properties';

describe('synchronisation interfaces: developments', () => {
  let account: TestAccount;
  before(async () => {
    account = await createAccount({ tier: 'basic' });
  });

  it('creates with POST (201), refuses a duplicate POST (409) and reads it back', async () => {
    const created = await api.post(DEV, { externalRef: 'd-post', ...developmentPayload() }, withKey(account));
    expect(created.status).to.equal(201);
    expect(created.body).to.include({ externalRef: 'd-post', name: 'Canal Wharf', postcode: 'M1 1AD' });
    expect(created.body.id).to.be.a('number');
    const again = await api.post(DEV, { externalRef: 'd-post', ...developmentPayload() }, withKey(account));
    expect(again.status).to.equal(409);
    const read = await api.get(`${DEV}/d-post`, withKey(account));
    expect(read.body).to.deep.equal(created.body);
  });

  it('derives coordinates and the local authority from a known postcode', async () => {
    const res = await api.put(`${DEV}/d-derive`, developmentPayload({ postcode: 'sw1a1aa' }), withKey(account));
    expect(res.body.postcode).to.equal('SW1A 1AA');
    expect(res.body.latitude).to.be.closeTo(51.501, 0.01);
    const la = await api.get('/api/rest/open/postcode/SW1A%201AA');
    expect(res.body.localAuthority).to.equal(la.body.id);
  });

  it('PUT creates (201), replaces (200) and an identical PUT changes nothing', async () => {
    const first = await api.put(`${DEV}/d-put`, developmentPayload(), withKey(account));
    expect(first.status).to.equal(201);
    const replaced = await api.put(`${DEV}/d-put`, developmentPayload({ name: 'Canal Wharf II' }), withKey(account));
    expect(replaced.status).to.equal(200);
    expect(replaced.body.name).to.equal('Canal Wharf II');
    const same = await api.put(`${DEV}/d-put`, developmentPayload({ name: 'Canal Wharf II' }), withKey(account));
    expect(same.status).to.equal(200);
    expect(same.body.updatedAt).to.equal(replaced.body.updatedAt);
    // PUT replaces the whole object: a field left out returns to its default
    expect(replaced.body.localAreaName).to.equal('Northern Quarter');
    const without = await api.put(`${DEV}/d-put`, { ...developmentPayload({ name: 'Canal Wharf II' }), localAreaName: undefined }, withKey(account));
    expect(without.body.localAreaName).to.equal(null);
  });

  it('PATCH changes only the fields sent', async () => {
    await api.put(`${DEV}/d-patch`, developmentPayload({ localAreaDescription: 'Lively.' }), withKey(account));
    const res = await api.patch(`${DEV}/d-patch`, { name: 'Renamed' }, withKey(account));
    expect(res.status).to.equal(200);
    expect(res.body).to.include({ name: 'Renamed', localAreaDescription: 'Lively.', postcode: 'M1 1AD' });
    expect((await api.patch(`${DEV}/nope`, { name: 'x' }, withKey(account))).status).to.equal(404);
  });

  it('DELETE removes it (then 404) and a later PUT brings the ref back', async () => {
    await api.put(`${DEV}/d-del`, developmentPayload(), withKey(account));
    expect((await api.delete(`${DEV}/d-del`, withKey(account))).status).to.equal(200);
    expect((await api.get(`${DEV}/d-del`, withKey(account))).status).to.equal(404);
    expect((await api.delete(`${DEV}/d-del`, withKey(account))).status).to.equal(404);
    expect((await api.put(`${DEV}/d-del`, developmentPayload(), withKey(account))).status).to.equal(201);
  });

  it('lists with pagination and updated_since', async () => {
    const fresh = await createAccount({ tier: 'basic' });
    for (const ref of ['a', 'b', 'c']) await api.put(`${DEV}/${ref}`, developmentPayload(), withKey(fresh));
    const page = await api.get(DEV, withKey(fresh, { size: '2', page: '2' }));
    expect(page.body.pagination).to.deep.equal({ currentPage: 2, perPage: 2, from: 3, to: 3, total: 3, lastPage: 2 });
    expect(page.body.data.map((d: { externalRef: string }) => d.externalRef)).to.deep.equal(['c']);
    expect(page.body.links.prev).to.contain('page=1').and.not.contain('api_key');
    const future = await api.get(DEV, withKey(fresh, { updated_since: '2999-01-01T00:00:00Z' }));
    expect(future.body.data).to.deep.equal([]);
    expect((await api.get(DEV, withKey(fresh, { updated_since: 'yesterday' }))).status).to.equal(422);
  });

  for (const [what, payload, field] of [
    ['a bad postcode', developmentPayload({ postcode: 'NOT A CODE' }), 'postcode'],
    ['an unknown local authority', developmentPayload({ localAuthority: 999999 }), 'localAuthority'],
    ['an unknown postcode without coordinates', developmentPayload({ postcode: 'ZE3 9ZZ' }), 'latitude'],
    ['a bad tenure', developmentPayload({ tenure: 'commonhold' }), 'tenure'],
    ['no name', developmentPayload({ name: '' }), 'name'],
    ['coordinates outside the UK', developmentPayload({ latitude: 10, longitude: 10 }), 'latitude'],
  ] as const) {
    it(`answers 422 naming ${field} for ${what}`, async () => {
      const res = await api.put(`${DEV}/d-bad`, payload, withKey(account));
      expect(res.status).to.equal(422);
      expect(res.body.errors).to.have.property(field);
    });
  }

  it('refuses an externalRef in the body that differs from the path', async () => {
    const res = await api.put(`${DEV}/d-one`, { ...developmentPayload(), externalRef: 'd-two' }, withKey(account));
    expect(res.status).to.equal(422);
    expect(res.body.errors).to.have.property('externalRef');
  });
});

describe('synchronisation interfaces: properties', () => {
  let account: TestAccount;
  before(async () => {
    account = await createAccount({ tier: 'basic' });
    await api.put(`${DEV}/pd`, developmentPayload(), withKey(account));
    await api.put(`${DEV}/pd2`, developmentPayload(), withKey(account));
  });

  it('creates, reads, filters by development and deletes', async () => {
    const created = await api.post(PROP, { externalRef: 'p1', ...propertyPayload('pd') }, withKey(account));
    expect(created.status).to.equal(201);
    expect(created.body).to.include({ externalRef: 'p1', development: 'pd', bedrooms: 2, isSharedOwnership: true });
    await api.put(`${PROP}/p2`, propertyPayload('pd2'), withKey(account));
    const filtered = await api.get(PROP, withKey(account, { development: 'pd2' }));
    expect(filtered.body.data.map((p: { externalRef: string }) => p.externalRef)).to.deep.equal(['p2']);
    expect((await api.post(PROP, { externalRef: 'p1', ...propertyPayload('pd') }, withKey(account))).status).to.equal(409);
    expect((await api.delete(`${PROP}/p2`, withKey(account))).status).to.equal(200);
    expect((await api.get(`${PROP}/p2`, withKey(account))).status).to.equal(404);
  });

  it('keeps an identical PUT unchanged', async () => {
    const first = await api.put(`${PROP}/p-same`, propertyPayload('pd', { firstDibs: true, firstDibsExpirationDate: '2027-03-01', floor: { name: 'Second floor', level: 2 } }), withKey(account));
    const second = await api.put(`${PROP}/p-same`, propertyPayload('pd', { firstDibs: true, firstDibsExpirationDate: '2027-03-01', floor: { name: 'Second floor', level: 2 } }), withKey(account));
    expect(second.body.updatedAt).to.equal(first.body.updatedAt);
    expect(second.body.firstDibsExpirationDate).to.equal('2027-03-01');
  });

  for (const [what, overrides, field] of [
    ['an unknown development', { development: 'no-such-dev' }, 'development'],
    ['a negative price', { fullMarketPrice: -1 }, 'fullMarketPrice'],
    ['a rating over 100', { energyEfficiencyRatingCurrent: 101 }, 'energyEfficiencyRatingCurrent'],
    ['a room name over 255 characters', { rooms: [{ name: 'x'.repeat(256), units: 'metre' }] }, 'rooms[0].name'],
    ['room details over 255 characters', { rooms: [{ name: 'Kitchen', units: 'metre', additionalDetails: 'y'.repeat(256) }] }, 'rooms[0].additionalDetails'],
    ['a bad availability code', { availabilityStatus: 'sold-out' }, 'availabilityStatus'],
    ['a bad type group', { propertyTypeGroup: 'castle' }, 'propertyTypeGroup'],
    ['a bad furniture status', { furnitureStatus: 'cosy' }, 'furnitureStatus'],
    ['a non-numeric price', { monthlyRent: 'lots' }, 'monthlyRent'],
    ['a rating over 100', { environmentalImpactRatingPotential: 101 }, 'environmentalImpactRatingPotential'],
  ] as const) {
    it(`answers 422 naming ${field} for ${what}`, async () => {
      const res = await api.put(`${PROP}/p-bad`, propertyPayload('pd', overrides), withKey(account));
      expect(res.status).to.equal(422);
      expect(res.body.errors).to.have.property(field);
    });
  }

  it('gives every error of a payload at once', async () => {
    const res = await api.put(`${PROP}/p-bad`, propertyPayload('pd', { fullMarketPrice: -5, bedrooms: -1, tenure: 'x' }), withKey(account));
    expect(res.status).to.equal(422);
    expect(res.body.errors).to.include.keys('fullMarketPrice', 'bedrooms', 'tenure');
  });
});
