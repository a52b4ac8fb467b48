// What the synchronisation interfaces refuse at the edge, as their OpenAPI document declares it: every
// answer here is also checked against the document (test/support/api.ts).
import { expect } from 'chai';
import { api, request } from '../support/api.ts';
import { createAccount, developmentPayload, listingPayload, propertyPayload, withKey, type TestAccount } from '../support/factories.ts';
import { buildOpenApiDocument } from '../../src/api-document/document.ts';

const DEV = '/api/rest/inventory/developments';
const PROP = '/api/rest/inventory/properties';
const LISTINGS = '/api/rest/listings';

describe('synchronisation interfaces: validation at the edge', () => {
  let account: TestAccount;
  before(async () => {
    account = await createAccount({ tier: 'premium' });
    await api.put(`${DEV}/v-dev`, developmentPayload(), withKey(account));
    await api.put(`${PROP}/v-prop`, propertyPayload('v-dev'), withKey(account));
  });

  describe('updated_since: an RFC 3339 date-time, as the document declares it', () => {
    for (const since of ['2020-01-01T00:00:00Z', '2020-01-01t00:00:00.123456+01:30', '2020-02-29T23:59:60Z']) {
      it(`takes ${since}`, async () => {
        for (const path of [DEV, PROP, LISTINGS, '/api/rest/leads', '/api/bulk/leads']) {
          const res = await api.get(path, withKey(account, { updated_since: since }));
          expect(res.status, path).to.equal(200);
        }
      });
    }
    for (const since of ['2020-01-01', '2020-01-01T00:00:00', '2020-01-01T00:00Z', '2021-02-29T00:00:00Z', '2020-01-01 00:00:00Z', 'yesterday']) {
      it(`refuses ${since} with 422 naming updated_since`, async () => {
        for (const path of [DEV, PROP, LISTINGS, '/api/rest/leads', '/api/bulk/leads']) {
          const res = await api.get(path, withKey(account, { updated_since: since }));
          expect(res.status, path).to.equal(422);
          expect(res.body.errors, path).to.have.property('updated_since');
        }
      });
    }
    it('filters on the instant the offset names', async () => {
      const dev = await api.get(`${DEV}/v-dev`, withKey(account));
      const updated = new Date(dev.body.updatedAt);
      const justAfterInParis = new Date(updated.getTime() + 1000 + 3600_000).toISOString().replace('Z', '+01:00');
      const res = await api.get(DEV, withKey(account, { updated_since: justAfterInParis }));
      expect(res.body.data.map((d: { externalRef: string }) => d.externalRef)).to.not.include('v-dev');
      const before = new Date(updated.getTime() - 1000 + 3600_000).toISOString().replace('Z', '+01:00');
      expect((await api.get(DEV, withKey(account, { updated_since: before }))).body.data.map((d: { externalRef: string }) => d.externalRef)).to.include('v-dev');
    });
  });

  describe('references in the path', () => {
    it('answers 404 for a path ref that no externalRef can be, for every verb', async () => {
      const bad = `${DEV}/${encodeURIComponent('has space')}`;
      expect((await api.get(bad, withKey(account))).status).to.equal(404);
      expect((await api.put(bad, developmentPayload(), withKey(account))).status).to.equal(404);
      expect((await api.patch(bad, { name: 'x' }, withKey(account))).status).to.equal(404);
      expect((await api.delete(bad, withKey(account))).status).to.equal(404);
    });

    it('takes a PUT body without externalRef (the path gives it) and refuses one naming another ref', async () => {
      const created = await api.put(`${DEV}/v-no-ref`, developmentPayload(), withKey(account));
      expect(created.status).to.equal(201);
      expect(created.body.externalRef).to.equal('v-no-ref');
      const other = await api.put(`${DEV}/v-no-ref`, { ...developmentPayload(), externalRef: 'v-other' }, withKey(account));
      expect(other.status).to.equal(422);
      expect(other.body.errors).to.have.property('externalRef');
      const patched = await api.patch(`${DEV}/v-no-ref`, { externalRef: 'v-other' }, withKey(account));
      expect(patched.status).to.equal(422);
    });
  });

  describe('JSON values as sent', () => {
    for (const [field, value, named] of [
      ['name', 12, 'name'],
      ['newBuild', 'true', 'newBuild'],
      ['latitude', '53.48', 'latitude'],
      ['tenure', 12, 'tenure'],
      ['brochures', ['ftp://example.org/a.pdf'], 'brochures[0]'],
    ] as const) {
      it(`refuses ${field}: ${JSON.stringify(value)} with 422 naming ${named} (no number read as text, no text as a number or a boolean)`, async () => {
        const res = await api.put(`${DEV}/v-types`, developmentPayload({ [field]: value }), withKey(account));
        expect(res.status).to.equal(422);
        expect(res.body.errors).to.have.property(named);
      });
    }

    it('counts characters as the document does (an emoji is one) and refuses a blank name', async () => {
      const emoji = await api.put(`${DEV}/v-emoji`, developmentPayload({ name: '\u{1F3E0}'.repeat(200) }), withKey(account));
      expect(emoji.status).to.equal(201);
      const blank = await api.put(`${DEV}/v-emoji`, developmentPayload({ name: '   ' }), withKey(account));
      expect(blank.status).to.equal(422);
      expect(blank.body.errors).to.have.property('name');
    });

    it('refuses a NUL character in a text it keeps (the document says so), and drops a field it does not read', async () => {
      const res = await api.put(`${DEV}/v-nul`, developmentPayload({ localAreaName: 'a\u0000b' }), withKey(account));
      expect(res.status).to.equal(422);
      expect(res.body.errors).to.have.property('localAreaName');
      const doc = buildOpenApiDocument().components.schemas as Record<string, { properties: Record<string, { pattern?: string }> }>;
      expect(doc.DevelopmentPutInput!.properties.localAreaName!.pattern).to.equal('^[^\\u0000]*$');
      const unread = await api.put(`${DEV}/v-nul`, { ...developmentPayload(), extra: { note: 'a\u0000b' } }, withKey(account));
      expect(unread.status).to.equal(201);
      expect(unread.body).to.not.have.property('extra');
    });
  });

  it('refuses a __proto__ member at any depth with 400, and drops any other field it does not read', async () => {
    const rawBody = JSON.stringify({ ...developmentPayload(), extra: { nested: [{ x: 1 }] } }).replace('"x"', '"__proto__"');
    const res = await request('PUT', `${DEV}/v-proto`, { ...withKey(account), rawBody, headers: { 'content-type': 'application/json' } });
    expect(res.status).to.equal(400);
    expect(res.body.message).to.match(/__proto__/);
    const unread = await api.put(`${DEV}/v-proto`, { ...developmentPayload(), extra: { nested: [{ x: 1 }] } }, withKey(account));
    expect(unread.status).to.equal(201);
    expect(unread.body).to.not.have.property('extra');
    const schemas = buildOpenApiDocument().components.schemas as Record<string, { additionalProperties?: unknown; propertyNames?: unknown }>;
    expect(schemas.DevelopmentPutInput!.additionalProperties).to.deep.equal({ $ref: '#/components/schemas/JsonValue' });
    expect(schemas.DevelopmentPutInput!.propertyNames).to.deep.equal({ not: { const: '__proto__' } });
  });

  describe('bodies that used to reach the database and fail there (500)', () => {
    it('refuses a listing naming one property twice, and open days holding null, with 422', async () => {
      const twice = await api.put(`${LISTINGS}/v-twice`, listingPayload('v-dev', ['v-prop', 'v-prop']), withKey(account));
      expect(twice.status).to.equal(422);
      expect(twice.body.errors).to.have.property('properties');
      const nullDay = await api.put(`${LISTINGS}/v-twice`, listingPayload('v-dev', ['v-prop'], { openDays: [null] }), withKey(account));
      expect(nullDay.status).to.equal(422);
      expect(nullDay.body.errors).to.have.property('openDays[0]');
    });

    it('refuses dates outside the years 1 to 9999 with 422', async () => {
      const year0 = await api.put(`${PROP}/v-prop`, propertyPayload('v-dev', { firstDibsExpirationDate: '0000-01-01' }), withKey(account));
      expect(year0.status).to.equal(422);
      expect(year0.body.errors).to.have.property('firstDibsExpirationDate');
      for (const publishAt of ['0001-01-01T00:30:00+01:00', '9999-12-31T23:59:59-23:59']) {
        const res = await api.put(`${LISTINGS}/v-dates`, listingPayload('v-dev', ['v-prop'], { publishAt }), withKey(account));
        expect(res.status, publishAt).to.equal(422);
        expect(res.body.errors).to.have.property('publishAt');
      }
      const earliest = await api.put(`${LISTINGS}/v-dates`, listingPayload('v-dev', ['v-prop'], { publishAt: '0001-01-01T00:30:00-01:00' }), withKey(account));
      expect(earliest.status).to.equal(201);
      expect(earliest.body.publishAt).to.equal('0001-01-01T01:30:00.000Z');
    });

    it('checks the age range and the open-day slots at the edge, before any service runs', async () => {
      const ages = await api.put(`${LISTINGS}/v-rules`, listingPayload('v-dev', ['v-prop'], { eligibility: { minAge: 30, maxAge: 20 } }), withKey(account));
      expect(ages.status).to.equal(422);
      expect(ages.body.errors).to.have.property('eligibility.maxAge');
      const day = { date: '2030-01-01', time: '10:00', durationMin: 60, capacity: 5 };
      const slots = await api.put(`${LISTINGS}/v-rules`, listingPayload('v-dev', ['v-prop'], { openDays: [day, day] }), withKey(account));
      expect(slots.status).to.equal(422);
      expect(slots.body.errors).to.have.property('openDays');
    });
  });

  describe('PATCH', () => {
    it('refuses no body, a body that is no object, and null for a required field (422)', async () => {
      const none = await api.patch(`${DEV}/v-dev`, undefined, withKey(account));
      expect(none.status).to.equal(422);
      expect((await api.patch(`${DEV}/v-dev`, [1], withKey(account))).status).to.equal(422);
      const nulled = await api.patch(`${DEV}/v-dev`, { name: null }, withKey(account));
      expect(nulled.status).to.equal(422);
      expect(nulled.body.errors).to.have.property('name');
    });

    it('keeps every field left out, defaults included', async () => {
      await api.put(`${DEV}/v-keep`, developmentPayload({ newBuild: true, localAreaDescription: 'Lively.' }), withKey(account));
      const res = await api.patch(`${DEV}/v-keep`, { displayAddress: 'Elsewhere' }, withKey(account));
      expect(res.status).to.equal(200);
      expect(res.body).to.include({ displayAddress: 'Elsewhere', newBuild: true, localAreaDescription: 'Lively.' });
    });
  });

  describe('refresh', () => {
    it('takes wait_for, true, 1 and false, and refuses anything else with 422', async () => {
      for (const refresh of ['wait_for', 'true', '1', 'false']) {
        expect((await api.put(`${DEV}/v-dev`, developmentPayload(), withKey(account, { refresh }))).status, refresh).to.equal(200);
      }
      const res = await api.put(`${DEV}/v-dev`, developmentPayload(), withKey(account, { refresh: 'later' }));
      expect(res.status).to.equal(422);
      expect(res.body.errors).to.have.property('refresh');
      expect((await api.post('/api/bulk/listings/delete', { refs: [] }, withKey(account, { refresh: 'later' }))).status).to.equal(422);
    });
  });

  describe('bulk bodies', () => {
    it('refuses items that are no object, and refs that are no externalRef, with 422', async () => {
      const items = await api.post('/api/bulk/inventory/developments', { data: [{ externalRef: 'v-b1', ...developmentPayload() }, 1] }, withKey(account));
      expect(items.status).to.equal(422);
      expect(items.body.errors).to.have.property('data[1]');
      expect((await api.get(`${DEV}/v-b1`, withKey(account))).status).to.equal(404);
      const refs = await api.post('/api/bulk/inventory/developments/delete', { refs: [false] }, withKey(account));
      expect(refs.status).to.equal(422);
      expect(refs.body.errors).to.have.property('refs[0]');
    });

    it('fails an item whose kept text holds a NUL character, and writes one whose unread field does', async () => {
      const res = await api.post(
        '/api/bulk/inventory/developments',
        { data: [{ externalRef: 'v-b4', ...developmentPayload({ name: 'a\u0000b' }) }, { externalRef: 'v-b5', ...developmentPayload(), extra: { note: ['a\u0000b'] } }] },
        withKey(account),
      );
      expect(res.status).to.equal(200);
      expect(res.body.data.map((r: { status: string }) => r.status)).to.deep.equal(['failed', 'created']);
      expect(res.body.data[0].errors).to.have.property('name');
    });

    it('answers 200 with the items that fail their schema as failed, the others written', async () => {
      const res = await api.post('/api/bulk/inventory/developments', { data: [{ externalRef: 'v-b2', ...developmentPayload() }, { externalRef: 'v-b3', ...developmentPayload({ name: 7 }) }] }, withKey(account));
      expect(res.status).to.equal(200);
      expect(res.body.data.map((r: { status: string }) => r.status)).to.deep.equal(['created', 'failed']);
      expect(res.body.data[1]).to.deep.include({ externalRef: 'v-b3', errors: { name: ['name must be a string'] } });
    });
  });

  describe('leads', () => {
    it('refuses a pushed lead naming a listing id beyond the integer range, and list filters that name nothing, with 422', async () => {
      const lead = await api.post('/api/rest/leads', { email: 'v-lead@example.com', listing: 2_147_483_648, source: 'Partner' }, withKey(account));
      expect(lead.status).to.equal(422);
      expect(lead.body.errors).to.have.property('listing');
      const filter = await api.get('/api/rest/leads', withKey(account, { listing: 'has space' }));
      expect(filter.status).to.equal(422);
      expect(filter.body.errors).to.have.property('listing');
      expect((await api.get('/api/rest/leads', withKey(account, { status: 'maybe' }))).status).to.equal(422);
    });
  });

  describe('the document', () => {
    const doc = buildOpenApiDocument() as unknown as { paths: Record<string, Record<string, { parameters?: { name: string; in: string; schema: Record<string, unknown> }[] }>> };
    const param = (path: string, method: string, name: string) => doc.paths[path]![method]!.parameters!.find((p) => p.name === name)!.schema;

    it('declares updated_since as a date-time and the path ref with the externalRef pattern', () => {
      for (const path of [DEV, PROP, LISTINGS, '/api/rest/leads', '/api/bulk/leads']) expect(param(path, 'get', 'updated_since'), path).to.include({ format: 'date-time' });
      for (const method of ['get', 'put', 'patch', 'delete']) expect(param(`${DEV}/{ref}`, method, 'ref')).to.include({ pattern: '^[A-Za-z0-9._:\\-/]+$', maxLength: 100 });
      expect(param('/api/rest/leads/{id}', 'get', 'id')).to.include({ type: 'integer', maximum: 2_147_483_647 });
    });

    it('says that a listing ref is never marketplace, whose path answers other verbs than GET with 405', async () => {
      expect(param(`${LISTINGS}/{ref}`, 'put', 'ref')).to.have.property('not');
      const res = await request('PUT', `${LISTINGS}/MarketPlace`, { ...withKey(account), body: listingPayload('v-dev', ['v-prop']) });
      expect(res.status).to.equal(405);
      // the pull answers its own spelling; another names no listing
      expect((await api.get(`${LISTINGS}/marketplace`, withKey(account))).body).to.have.keys('data', 'pagination', 'links');
      const other = await api.get(`${LISTINGS}/MarketPlace`, withKey(account));
      expect(other.status).to.equal(404);
    });
  });
});
