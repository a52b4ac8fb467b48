// Magic-link e-mails by environment, each application sending to the run's mailbox: the test environment
// sends none and answers the link as `magicLink`; development and live send it and never answer it.
// The request enqueues the e-mail on the e-mail outbox in its transaction and answers without waiting for
// the mail server; the delivery (run here by expectMail and deliverMails) sends it.
import http from 'node:http';
import { expect } from 'chai';
import { api } from '../support/api.ts';
import { startVariantApp, type VariantApp } from '../support/test-app.ts';
import { deliverMails, expectMail, mailsTo } from '../support/smtp-sink.ts';
import { LINK_BASE, P, clientIp, fromIp, linkParts, passwordCustomer, uniqueEmail } from '../support/customers.ts';

describe('magic-link e-mails by environment', () => {
  const apps: Record<'test' | 'development' | 'live', VariantApp | undefined> = {
    test: undefined,
    development: undefined,
    live: undefined,
  };
  const app = (env: keyof typeof apps) => apps[env]!.baseUrl;

  before(async () => {
    // the test environment as configured by default (the run's test app turns TEST_ENV_SENDS_MAIL on)
    apps.test = await startVariantApp({ TEST_ENV_SENDS_MAIL: undefined });
    apps.development = await startVariantApp({ APP_ENV: 'development' });
    apps.live = await startVariantApp({
      APP_ENV: 'live',
      JWT_SECRET: 'live-test-secret-'.padEnd(40, 'x'),
      // the former name of PORTAL_ORIGINS still works
      PORTAL_ORIGINS: undefined,
      MAGIC_LINK_ORIGINS: new URL(LINK_BASE).origin,
      SMTP_HOST: '127.0.0.1',
    });
  });

  after(async () => {
    await Promise.all(Object.values(apps).map((a) => a?.close()));
  });

  const accessOn = (base: string, email: string) =>
    api.post(`${base}${P}/passwordless-access`, { url: LINK_BASE, email }, fromIp(clientIp()));

  it('APP_ENV=test sends no e-mail and answers the link as magicLink, which signs in', async () => {
    const email = uniqueEmail('test-env');
    const res = await accessOn(app('test'), email);
    expect(res.status).to.equal(201);
    expect(res.body.magicLink)
      .to.be.a('string')
      .and.match(/^https:\/\/portal\.example\.org\/sign-in\/\d+\/[\w-]+$/);
    await deliverMails();
    expect(await mailsTo(email)).to.be.empty;
    const { id, token } = linkParts(res.body.magicLink);
    const exchange = await api.get(`${app('test')}${P}/auth-token/${id}/${token}`);
    expect(exchange.status).to.equal(200);
    expect(exchange.body.accessToken).to.be.a('string');
  });

  it('APP_ENV=test sends no password-reset e-mail either', async () => {
    const customer = await passwordCustomer();
    const res = await api.post(`${app('test')}${P}/forgot-password`, { url: LINK_BASE, email: customer.email }, fromIp(clientIp()));
    expect(res.status).to.equal(200);
    expect(res.body.magicLink).to.be.a('string');
    await deliverMails();
    expect((await mailsTo(customer.email)).filter((mail) => /reset/i.test(mail.subject))).to.be.empty;
  });

  for (const env of ['test', 'development', 'live'] as const) {
    it(`APP_ENV=${env} refuses a link to a site that is not a portal origin (422 on url), and sends nothing`, async () => {
      const email = uniqueEmail(`elsewhere-${env}`);
      for (const path of ['passwordless-access', 'forgot-password']) {
        const res = await api.post(`${app(env)}${P}/${path}`, { url: 'https://evil.example/sign-in', email }, fromIp(clientIp()));
        expect(res.status, path).to.equal(422);
        expect(res.body.errors, path).to.have.keys('url');
        expect(res.body, path).to.not.have.property('magicLink');
      }
      await deliverMails();
      expect(await mailsTo(email)).to.be.empty;
    });
  }

  for (const env of ['development', 'live'] as const) {
    it(`APP_ENV=${env} e-mails the link and never answers it`, async () => {
      const email = uniqueEmail(env);
      const { result, link } = await expectMail(email, () => accessOn(app(env), email));
      expect(result.status).to.equal(201);
      expect(result.body).to.deep.equal({ message: 'We have sent a sign-in link to this e-mail address' });
      const { id, token } = linkParts(link);
      const exchange = await api.get(`${app(env)}${P}/auth-token/${id}/${token}`);
      expect(exchange.status).to.equal(200);
      expect(exchange.body.accessToken).to.be.a('string');
    });
  }
});

describe('magic links by default: the service\'s own origin only', () => {
  let own: VariantApp;

  before(async () => {
    own = await startVariantApp({ APP_ENV: 'development', PORTAL_ORIGINS: undefined });
  });

  after(async () => {
    await own?.close();
  });

  it('takes a link to its own auth-token endpoint (the README walk-through), on localhost or 127.0.0.1, and refuses any other site', async () => {
    const port = new URL(own.baseUrl).port;
    for (const base of [own.baseUrl, `http://localhost:${port}`]) {
      const email = uniqueEmail('own');
      const url = `${base}${P}/auth-token`;
      const { result, link } = await expectMail(email, () => api.post(`${own.baseUrl}${P}/passwordless-access`, { url, email }, fromIp(clientIp())));
      expect(result.status).to.equal(201);
      expect(link).to.match(new RegExp(`^${url}/\\d+/[\\w-]+$`));
      const { id, token } = linkParts(link);
      expect((await api.get(`${own.baseUrl}${P}/auth-token/${id}/${token}`)).status).to.equal(200);
    }
    for (const url of [LINK_BASE, 'https://evil.example/sign-in', `http://localhost:${Number(port) + 1}/sign-in`]) {
      const res = await api.post(`${own.baseUrl}${P}/passwordless-access`, { url, email: uniqueEmail('other') }, fromIp(clientIp()));
      expect(res.status, url).to.equal(422);
      expect(res.body.errors, url).to.have.keys('url');
    }
  });

  it('does not trust the Host header to name its origin', async () => {
    // fetch will not send another Host: a plain request does, as an attacker's client would
    const body = JSON.stringify({ url: 'http://evil.example/sign-in', email: uniqueEmail('host') });
    const { status, text } = await new Promise<{ status: number; text: string }>((resolve, reject) => {
      const req = http.request(
        `${own.baseUrl}${P}/passwordless-access`,
        { method: 'POST', headers: { Host: 'evil.example', 'Content-Type': 'application/json', 'X-Forwarded-For': clientIp() } },
        (res) => {
          let data = '';
          res.on('data', (chunk: Buffer) => (data += chunk.toString()));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, text: data }));
        },
      );
      req.on('error', reject);
      req.end(body);
    });
    expect(status, text).to.equal(422);
    expect(JSON.parse(text).errors).to.have.keys('url');
  });
});
