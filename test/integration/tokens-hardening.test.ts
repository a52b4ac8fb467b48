// Tokens and links an attacker could keep, forge or point elsewhere (docs/security.md): application update
// tokens past a password change, token lifetimes, listing view counts, error bodies echoing input, and
// links built from the Host header.
import http from 'node:http';
import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import jwt from 'jsonwebtoken';
import { api } from '../support/api.ts';
import { createAccount, type TestAccount } from '../support/factories.ts';
import { smtpSink } from '../support/smtp-sink.ts';
import { LINK_BASE, P, bearer, clientIp, fromIp, linkParts, passwordCustomer, passwordlessCustomer, uniqueEmail } from '../support/customers.ts';
import { startVariantApp, testApp } from '../support/test-app.ts';
import { PreviewLinks } from '../../src/listing-reads/preview-links.ts';
import { applied, pushAppListing, type PushedListing } from '../support/applications.ts';

/** a request as an attacker's client sends it, with a Host header of its choosing (fetch sends none but the real one) */
function rawRequest(method: string, url: string, headers: Record<string, string>, body?: string): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method, headers }, (res) => {
      let data = '';
      res.on('data', (chunk: Buffer) => (data += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text: data }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

describe('tokens hardening', () => {
  let account: TestAccount;
  let listing: PushedListing;

  before(async () => {
    await smtpSink();
    account = await createAccount();
    listing = await pushAppListing(account);
  });

  describe('signing key and token lifetimes', () => {
    const now = () => Math.floor(Date.now() / 1000);
    const customerClaims = (id: number) => ({ sub: String(id), jti: randomUUID(), iss: 'homeseeker-portal', aud: 'portal-customer' });
    const profileStatus = async (token: string) => (await api.get(`${P}/profile`, bearer(token))).status;

    it('outside live, a token signed with the development key the repository once published opens nothing', async () => {
      const customer = await passwordCustomer();
      const published = 'development-only-secret-not-for-live-use-0123456789';
      expect(testApp().runtime.config.JWT_SECRET).to.not.equal(published);
      expect(await profileStatus(jwt.sign(customerClaims(customer.id), published, { algorithm: 'HS256', expiresIn: 600 }))).to.equal(401);
    });

    it('refuses a customer token valid for ten years, or without iat, though signed with the right key', async () => {
      const customer = await passwordCustomer();
      const secret = testApp().runtime.config.JWT_SECRET;
      const tenYears = jwt.sign({ ...customerClaims(customer.id), iat: now(), exp: now() + 10 * 365 * 86_400 }, secret, { algorithm: 'HS256' });
      expect(await profileStatus(tenYears)).to.equal(401);
      const noIat = jwt.sign({ ...customerClaims(customer.id), exp: now() + 600 }, secret, { algorithm: 'HS256', noTimestamp: true });
      expect(await profileStatus(noIat)).to.equal(401);
      const issuedLater = jwt.sign({ ...customerClaims(customer.id), iat: now() + 10 * 365 * 86_400, exp: now() + 10 * 365 * 86_400 + 600 }, secret, { algorithm: 'HS256' });
      expect(await profileStatus(issuedLater), 'iat in the future').to.equal(401);
      const genuine = jwt.sign({ ...customerClaims(customer.id), iat: now(), exp: now() + 900 }, secret, { algorithm: 'HS256' });
      expect(await profileStatus(genuine), 'the lifetime the service issues').to.equal(200);
    });

    it('refuses a preview token valid for ten years; takes one of an hour', () => {
      const secret = testApp().runtime.config.JWT_SECRET;
      const links = new PreviewLinks(testApp().runtime.prisma, secret);
      const preview = (lifetime: number) =>
        jwt.sign({ iat: now(), exp: now() + lifetime }, secret, { algorithm: 'HS256', issuer: 'homeseeker-portal', audience: 'listing-preview', subject: String(listing.id) });
      expect(links.listingOf(preview(10 * 365 * 86_400))).to.equal(null);
      expect(links.listingOf(preview(3600))).to.equal(listing.id);
    });
  });

  describe('links never built from the Host header', () => {
    const own = () => `http://localhost:${new URL(testApp().baseUrl).port}`;

    it('pagination links of a keyed list', async () => {
      const url = `${testApp().baseUrl}/api/rest/listings?api_key=${account.key}&size=1`;
      const res = await rawRequest('GET', url, { Host: 'evil.example' });
      expect(res.status, res.text).to.equal(200);
      expect(res.text).to.not.include('evil.example');
      expect(JSON.parse(res.text).links.first).to.match(new RegExp(`^${own()}/`));
    });

    it('a preview link', async () => {
      const res = await rawRequest('POST', `${testApp().baseUrl}/api/rest/listings/${listing.ref}/preview-link`, { Host: 'evil.example', 'X-Api-Key': account.key });
      expect(res.status, res.text).to.equal(201);
      expect(JSON.parse(res.text).url).to.match(new RegExp(`^${own()}/listings/`));
    });

    it('a request target that names another host', async () => {
      const res = await rawRequest('GET', `${testApp().baseUrl}//evil.example/api/rest/listings?api_key=${account.key}&size=1`, {});
      expect(res.text).to.not.include('evil.example');
    });
  });

  describe("magic links to the service's own portal", () => {
    it('are sent though PORTAL_ORIGINS does not list it; another site is refused in words for a person', async () => {
      const variant = await startVariantApp({ PORTAL_ORIGINS: 'https://portal.example.org', PUBLIC_BASE_URL: 'https://homes.example.org' });
      try {
        const email = uniqueEmail('own');
        const ownLink = await api.post(`${P}/passwordless-access`, { url: 'https://homes.example.org/sign-in/link', email }, { ...fromIp(clientIp()), baseUrl: variant.baseUrl });
        expect(ownLink.status, ownLink.text).to.equal(201);
        const elsewhere = await api.post(`${P}/passwordless-access`, { url: 'https://evil.example/sign-in', email }, { ...fromIp(clientIp()), baseUrl: variant.baseUrl });
        expect(elsewhere.status).to.equal(422);
        expect(elsewhere.body.errors.url[0]).to.match(/^This sign-in link would point to a site we don't know/);
      } finally {
        await variant.close();
      }
    });
  });

  describe('application update tokens end with a password change', () => {
    const update = (id: number, updateToken: string, body: Record<string, unknown>) => api.put(`${P}/applications/${id}`, { updateToken, ...body });

    it('change-password: the update token given before is 404 and changes nothing', async () => {
      const customer = await passwordCustomer();
      const app = await applied(customer, listing.id);
      const changed = await api.patch(`${P}/profile/change-password`, { currentPassword: customer.password, newPassword: 'changed pw 2' }, bearer(customer.accessToken));
      expect(changed.status).to.equal(200);
      const res = await update(app.id, app.updateToken, { additionalInfo: 'after the change', phone: '07700 900999' });
      expect(res.status).to.equal(404);
      const row = await testApp().runtime.prisma.application.findUniqueOrThrow({ where: { id: app.id } });
      expect(row.additionalInfo).to.not.equal('after the change');
      expect((await api.get(`${P}/profile`, bearer(customer.accessToken))).body.phone).to.not.equal('07700 900999');
    });

    it('reset-password of an address proven before: the update token given before is 404', async () => {
      const customer = await passwordlessCustomer();
      const app = await applied(customer, listing.id);
      const forgot = await api.post(`${P}/forgot-password`, { url: LINK_BASE, email: customer.email }, fromIp(clientIp()));
      const { id, token } = linkParts(forgot.body.magicLink);
      expect((await api.post(`${P}/reset-password/${id}/${token}`, { newPassword: 'reset pw 3' })).status).to.equal(200);
      expect((await update(app.id, app.updateToken, { additionalInfo: 'after the reset' })).status).to.equal(404);
    });

    it('until then, sent customer fields update the profile and the answer shows none of it', async () => {
      const customer = await passwordCustomer();
      const app = await applied(customer, listing.id);
      const res = await update(app.id, app.updateToken, { phone: '07700 900321' });
      expect(res.status).to.equal(200);
      expect(res.body).to.not.have.property('customer');
      expect(JSON.stringify(res.body)).to.not.include('07700 900321');
      expect((await api.get(`${P}/profile`, bearer(customer.accessToken))).body.phone).to.equal('07700 900321');
    });
  });

  describe('error bodies echo at most a few hundred characters of the input', () => {
    const long = 'a'.repeat(400_000);
    const quotes = '"'.repeat(400_000);
    const bodies: [string, string, string][] = [
      ['bad JSON', `${P}/password-register`, `{"email": "${long}${long}`],
      ['a long value', `${P}/password-register`, JSON.stringify({ email: `${long}@example.org`, password: long })],
      ['an object where a number goes', `${P}/password-register`, JSON.stringify({ email: uniqueEmail(), password: 'secret123', annualHouseholdIncome: { x: quotes } })],
      ['an array where a text goes', `${P}/password-register`, JSON.stringify({ email: uniqueEmail(), password: 'secret123', firstName: [quotes] })],
      ['quotes in a keyed write', '/api/rest/developments', JSON.stringify({ ref: { x: quotes }, name: [quotes] })],
      ['quotes in a listing', '/api/rest/listings', JSON.stringify({ ref: 'x', development: { x: quotes }, rules: quotes })],
      ['many bad items in an array', '/api/rest/developments', JSON.stringify({ ref: 'x', name: 'x', gallery: Array.from({ length: 200_000 }, () => 0) })],
      ['many bad items to a bulk write', '/api/rest/bulk/listings', JSON.stringify(Array.from({ length: 100_000 }, () => ({})))],
    ];
    for (const [name, path, body] of bodies) {
      it(`${name} (${Math.round(body.length / 1000)} KB)`, async () => {
        const res = await api.post(path, undefined, { ...fromIp(clientIp()), rawBody: body, headers: { 'content-type': 'application/json', 'X-Api-Key': account.key, 'X-Forwarded-For': clientIp() }, undocumented: true });
        expect(res.status, res.text.slice(0, 200)).to.be.within(400, 499);
        expect(res.text.length, `${res.status} ${res.text.slice(0, 300)}`).to.be.below(8_000);
        expect(res.text).to.not.match(/a{301}|(\\"){301}/);
      });
    }
  });
});
