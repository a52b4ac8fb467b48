import { expect } from 'chai';
import { api } from '../support/api.ts';
import { testApp } from '../support/test-app.ts';
import { smtpSink } from '../support/smtp-sink.ts';
import { LINK_BASE, P, clientIp, fromIp, passwordCustomer, uniqueEmail } from '../support/customers.ts';

const expect429 = (res: { status: number; headers: Headers; body: { message: string } }) => {
  expect(res.status).to.equal(429);
  const retryAfter = Number(res.headers.get('retry-after'));
  expect(retryAfter).to.be.within(1, testApp().runtime.config.RATE_LIMIT_WINDOW_SECONDS);
  expect(res.body.message).to.match(/try again later/);
};

describe('customer accounts: abuse limits', () => {
  const config = () => testApp().runtime.config;

  before(async () => {
    await smtpSink();
  });

  it('limits the e-mails sent to one address, whatever the client address', async () => {
    const email = uniqueEmail('flood');
    for (let i = 0; i < config().RATE_LIMIT_PER_EMAIL; i++) {
      expect((await api.post(`${P}/passwordless-access`, { url: LINK_BASE, email }, fromIp(clientIp()))).status).to.be.oneOf([200, 201]);
    }
    const over = await api.post(`${P}/passwordless-login`, { url: LINK_BASE, email }, fromIp(clientIp()));
    expect429(over);
    expect(over.body).to.not.have.property('magicLink');
    const other = await api.post(`${P}/passwordless-access`, { url: LINK_BASE, email: uniqueEmail('calm') }, fromIp(clientIp()));
    expect(other.status).to.equal(201);
  });

  it('counts forgot-password e-mails for unknown addresses too, so the 429 tells nothing', async () => {
    const email = uniqueEmail('unknown');
    for (let i = 0; i < config().RATE_LIMIT_PER_EMAIL; i++) {
      expect((await api.post(`${P}/forgot-password`, { url: LINK_BASE, email }, fromIp(clientIp()))).status).to.equal(200);
    }
    expect429(await api.post(`${P}/forgot-password`, { url: LINK_BASE, email }, fromIp(clientIp())));
  });

  it('limits sign-in requests per client address', async () => {
    const ip = clientIp();
    for (let i = 0; i < config().RATE_LIMIT_PER_IP; i++) {
      expect((await api.post(`${P}/forgot-password`, { url: LINK_BASE, email: uniqueEmail('ip') }, fromIp(ip))).status).to.equal(200);
    }
    expect429(await api.post(`${P}/passwordless-access`, { url: LINK_BASE, email: uniqueEmail('ip') }, fromIp(ip)));
    expect429(await api.post(`${P}/password-login`, { email: uniqueEmail('ip'), password: 'whatever' }, fromIp(ip)));
    expect(
      (await api.post(`${P}/forgot-password`, { url: LINK_BASE, email: uniqueEmail('ip') }, fromIp(clientIp()))).status,
      'another address',
    ).to.equal(200);
  });

  it('limits e-mail existence checks per client address', async () => {
    const ip = clientIp();
    for (let i = 0; i < config().RATE_LIMIT_PER_IP; i++) {
      expect((await api.head(`${P}/customers/email/${uniqueEmail('probe')}`, fromIp(ip))).status).to.equal(404);
    }
    const over = await api.head(`${P}/customers/email/${uniqueEmail('probe')}`, fromIp(ip));
    expect(over.status).to.equal(429);
    expect(Number(over.headers.get('retry-after'))).to.be.greaterThan(0);
  });

  it('locks password login for an address from the client that failed repeatedly, even with the right password', async () => {
    const customer = await passwordCustomer();
    const stranger = clientIp();
    for (let i = 0; i < config().RATE_LIMIT_LOGIN_FAILURES; i++) {
      expect((await api.post(`${P}/password-login`, { email: customer.email, password: `wrong-${i}` }, fromIp(stranger))).status).to.equal(
        401,
      );
    }
    expect429(await api.post(`${P}/password-login`, { email: customer.email, password: customer.password }, fromIp(stranger)));
    const other = await passwordCustomer();
    expect((await api.post(`${P}/password-login`, { email: other.email, password: other.password }, fromIp(stranger))).status).to.equal(
      200,
    );
  });

  it('lets the owner sign in from another client while a stranger is locked out of the account', async () => {
    const customer = await passwordCustomer();
    const stranger = clientIp();
    for (let i = 0; i < config().RATE_LIMIT_LOGIN_FAILURES + 2; i++) {
      await api.post(`${P}/password-login`, { email: customer.email, password: `guess-${i}` }, fromIp(stranger));
    }
    expect429(await api.post(`${P}/password-login`, { email: customer.email, password: `guess-again` }, fromIp(stranger)));
    const owner = await api.post(`${P}/password-login`, { email: customer.email, password: customer.password }, fromIp(clientIp()));
    expect(owner.status).to.equal(200);
    expect(owner.body.access_token).to.be.a('string');
  });

  it('keeps counting the stranger per client address: many wrong passwords still hit the per-IP limit', async () => {
    const customer = await passwordCustomer();
    const stranger = clientIp();
    const statuses: number[] = [];
    for (let i = 0; i <= config().RATE_LIMIT_PER_IP; i++) {
      const email = i % 2 ? customer.email : uniqueEmail('spray');
      statuses.push((await api.post(`${P}/password-login`, { email, password: `spray-${i}` }, fromIp(stranger))).status);
    }
    expect(statuses.at(-1)).to.equal(429);
    expect(statuses.filter((status) => status === 200)).to.deep.equal([]);
  });

  it('forgets failures after a successful login', async () => {
    const customer = await passwordCustomer();
    const ip = clientIp();
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < config().RATE_LIMIT_LOGIN_FAILURES - 1; i++) {
        expect((await api.post(`${P}/password-login`, { email: customer.email, password: 'wrong one' }, fromIp(ip))).status).to.equal(401);
      }
      expect((await api.post(`${P}/password-login`, { email: customer.email, password: customer.password }, fromIp(ip))).status).to.equal(
        200,
      );
    }
  });
});
