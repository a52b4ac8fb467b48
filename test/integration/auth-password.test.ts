import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import jwt from 'jsonwebtoken';
import { api } from '../support/api.ts';
import { testApp } from '../support/test-app.ts';
import { deliverMails, expectMail, mailsTo, smtpSink } from '../support/smtp-sink.ts';
import {
  LINK_BASE,
  P,
  bearer,
  clientIp,
  disableCustomer,
  fromIp,
  linkParts,
  passwordCustomer,
  passwordlessCustomer,
  uniqueEmail,
} from '../support/customers.ts';

const login = (email: string, password: string, ip = clientIp()) => api.post(`${P}/password-login`, { email, password }, fromIp(ip));
const refresh = (refreshToken: string) => api.post(`${P}/refresh-token`, { refreshToken });
const profileStatus = async (token: string) => (await api.get(`${P}/profile`, bearer(token))).status;

describe('customer accounts: passwords and tokens', () => {
  before(async () => {
    await smtpSink();
  });

  describe('POST password-register', () => {
    it('creates the customer (201) with the fields sent and an argon2id hash of the password', async () => {
      const email = uniqueEmail('reg');
      const res = await api.post(
        `${P}/password-register`,
        { email, password: 'brick-lantern-7', firstName: 'Grace', utmCampaign: 'spring' },
        fromIp(clientIp()),
      );
      expect(res.status).to.equal(201);
      expect(res.body).to.include({ email, firstName: 'Grace', lastName: null, fullName: 'Grace' });
      const row = await testApp().runtime.prisma.customer.findUnique({ where: { email } });
      expect(row!.passwordHash)
        .to.match(/^\$argon2id\$v=19\$/)
        .and.not.include('brick-lantern-7');
      expect(row).to.include({ createdVia: 'password', utmCampaign: 'spring' });
    });

    it('is 422 for a password under 6 characters, a taken e-mail (also a passwordless one) or a missing e-mail', async () => {
      const short = await api.post(`${P}/password-register`, { email: uniqueEmail(), password: '12345' }, fromIp(clientIp()));
      expect(short.status).to.equal(422);
      expect(short.body.errors.password[0]).to.match(/at least 6/);
      const passwordless = await passwordlessCustomer();
      const taken = await api.post(`${P}/password-register`, { email: passwordless.email, password: 'brick-lantern-7' }, fromIp(clientIp()));
      expect(taken.status).to.equal(422);
      expect(taken.body.errors).to.have.keys('email');
      const missing = await api.post(`${P}/password-register`, { password: 'brick-lantern-7' }, fromIp(clientIp()));
      expect(missing.status).to.equal(422);
      expect(missing.body.errors).to.have.property('email');
    });

    it('is 422 on the password field for one of the 10,000 most common passwords, whatever its case', async () => {
      for (const password of ['123456', 'password', 'Qwerty123', 'letmein1']) {
        const email = uniqueEmail('common');
        const res = await api.post(`${P}/password-register`, { email, password }, fromIp(clientIp()));
        expect(res.status, password).to.equal(422);
        expect(res.body.errors.password[0], password).to.match(/most common passwords/);
        expect(await testApp().runtime.prisma.customer.count({ where: { email } }), password).to.equal(0);
      }
      const uncommon = await api.post(`${P}/password-register`, { email: uniqueEmail('rare'), password: 'tq7-marble' }, fromIp(clientIp()));
      expect(uncommon.status, 'six characters, not common').to.equal(201);
    });

    it('mails a confirmation link to the address, pointing at the url sent on a portal origin (422 on url elsewhere)', async () => {
      const email = uniqueEmail('confirm');
      const { result, link, mail } = await expectMail(email, () =>
        api.post(`${P}/password-register`, { email, password: 'tq7-marble', url: `${LINK_BASE}/confirm` }, fromIp(clientIp())),
      );
      expect(result.status).to.equal(201);
      expect(result.body.confirmationLink).to.equal(link);
      expect(link).to.match(new RegExp(`^${LINK_BASE}/confirm/${result.body.id}/[\\w-]+$`));
      expect(mail.subject).to.match(/confirm your e-mail/i);
      const row = await testApp().runtime.prisma.customer.findUniqueOrThrow({ where: { email } });
      expect(row.emailProvenAt, 'not proven until the link is used').to.equal(null);

      const elsewhere = uniqueEmail('elsewhere');
      const refused = await api.post(`${P}/password-register`, { email: elsewhere, password: 'tq7-marble', url: 'https://evil.example/x' }, fromIp(clientIp()));
      expect(refused.status).to.equal(422);
      expect(refused.body.errors).to.have.keys('url');
      expect(await testApp().runtime.prisma.customer.count({ where: { email: elsewhere } })).to.equal(0);
    });

    it('gives exactly one customer for two simultaneous registrations of one address', async () => {
      const email = uniqueEmail('twice');
      const results = await Promise.all(
        [0, 1].map(() => api.post(`${P}/password-register`, { email, password: 'brick-lantern-7' }, fromIp(clientIp()))),
      );
      expect(results.map((r) => r.status).sort()).to.deep.equal([201, 422]);
      expect(await testApp().runtime.prisma.customer.count({ where: { email } })).to.equal(1);
    });
  });

  describe('POST password-login', () => {
    it('gives an access token and a refresh token', async () => {
      const customer = await passwordCustomer();
      const res = await login(customer.email.toUpperCase(), customer.password!);
      expect(res.status).to.equal(200);
      expect(res.body).to.include({ token_type: 'Bearer' });
      expect(res.body.expires_in).to.be.within(890, 900);
      expect(await profileStatus(res.body.access_token)).to.equal(200);
      const claims = jwt.decode(res.body.access_token, { complete: true })!;
      expect(claims.header.alg).to.equal('HS256');
      expect(claims.payload).to.include({ sub: String(customer.id) });
    });

    it('is 401 with one message for a wrong password, an unknown address and a customer without password', async () => {
      const customer = await passwordCustomer();
      const passwordless = await passwordlessCustomer();
      const answers = [
        await login(customer.email, 'wrong password'),
        await login(uniqueEmail('nobody'), 'whatever1'),
        await login(passwordless.email, 'whatever1'),
      ];
      expect(answers.map((r) => r.status)).to.deep.equal([401, 401, 401]);
      expect(new Set(answers.map((r) => r.body.message)).size).to.equal(1);
      expect(answers[0]!.body).to.not.have.property('access_token');
    });

    it('is 422 for a disabled customer, who gets no tokens', async () => {
      const customer = await passwordCustomer();
      await disableCustomer(customer.id);
      const res = await login(customer.email, customer.password!);
      expect(res.status).to.equal(422);
      expect(res.body).to.not.have.property('access_token');
    });
  });

  describe('access tokens', () => {
    const secret = () => testApp().runtime.config.JWT_SECRET;
    const claims = (id: number) => ({ sub: String(id), jti: randomUUID(), iss: 'homeseeker-portal', aud: 'portal-customer' });

    it('refuses tokens that are unsigned, signed with another algorithm or key, expired, or for another audience', async () => {
      const customer = await passwordCustomer();
      const forged = [
        jwt.sign(claims(customer.id), '', { algorithm: 'none' }),
        jwt.sign(claims(customer.id), secret(), { algorithm: 'HS512' }),
        jwt.sign(claims(customer.id), 'another-secret-another-secret-another', { algorithm: 'HS256' }),
        jwt.sign({ ...claims(customer.id), exp: Math.floor(Date.now() / 1000) - 10 }, secret(), { algorithm: 'HS256' }),
        jwt.sign({ ...claims(customer.id), aud: 'someone-else' }, secret(), { algorithm: 'HS256' }),
        'not.a.token',
      ];
      for (const token of forged) expect(await profileStatus(token), token).to.equal(401);
      expect(
        await profileStatus(jwt.sign(claims(customer.id), secret(), { algorithm: 'HS256', expiresIn: 60 })),
        'the genuine shape',
      ).to.equal(200);
    });

    it('refuses a token signed with the right key but without an expiry (exp)', async () => {
      const customer = await passwordCustomer();
      const endless = jwt.sign(claims(customer.id), secret(), { algorithm: 'HS256' });
      expect(jwt.decode(endless)).to.not.have.property('exp');
      const res = await api.get(`${P}/profile`, bearer(endless));
      expect(res.status).to.equal(401);
      expect(res.body).to.not.have.property('email');
    });

    it('refuses a token once it expires, though it was accepted (and its signature checked) before', async () => {
      const customer = await passwordCustomer();
      const exp = Math.floor(Date.now() / 1000) + 2;
      const token = jwt.sign({ ...claims(customer.id), exp }, secret(), { algorithm: 'HS256' });
      expect(await profileStatus(token)).to.equal(200);
      expect(await profileStatus(token)).to.equal(200);
      await new Promise((resolve) => setTimeout(resolve, exp * 1000 - Date.now() + 50));
      const res = await api.get(`${P}/profile`, bearer(token));
      expect(res.status).to.equal(401);
      expect(JSON.stringify(res.body)).to.contain('expired');
    });

    it('stop working when the customer is disabled', async () => {
      const customer = await passwordCustomer();
      expect(await profileStatus(customer.accessToken)).to.equal(200);
      await disableCustomer(customer.id);
      expect(await profileStatus(customer.accessToken)).to.equal(401);
      expect((await refresh(customer.refreshToken)).status).to.equal(401);
    });
  });

  describe('POST refresh-token', () => {
    it('rotates: new tokens each time, and the old refresh token is spent', async () => {
      const customer = await passwordCustomer();
      const first = await refresh(customer.refreshToken);
      expect(first.status).to.equal(200);
      expect(first.body.refresh_token).to.not.equal(customer.refreshToken);
      expect(await profileStatus(first.body.access_token)).to.equal(200);
      const second = await refresh(first.body.refresh_token);
      expect(second.status).to.equal(200);
      const stored = await testApp().runtime.prisma.refreshToken.findMany({ where: { customerId: customer.id } });
      expect(stored).to.have.length(3);
      expect(stored.every((t) => !JSON.stringify(t).includes(second.body.refresh_token))).to.equal(true);
    });

    it('revokes the whole session when a spent refresh token is presented again', async () => {
      const customer = await passwordCustomer();
      const other = await login(customer.email, customer.password!); // a second, independent session
      const rotated = await refresh(customer.refreshToken);
      const reuse = await refresh(customer.refreshToken);
      expect(reuse.status).to.equal(401);
      expect(reuse.body.message).to.match(/already used/);
      expect((await refresh(rotated.body.refresh_token)).status, 'the newest token of the family').to.equal(401);
      expect(await profileStatus(rotated.body.access_token), 'access tokens of the family').to.equal(401);
      expect(await profileStatus(other.body.access_token), 'the other session').to.equal(200);
      expect((await refresh(other.body.refresh_token)).status).to.equal(200);
    });

    it('gives one success for two simultaneous uses of one refresh token', async () => {
      const customer = await passwordCustomer();
      const results = await Promise.all([refresh(customer.refreshToken), refresh(customer.refreshToken)]);
      expect(results.map((r) => r.status).sort()).to.deep.equal([200, 401]);
    });

    it('tidies away refresh tokens more than a day past their expiry when new ones are made', async () => {
      const { prisma } = testApp().runtime;
      const old = await passwordCustomer();
      await prisma.refreshToken.updateMany({ where: { customerId: old.id }, data: { expiresAt: new Date(Date.now() - 2 * 86_400_000) } });
      await passwordCustomer();
      expect(await prisma.refreshToken.count({ where: { customerId: old.id } })).to.equal(0);
    });

    it('is 401 for an unknown or expired token and 422 without one', async () => {
      const customer = await passwordCustomer();
      expect((await refresh('made-up')).status).to.equal(401);
      await testApp().runtime.prisma.refreshToken.updateMany({
        where: { customerId: customer.id },
        data: { expiresAt: new Date(Date.now() - 1000) },
      });
      expect((await refresh(customer.refreshToken)).status).to.equal(401);
      expect((await api.post(`${P}/refresh-token`, {})).status).to.equal(422);
    });
  });

  describe('POST revoke-token (logout)', () => {
    it('revokes the access token (its id is blacklisted) and ends its session, leaving other sessions alone', async () => {
      const customer = await passwordCustomer();
      const other = await login(customer.email, customer.password!);
      const res = await api.post(`${P}/revoke-token`, undefined, bearer(customer.accessToken));
      expect(res.status).to.equal(200);
      expect(await profileStatus(customer.accessToken)).to.equal(401);
      const { jti } = jwt.decode(customer.accessToken) as { jti: string };
      expect(await testApp().runtime.prisma.revokedAccessToken.count({ where: { jti } })).to.equal(1);
      expect((await refresh(customer.refreshToken)).status).to.equal(401);
      expect(await profileStatus(other.body.access_token)).to.equal(200);
      expect((await api.post(`${P}/revoke-token`, undefined, bearer(customer.accessToken))).status, 'twice').to.equal(401);
    });

    it('is 401 without a bearer token', async () => {
      expect((await api.post(`${P}/revoke-token`)).status).to.equal(401);
    });

    it('also ends a passwordless session', async () => {
      const customer = await passwordlessCustomer();
      expect((await api.post(`${P}/revoke-token`, undefined, bearer(customer.accessToken))).status).to.equal(200);
      expect(await profileStatus(customer.accessToken)).to.equal(401);
      expect((await refresh(customer.refreshToken)).status).to.equal(401);
    });
  });

  describe('forgotten passwords', () => {
    it('mails a reset link; using it sets the password, ends every session, and works once', async () => {
      const customer = await passwordCustomer();
      const { result, link, mail } = await expectMail(customer.email, () =>
        api.post(`${P}/forgot-password`, { url: LINK_BASE, email: customer.email }, fromIp(clientIp())),
      );
      expect(result.status).to.equal(200);
      expect(mail.subject).to.match(/reset your password/i);
      const { id, token } = linkParts(link);
      const reset = await api.post(`${P}/reset-password/${id}/${token}`, { newPassword: 'brand new' });
      expect(reset.status).to.equal(200);
      expect((await login(customer.email, customer.password!)).status).to.equal(401);
      expect((await login(customer.email, 'brand new')).status).to.equal(200);
      expect(await profileStatus(customer.accessToken), 'sessions from before the reset').to.equal(401);
      expect((await refresh(customer.refreshToken)).status).to.equal(401);
      expect((await api.post(`${P}/reset-password/${id}/${token}`, { newPassword: 'again again' })).status).to.equal(404);
    });

    it('lets a passwordless customer set a first password', async () => {
      const customer = await passwordlessCustomer();
      const res = await api.post(`${P}/forgot-password`, { url: LINK_BASE, email: customer.email }, fromIp(clientIp()));
      const { id, token } = linkParts(res.body.magicLink);
      expect((await api.post(`${P}/reset-password/${id}/${token}`, { newPassword: 'first one' })).status).to.equal(200);
      expect((await login(customer.email, 'first one')).status).to.equal(200);
    });

    it('answers an unknown or disabled address exactly like a known one, and sends nothing', async () => {
      const known = await api.post(`${P}/forgot-password`, { url: LINK_BASE, email: (await passwordCustomer()).email }, fromIp(clientIp()));
      const email = uniqueEmail('nobody');
      const unknown = await api.post(`${P}/forgot-password`, { url: LINK_BASE, email }, fromIp(clientIp()));
      const disabledCustomer = await passwordCustomer();
      await disableCustomer(disabledCustomer.id);
      const disabled = await api.post(`${P}/forgot-password`, { url: LINK_BASE, email: disabledCustomer.email }, fromIp(clientIp()));
      for (const res of [unknown, disabled]) {
        expect(res.status).to.equal(known.status);
        expect(res.body.message).to.equal(known.body.message);
      }
      await deliverMails();
      expect(await mailsTo(email)).to.be.empty;
      const resetMails = (await mailsTo(disabledCustomer.email)).filter((mail) => /reset/i.test(mail.subject));
      expect(resetMails, 'only the confirmation of the registration').to.be.empty;
    });

    it('is 422 for a short or common new password, and the link stays usable', async () => {
      const customer = await passwordCustomer();
      const res = await api.post(`${P}/forgot-password`, { url: LINK_BASE, email: customer.email }, fromIp(clientIp()));
      const { id, token } = linkParts(res.body.magicLink);
      const short = await api.post(`${P}/reset-password/${id}/${token}`, { newPassword: 'abc' });
      expect(short.status).to.equal(422);
      expect(short.body.errors).to.have.property('newPassword');
      const common = await api.post(`${P}/reset-password/${id}/${token}`, { newPassword: 'iloveyou' });
      expect(common.status).to.equal(422);
      expect(common.body.errors.newPassword[0]).to.match(/most common passwords/);
      expect((await api.post(`${P}/reset-password/${id}/${token}`, { newPassword: 'long enough' })).status).to.equal(200);
    });

    it('retires older reset links once one is used', async () => {
      const customer = await passwordCustomer();
      const first = linkParts(
        (await api.post(`${P}/forgot-password`, { url: LINK_BASE, email: customer.email }, fromIp(clientIp()))).body.magicLink,
      );
      const second = linkParts(
        (await api.post(`${P}/forgot-password`, { url: LINK_BASE, email: customer.email }, fromIp(clientIp()))).body.magicLink,
      );
      expect((await api.post(`${P}/reset-password/${second.id}/${second.token}`, { newPassword: 'second link' })).status).to.equal(200);
      expect((await api.post(`${P}/reset-password/${first.id}/${first.token}`, { newPassword: 'first link' })).status).to.equal(404);
    });
  });
});
