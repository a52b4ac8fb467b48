// Conformance: the synchronisation interfaces (their envelope rules, authentication rule 7, the leads push
// and pull), the Errors status table and rules 1, 9 and 10, Versioning rule 3, the Lookup lists (both
// paths), Lookup list items and the Local authority (postcode lookup) table.
import { expect } from 'chai';
import { api } from '../support/api.ts';
import {
  createAccount,
  developmentPayload,
  listingPayload,
  propertyPayload,
  withKey,
  withdrawListingsOf,
  type TestAccount,
} from '../support/factories.ts';
import { applied } from '../support/applications.ts';
import { passwordCustomer, uniqueEmail } from '../support/customers.ts';
import { randomUUID } from 'node:crypto';

const R = '/api/rest';
const LISTS = [
  'living-circumstances',
  'working-circumstances',
  'buying-interest-periods',
  'best-time-to-contact',
  'genders',
  'ethnicities',
  'nationalities',
  'religions',
  'sexualities',
  'marital-statuses',
  'home-ownership-statuses',
  'relationship-statuses',
  'local-authorities',
  'counties',
];
type Body = Record<string, any>;

describe('conformance: synchronisation interfaces, errors and lookups', function () {
  this.timeout(60_000);
  let account: TestAccount;
  let basic: TestAccount;
  let dev: string;
  let prop: string;

  before(async () => {
    account = await createAccount({ tier: 'premium' });
    basic = await createAccount({ tier: 'basic' });
    dev = `cdev-${randomUUID().slice(0, 8)}`;
    prop = `cprop-${randomUUID().slice(0, 8)}`;
    expect((await api.put(`${R}/inventory/developments/${dev}`, developmentPayload(), withKey(account))).status).to.equal(201);
    expect((await api.put(`${R}/inventory/properties/${prop}`, propertyPayload(dev), withKey(account))).status).to.equal(201);
  });

  after(() => withdrawListingsOf(account, basic));

  it('[sync-envelope.1] a single object is returned without an envelope', async () => {
    const res = await api.get(`${R}/inventory/developments/${dev}`, withKey(account));
    expect(res.status).to.equal(200);
    expect(res.body).to.not.have.property('data');
    expect(res.body.externalRef).to.equal(dev);
  });

  it('[sync-envelope.2] a collection is returned as {data: [items]}', async () => {
    const res = await api.get(`${R}/schemes`, withKey(account));
    expect(res.status).to.equal(200);
    expect(res.body.data).to.be.an('array').that.is.not.empty;
  });

  it('[sync-envelope.3] a paginated collection also has pagination (currentPage, perPage, total, from, to, lastPage) and links (first, prev, next, last)', async () => {
    for (const path of [`${R}/inventory/developments`, `${R}/inventory/properties`, `${R}/listings`, `${R}/leads`]) {
      const res = await api.get(path, withKey(account));
      expect(res.status, path).to.equal(200);
      expect(res.body.data).to.be.an('array');
      expect(res.body.pagination).to.include.all.keys('currentPage', 'perPage', 'total', 'from', 'to', 'lastPage');
      expect(res.body.links).to.include.all.keys('first', 'prev', 'next', 'last');
    }
    const devs = await api.get(`${R}/inventory/developments`, withKey(account));
    expect(devs.body.pagination.total).to.equal(1);
    expect(devs.body.pagination).to.include({ currentPage: 1, from: 1, to: 1, lastPage: 1 });
  });

  it('[sync-envelope.4] a GET on a collection never returns 404 but an empty data array', async () => {
    const empty = await createAccount();
    for (const path of [`${R}/inventory/developments`, `${R}/inventory/properties`, `${R}/listings`, `${R}/leads`]) {
      const res = await api.get(path, withKey(empty));
      expect(res.status, path).to.equal(200);
      expect(res.body.data).to.deep.equal([]);
    }
    const filtered = await api.get(`${R}/inventory/properties`, withKey(account, { development: 'no-such-development' }));
    expect(filtered.status).to.equal(200);
    expect(filtered.body.data).to.deep.equal([]);
  });

  it('[sync-interfaces] a lead pushed right after its listing PUT is taken (201), incomplete and without a decision', async () => {
    const ref = `clisting-${randomUUID().slice(0, 8)}`;
    const put = await api.put(`${R}/listings/${ref}`, listingPayload(dev, [prop], { name: `Lead ${ref}` }), withKey(account));
    expect(put.status, put.text).to.equal(201);
    const pushed = await api.post(
      `${R}/leads`,
      { email: uniqueEmail('lead'), firstName: 'Sam', listing: ref, property: prop, source: 'Homes Weekly' },
      withKey(account),
    );
    expect(pushed.status, pushed.text).to.equal(201);
    expect(pushed.body.eligibilityStatus).to.equal('incomplete');
    expect(pushed.body.decision).to.equal(null);
  });

  it("[sync-interfaces] a portal registration shows among the provider's leads, by REST and by bulk", async () => {
    const ref = `clisting2-${randomUUID().slice(0, 8)}`;
    const put = await api.put(
      `${R}/listings/${ref}`,
      listingPayload(dev, [prop], { name: `Pull ${ref}` }),
      withKey(account, { refresh: 'wait_for' }),
    );
    expect(put.status).to.equal(201);
    const customer = await passwordCustomer();
    const app = await applied(customer, put.body.id);
    const rest = await api.get(`${R}/leads`, withKey(account, { listing: ref }));
    expect(rest.body.data.map((l: Body) => l.id)).to.deep.equal([app.id]);
    const bulk = await api.get('/api/bulk/leads', withKey(account));
    expect(bulk.status).to.equal(200);
    expect(bulk.body.data.map((l: Body) => l.id)).to.include(app.id);
  });

  it('[versioning.3] /api/rest/ is the REST family and /api/bulk/ the bulk family: GET /api/bulk/leads?api_key=<API_KEY>', async () => {
    const bulk = await api.get('/api/bulk/leads', withKey(account));
    expect(bulk.status).to.equal(200);
    expect(bulk.body.data).to.be.an('array');
    const rest = await api.get(`${R}/leads`, withKey(account));
    expect(rest.status).to.equal(200);
    expect(rest.body.data).to.be.an('array');
  });

  it('[authentication.7] the sync interfaces take the API key in api_key: missing or unknown 401; a new key deprecates the previous one; premium-only operations are 403 for basic accounts', async () => {
    expect((await api.get(`${R}/inventory/developments`)).status).to.equal(401);
    expect((await api.get(`${R}/inventory/developments`, { query: { api_key: 'not-a-key' } })).status).to.equal(401);
    const rotating = await createAccount();
    const rotated = await api.post(`${R}/account/api-key`, undefined, withKey(rotating));
    expect(rotated.status).to.equal(201);
    expect((await api.get(`${R}/inventory/developments`, withKey(rotating))).status).to.equal(401);
    expect((await api.get(`${R}/inventory/developments`, { query: { api_key: rotated.body.apiKey } })).status).to.equal(200);
    expect((await api.get('/api/bulk/leads', withKey(basic))).status).to.equal(403);
    expect((await api.get(`${R}/listings/marketplace`, withKey(basic))).status).to.equal(403);
  });

  it('[table:errors] 200 for GET, PUT, PATCH, DELETE; 201 for POST', async () => {
    const ref = `cerr-${randomUUID().slice(0, 8)}`;
    expect(
      (await api.post(`${R}/inventory/developments`, { ...developmentPayload(), externalRef: ref }, withKey(account))).status,
    ).to.equal(201);
    expect((await api.get(`${R}/inventory/developments/${ref}`, withKey(account))).status).to.equal(200);
    expect(
      (await api.put(`${R}/inventory/developments/${ref}`, developmentPayload({ name: 'Renamed' }), withKey(account))).status,
    ).to.equal(200);
    expect((await api.patch(`${R}/inventory/developments/${ref}`, { name: 'Patched' }, withKey(account))).status).to.equal(200);
    expect((await api.delete(`${R}/inventory/developments/${ref}`, withKey(account))).status).to.equal(200);
  });

  it('[table:errors] 400 bad input (malformed JSON), 401 missing key, 403 basic account on premium, 404 unknown id, 405 verb not supported, 409 duplicate, 422 validation', async () => {
    const malformed = await api.put(`${R}/inventory/developments/${dev}`, undefined, {
      ...withKey(account),
      rawBody: '{"name":',
      headers: { 'content-type': 'application/json' },
    });
    expect(malformed.status).to.equal(400);
    expect((await api.get(`${R}/leads`)).status).to.equal(401);
    expect((await api.get(`${R}/listings/marketplace`, withKey(basic))).status).to.equal(403);
    expect((await api.get(`${R}/inventory/developments/no-such-ref`, withKey(account))).status).to.equal(404);
    expect((await api.get('/api/rest/portal/listings/99999999')).status).to.equal(404);
    const verb = await api.post(`${R}/inventory/developments/${dev}`, developmentPayload(), { ...withKey(account), undocumented: true });
    expect(verb.status).to.equal(405);
    const dup = await api.post(`${R}/inventory/developments`, { ...developmentPayload(), externalRef: dev }, withKey(account));
    expect(dup.status).to.equal(409);
    const invalid = await api.put(`${R}/inventory/developments/${dev}`, { displayAddress: 'No name' }, withKey(account));
    expect(invalid.status).to.equal(422);
  });

  it('[errors.1] a 422 body is an object with message and errors per parameter', async () => {
    const res = await api.put(`${R}/inventory/properties/${prop}`, { development: dev, bedrooms: -1 }, withKey(account));
    expect(res.status).to.equal(422);
    expect(res.body.message).to.be.a('string').that.is.not.empty;
    expect(res.body.errors).to.be.an('object');
    expect(res.body.errors).to.include.keys('propertyNumber', 'bedrooms');
    for (const messages of Object.values(res.body.errors)) expect(messages).to.be.an('array').that.is.not.empty;
  });

  it('[errors.9] postcode lookup with an invalid postcode gives an error (a 4xx with a message), on both paths', async () => {
    for (const prefix of [`${R}/portal`, `${R}/open`]) {
      const res = await api.get(`${prefix}/postcode/NOTAPOSTCODE`);
      expect(res.status, prefix).to.be.within(400, 499);
      expect(res.body.message).to.be.a('string');
    }
  });

  it('[errors.10] error responses other than 422 carry an error message with the status', async () => {
    for (const res of [
      await api.get(`${R}/leads`),
      await api.get(`${R}/inventory/developments/no-such-ref`, withKey(account)),
      await api.get(`${R}/listings/marketplace`, withKey(basic)),
    ]) {
      expect(res.body.message, String(res.status)).to.be.a('string').that.is.not.empty;
    }
  });

  it('[table:local-authority] the postcode lookup gives id, name, longName, type and county {id, name, region {id, name}}, on both paths', async () => {
    for (const prefix of [`${R}/portal`, `${R}/open`]) {
      const res = await api.get(`${prefix}/postcode/LS2%207QJ`);
      expect(res.status).to.equal(200);
      expect(res.body.id).to.be.a('number');
      expect(res.body.name).to.equal('Leeds');
      expect(res.body.longName).to.be.a('string');
      expect(res.body.type).to.be.a('string');
      expect(res.body.county).to.include.keys('id', 'name', 'region');
      expect(res.body.county.region).to.include.keys('id', 'name');
    }
  });

  it('[table:lookup-lists] each of the 14 lists answers {data: [...]} under /api/rest/portal/lists/ and /api/rest/open/lists/, alike', async () => {
    for (const list of LISTS) {
      const portal = await api.get(`${R}/portal/lists/${list}`);
      const open = await api.get(`${R}/open/lists/${list}`);
      expect(portal.status, list).to.equal(200);
      expect(portal.body.data, list).to.be.an('array').that.is.not.empty;
      expect(open.body).to.deep.equal(portal.body);
    }
  });

  it('[lookup-list-items] items: id, name (+ working, + owner, + slug) as the list; in forms lookup fields are integers, bestTimeToContactYou an array', async () => {
    const list = async (name: string) => (await api.get(`${R}/open/lists/${name}`)).body.data as Body[];
    for (const name of ['buying-interest-periods', 'best-time-to-contact'])
      for (const x of await list(name)) expect(x).to.include.keys('id', 'name');
    for (const x of await list('working-circumstances')) expect(x.working, 'working').to.be.a('boolean');
    for (const x of await list('living-circumstances')) expect(x.owner, 'owner').to.be.a('boolean');
    for (const name of [
      'genders',
      'ethnicities',
      'nationalities',
      'religions',
      'sexualities',
      'marital-statuses',
      'home-ownership-statuses',
      'relationship-statuses',
    ]) {
      for (const x of await list(name)) expect(x, name).to.include.keys('id', 'name', 'slug');
    }
    const customer = await passwordCustomer();
    const times = await list('best-time-to-contact');
    const auth = { headers: { Authorization: `Bearer ${customer.accessToken}` } };
    const periods = await list('buying-interest-periods');
    const good = await api.put(`${R}/portal/profile`, { bestTimeToContactYou: [times[0]!.id], buyingInterestPeriod: periods[0]!.id }, auth);
    expect(good.status, good.text).to.be.within(200, 204);
    const profile = (await api.get(`${R}/portal/profile`, auth)).body;
    expect(profile.bestTimeToContactYou.map((x: Body) => x.id)).to.deep.equal([times[0]!.id]);
    expect(profile.buyingInterestPeriod.id).to.equal(periods[0]!.id);
    const unknown = await api.put(`${R}/portal/profile`, { bestTimeToContactYou: [99999] }, auth);
    expect(unknown.status).to.equal(422);
    expect(unknown.body.errors).to.have.property('bestTimeToContactYou');
  });
});
