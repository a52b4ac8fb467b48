// Careless input at the edge: every class below once reached a 500 or an undocumented answer.
import { expect } from 'chai';
import { request as httpRequest } from 'node:http';
import { testApp } from '../support/test-app.ts';
import { api, request, type RequestOptions } from '../support/api.ts';
import { buildOpenApiDocument } from '../../src/api-document/document.ts';
import { P, bearer, clientIp, fromIp, passwordCustomer, uniqueEmail } from '../support/customers.ts';

describe('edge hardening', () => {
  describe('a JSON object or array where a string is expected', () => {
    const cases: [string, Record<string, unknown>, string][] = [
      ['/forgot-password', { url: {}, email: 'a@example.com' }, 'url'],
      ['/passwordless-access', { url: 'https://portal.example.org/in', email: ['a@example.com'] }, 'email'],
      ['/password-register', { email: uniqueEmail(), password: 'secret123', firstName: { first: 'A' } }, 'firstName'],
      ['/password-login', { email: 'a@example.com', password: {} }, 'password'],
    ];
    for (const [path, body, field] of cases) {
      it(`POST ${path} is 422 naming ${field}`, async () => {
        const res = await api.post(`${P}${path}`, body, fromIp(clientIp()));
        expect(res.status).to.equal(422);
        expect(res.body.errors).to.have.property(field);
      });
    }

    it('PUT profile is 422 for an object as a name and an array as a postcode', async () => {
      const { accessToken: token } = await passwordCustomer();
      const res = await api.put(`${P}/profile`, { lastName: {}, homePostcode: ['SW1A 1AA'] }, bearer(token));
      expect(res.status).to.equal(422);
      expect(res.body.errors).to.have.all.keys('lastName', 'homePostcode');
    });

    it('JSON types are kept: false is no text and "5" no number (422 on each)', async () => {
      const { accessToken: token } = await passwordCustomer();
      const res = await api.put(`${P}/profile`, { utmContent: false, dependants: '5' }, bearer(token));
      expect(res.status).to.equal(422);
      expect(res.body.errors).to.have.all.keys('utmContent', 'dependants');
    });

    it('a body that is JSON but not an object is a 422, not a 400', async () => {
      const res = await request('POST', `${P}/forgot-password`, { rawBody: '"AAA"', headers: { 'content-type': 'application/json' } });
      expect(res.status).to.equal(422);
    });
  });

  describe('NUL characters', () => {
    it('in a path are an unknown resource (404)', async () => {
      for (const path of ['/api/rest/listings/%00', `${P}/contents/slug/a%00b`, `${P}/listings/slug/%00`]) {
        const res = await request('GET', path, { undocumented: true });
        expect(res.status, path).to.equal(404);
      }
      const head = await request('HEAD', `${P}/customers/email/a%00@example.com`, { undocumented: true });
      expect(head.status).to.equal(404);
    });

    it('in a profile field are 422 on that field, and nothing is stored', async () => {
      const { accessToken: token } = await passwordCustomer({ firstName: 'Ada' });
      const res = await api.put(`${P}/profile`, { firstName: 'A\u0000da', occupation: 'x\u0000' }, bearer(token));
      expect(res.status).to.equal(422);
      expect(res.body.errors).to.have.all.keys('firstName', 'occupation');
      expect((await api.get(`${P}/profile`, bearer(token))).body.firstName).to.equal('Ada');
    });

    it('in a field no schema knows are dropped with it', async () => {
      const { accessToken: token } = await passwordCustomer();
      const res = await api.put(`${P}/profile`, { 'x\u0000y': 'z\u0000', occupation: 'Nurse' }, bearer(token));
      expect(res.status).to.equal(200);
      expect(res.body.occupation).to.equal('Nurse');
    });
  });

  describe('prototype keys', () => {
    it('a __proto__ key at any depth, escaped or not, is 400 naming it, and nothing is written', async () => {
      const { accessToken: token } = await passwordCustomer();
      const bodies = [
        '{"__proto__":{"isAdmin":true},"occupation":"Vet"}',
        '{"occupation":"Vet","x":{"nested":[{"__proto__":-1}]}}',
        '{"occupation":"Vet","\\u005f_proto__":1}',
      ];
      for (const rawBody of bodies) {
        const res = await request('PUT', `${P}/profile`, { rawBody, headers: { 'content-type': 'application/json', ...bearer(token).headers } });
        expect(res.status, rawBody).to.equal(400);
        expect(res.body.message).to.match(/__proto__/);
      }
      const profile = await api.get(`${P}/profile`, bearer(token));
      expect(profile.body.occupation).to.not.equal('Vet');
      expect(({} as Record<string, unknown>).isAdmin).to.equal(undefined);
    });

    it('constructor.prototype keys are dropped like any unknown field, not refused', async () => {
      const { accessToken: token } = await passwordCustomer();
      const rawBody = '{"x":{"constructor":{"prototype":{"y":1}}},"occupation":"Vet","constructor":{"prototype":{"isAdmin":true}}}';
      const res = await request('PUT', `${P}/profile`, { rawBody, headers: { 'content-type': 'application/json', ...bearer(token).headers } });
      expect(res.status).to.equal(200);
      expect(res.body.occupation).to.equal('Vet');
      expect(({} as Record<string, unknown>).isAdmin).to.equal(undefined);
    });

    it('the document names the refusal: no object of any request body may hold __proto__, and the 400 says so', () => {
      const doc = buildOpenApiDocument() as any;
      const noProto = { not: { const: '__proto__' } };
      const missing: string[] = [];
      const seen = new Set<string>();
      const walk = (schema: any, where: string): void => {
        if (!schema || typeof schema !== 'object') return;
        if (schema.$ref) {
          const name = String(schema.$ref).split('/').pop()!;
          if (!seen.has(name)) seen.add(name), walk(doc.components.schemas[name], name);
          return;
        }
        if ([schema.type].flat().includes('object') && JSON.stringify(schema.propertyNames?.not) !== JSON.stringify(noProto.not)) missing.push(where);
        for (const [name, field] of Object.entries(schema.properties ?? {})) walk(field, `${where}.${name}`);
        for (const key of ['items', 'additionalProperties']) walk(schema[key], `${where}.${key}`);
        for (const key of ['anyOf', 'oneOf', 'allOf']) (schema[key] ?? []).forEach((s: any, i: number) => walk(s, `${where}.${key}[${i}]`));
      };
      let bodies = 0;
      for (const [path, item] of Object.entries<any>(doc.paths)) {
        for (const [method, operation] of Object.entries<any>(item)) {
          // a file upload (a BLM or a zip) reads its own body, which no JSON parser sees
          if (!operation?.requestBody?.content?.['application/json']) continue;
          bodies++;
          expect(operation.responses['400'].description, `${method} ${path}`).to.match(/__proto__/);
          walk(operation.requestBody.content['application/json'].schema, `${method} ${path}`);
        }
      }
      expect(bodies).to.be.greaterThan(20);
      expect(missing).to.deep.equal([]);
    });
  });

  describe('query parameters given more than once', () => {
    it('are 422 on the parameter where it is taken once, and fine where it is a list', async () => {
      const twice = async (path: string, query: string) => request('GET', `${path}?${query}`, {});
      const contents = await twice(`${P}/contents`, 'series_id=1&series_id=1');
      expect(contents.status).to.equal(422);
      expect(contents.body.errors).to.have.property('series_id');
      const search = await twice(`${P}/search`, 'radius=1&radius=2');
      expect(search.status).to.equal(422);
      expect(search.body.errors).to.have.property('radius');
      const page = await twice('/api/rest/portal/home-featured-listings', 'size=2&size=3');
      expect(page.status).to.equal(422);
      expect((await twice(`${P}/search`, 'schemes[]=a&schemes[]=b')).status).to.equal(200);
    });
  });

  describe('verbs and media types', () => {
    it('TRACE on a known path is 405 with Allow', async () => {
      // fetch refuses to send TRACE, so plain node:http does
      const { status, allow } = await new Promise<{ status?: number; allow?: string }>((resolve, reject) => {
        const req = httpRequest(new URL(`${P}/lists/genders`, testApp().baseUrl), { method: 'TRACE' }, (res) => {
          res.resume();
          resolve({ status: res.statusCode, allow: res.headers.allow });
        });
        req.on('error', reject);
        req.end();
      });
      expect(status).to.equal(405);
      expect(allow).to.include('GET');
    });

    it('a body that is not JSON is 415; malformed JSON is 400', async () => {
      const form = await request('POST', `${P}/password-login`, { rawBody: 'email=a', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
      expect(form.status).to.equal(415);
      const text = await request('POST', `${P}/password-login`, { rawBody: 'hello', headers: { 'content-type': 'text/plain' } });
      expect(text.status).to.equal(415);
      const malformed = await request('POST', `${P}/password-login`, { rawBody: '{"email":', headers: { 'content-type': 'application/json' } });
      expect(malformed.status).to.equal(400);
      expect(malformed.body).to.have.property('message');
    });
  });

  describe('security headers', () => {
    it('every response says nosniff and a referrer policy; an API answer forbids framing and scripts', async () => {
      for (const path of ['/health', `${P}/lists/genders`, '/api/rest/portal/no-such-thing']) {
        const res = await request('GET', path, { undocumented: true });
        expect(res.headers.get('x-content-type-options'), path).to.equal('nosniff');
        expect(res.headers.get('referrer-policy'), path).to.equal('strict-origin-when-cross-origin');
        expect(res.headers.get('content-security-policy'), path).to.include("default-src 'none'");
      }
    });

    it('responses that carry tokens or personal data are not stored by caches; public reads may be', async () => {
      const email = uniqueEmail();
      await api.post(`${P}/password-register`, { email, password: 'secret123' }, fromIp(clientIp()));
      const login = await api.post(`${P}/password-login`, { email, password: 'secret123' }, fromIp(clientIp()));
      expect(login.headers.get('cache-control')).to.equal('no-store');
      const profile = await api.get(`${P}/profile`, bearer(login.body.access_token));
      expect(profile.headers.get('cache-control')).to.equal('no-store');
      const lookups = await api.get(`${P}/lists/genders`);
      expect(lookups.headers.get('cache-control')).to.equal(null);
      // a keyed read, the key in the header or the query, and a preview link's read
      const keyed: RequestOptions[] = [{ headers: { 'X-Api-Key': 'hsp_any' } }, { query: { api_key: 'hsp_any' } }, { query: { preview: 'any' } }];
      for (const options of keyed)
        expect((await api.get(`${P}/lists/genders`, options)).headers.get('cache-control'), JSON.stringify(options)).to.equal('no-store');
    });
  });
});
