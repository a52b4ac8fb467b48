import { expect } from 'chai';
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
import { hashToken } from '../../src/auth/secret-tokens.ts';

const access = (email: string, url = LINK_BASE, ip = clientIp()) => api.post(`${P}/passwordless-access`, { url, email }, fromIp(ip));

describe('customer accounts: passwordless sign-up and sign-in', () => {
  before(async () => {
    await smtpSink();
  });

  describe('HEAD customers/email/{email}', () => {
    it('is 200 for an active customer (any case), 404 for none, 409 for a disabled one', async () => {
      const active = await passwordlessCustomer();
      expect((await api.head(`${P}/customers/email/${encodeURIComponent(active.email.toUpperCase())}`)).status).to.equal(200);
      expect((await api.head(`${P}/customers/email/${encodeURIComponent(uniqueEmail('nobody'))}`)).status).to.equal(404);
      const disabled = await passwordlessCustomer();
      await disableCustomer(disabled.id);
      expect((await api.head(`${P}/customers/email/${encodeURIComponent(disabled.email)}`)).status).to.equal(409);
    });

    it('answers only HEAD on that path (405 with Allow for GET)', async () => {
      const res = await api.get(`${P}/customers/email/a@example.org`, { undocumented: true });
      expect(res.status).to.equal(405);
      expect(res.headers.get('allow')).to.match(/HEAD/);
    });
  });

  describe('POST passwordless-access', () => {
    it('registers a new customer (201), e-mails the link (TEST_ENV_SENDS_MAIL), and carries magicLink in the test environment', async () => {
      const email = uniqueEmail('new');
      const { result, mail, link } = await expectMail(email, () => access(email));
      expect(result.status).to.equal(201);
      expect(result.body.magicLink).to.equal(link);
      expect(mail.subject).to.match(/sign-in link/i);
      const customer = await testApp().runtime.prisma.customer.findUnique({ where: { email } });
      expect(customer).to.include({ createdVia: 'passwordless', passwordHash: null });
      expect(linkParts(link).id).to.equal(String(customer!.id));
    });

    it('answers without waiting for the mail server: the link is enqueued, once, and e-mailed when the server is back', async () => {
      const email = uniqueEmail('outage');
      const { built, runtime } = testApp();
      const mailbox = await smtpSink();
      built.customers.mailer.useSmtp({ host: '127.0.0.1', port: 9, secure: false });
      let res;
      try {
        res = await access(email);
        expect(res.status, 'answered while the mail server is out of reach').to.equal(201);
        await deliverMails();
        expect(await mailsTo(email)).to.be.empty;
      } finally {
        built.customers.mailer.useSmtp(mailbox.smtp);
      }
      const queued = await runtime.prisma.outgoingMail.findMany({ where: { to: email } });
      expect(queued.map((m) => m.template)).to.deep.equal(['sign-in-link']);
      expect(queued[0]!.text).to.include(res.body.magicLink);
      await built.mails.delivery.runOnce({ retriesToo: true });
      const mails = await mailsTo(email);
      expect(mails).to.have.length(1);
      expect(mails[0]!.text).to.include(res.body.magicLink);
    });

    it('signs in an existing customer (200) without creating another', async () => {
      const email = uniqueEmail('again');
      expect((await access(email)).status).to.equal(201);
      const { result } = await expectMail(email, () => access(email.toUpperCase()));
      expect(result.status).to.equal(200);
      expect(await testApp().runtime.prisma.customer.count({ where: { email } })).to.equal(1);
    });

    it('builds the link from the url, then the customer id, then the token, keeping the query', async () => {
      const email = uniqueEmail('shape');
      const res = await access(email, 'https://portal.example.org/account/confirm/?from=mail');
      const url = new URL(res.body.magicLink);
      const { id, token } = linkParts(res.body.magicLink);
      expect(url.origin + url.pathname).to.equal(`https://portal.example.org/account/confirm/${id}/${token}`);
      expect(url.search).to.equal('?from=mail');
      expect(token).to.match(/^[A-Za-z0-9_-]{43}$/);
    });

    it('stores only a hash of the token, with its purpose and expiry', async () => {
      const email = uniqueEmail('hash');
      const { token, id } = linkParts((await access(email)).body.magicLink);
      const rows = await testApp().runtime.prisma.magicLink.findMany({ where: { customerId: Number(id) } });
      expect(rows).to.have.length(1);
      expect(rows[0]!.tokenHash).to.equal(hashToken(token)).and.not.include(token);
      expect(rows[0]!.purpose).to.equal('sign-in');
      const minutes = (rows[0]!.expiresAt.getTime() - Date.now()) / 60_000;
      expect(minutes).to.be.within(29, 30.1);
    });

    it('tidies away links more than a day past their expiry when new ones are made', async () => {
      const { prisma } = testApp().runtime;
      const { id } = linkParts((await access(uniqueEmail('old'))).body.magicLink);
      const recent = await access(uniqueEmail('recent'));
      await prisma.magicLink.updateMany({ where: { customerId: Number(id) }, data: { expiresAt: new Date(Date.now() - 2 * 86_400_000) } });
      await prisma.magicLink.updateMany({
        where: { customerId: Number(linkParts(recent.body.magicLink).id) },
        data: { expiresAt: new Date(Date.now() - 3_600_000) },
      });
      await access(uniqueEmail('trigger'));
      expect(await prisma.magicLink.count({ where: { customerId: Number(id) } })).to.equal(0);
      expect(
        await prisma.magicLink.count({ where: { customerId: Number(linkParts(recent.body.magicLink).id) } }),
        'expired less than a day ago',
      ).to.equal(1);
    });

    it('is 422 for a disabled customer, and sends nothing', async () => {
      const customer = await passwordlessCustomer();
      await disableCustomer(customer.id);
      const before = (await mailsTo(customer.email)).length;
      const res = await access(customer.email);
      expect(res.status).to.equal(422);
      expect(res.body.errors.email[0]).to.match(/disabled/);
      expect(res.body).to.not.have.property('magicLink');
      await deliverMails();
      expect((await mailsTo(customer.email)).length).to.equal(before);
    });

    for (const [what, body, field] of [
      ['no url', { email: 'a@example.org' }, 'url'],
      ['a url that is not http(s)', { email: 'a@example.org', url: 'javascript:alert(1)' }, 'url'],
      ['a relative url', { email: 'a@example.org', url: '/sign-in' }, 'url'],
      ['no email', { url: LINK_BASE }, 'email'],
      ['a malformed email', { url: LINK_BASE, email: 'not-an-address' }, 'email'],
    ] as const) {
      it(`is 422 for ${what}`, async () => {
        const res = await api.post(`${P}/passwordless-access`, body, fromIp(clientIp()));
        expect(res.status).to.equal(422);
        expect(res.body.errors).to.have.property(field);
      });
    }
  });

  describe('POST passwordless-register', () => {
    it('creates the customer with the profile fields and UTM values sent (201) and e-mails the link', async () => {
      const email = uniqueEmail('reg');
      const { result, link } = await expectMail(email, () =>
        api.post(
          `${P}/passwordless-register`,
          { url: LINK_BASE, email, firstName: 'Ada', lastName: 'Lovelace', homePostcode: 'm11ad', utmSource: 'newsletter' },
          fromIp(clientIp()),
        ),
      );
      expect(result.status).to.equal(201);
      const { id, token } = linkParts(link);
      const tokens = await api.get(`${P}/auth-token/${id}/${token}`);
      const profile = await api.get(`${P}/profile`, bearer(tokens.body.accessToken));
      expect(profile.body).to.include({ email, firstName: 'Ada', lastName: 'Lovelace', fullName: 'Ada Lovelace', homePostcode: 'M1 1AD' });
      expect(profile.body.homeLocalAuthority.name).to.equal('Manchester');
      const row = await testApp().runtime.prisma.customer.findUnique({ where: { email } });
      expect(row!.utmSource).to.equal('newsletter');
    });

    it('is 422 when the e-mail belongs to another customer, or a field is invalid', async () => {
      const taken = await passwordCustomer();
      const dup = await api.post(`${P}/passwordless-register`, { url: LINK_BASE, email: taken.email.toUpperCase() }, fromIp(clientIp()));
      expect(dup.status).to.equal(422);
      expect(dup.body.errors.email[0]).to.match(/already registered/);
      const bad = await api.post(
        `${P}/passwordless-register`,
        { url: LINK_BASE, email: uniqueEmail(), homePostcode: 'NOPE', firstName: '' },
        fromIp(clientIp()),
      );
      expect(bad.status).to.equal(422);
      expect(bad.body.errors).to.have.keys('homePostcode', 'firstName');
    });
  });

  describe('POST passwordless-login', () => {
    it('e-mails a link to an existing customer (200); 404 for an unknown one; 422 for a disabled one', async () => {
      const customer = await passwordCustomer();
      const { result } = await expectMail(customer.email, () =>
        api.post(`${P}/passwordless-login`, { url: LINK_BASE, email: customer.email }, fromIp(clientIp())),
      );
      expect(result.status).to.equal(200);
      expect(result.body.magicLink).to.be.a('string');

      const ghost = uniqueEmail('ghost');
      const unknown = await api.post(`${P}/passwordless-login`, { url: LINK_BASE, email: ghost }, fromIp(clientIp()));
      expect(unknown.status).to.equal(404);
      expect(await testApp().runtime.prisma.customer.count({ where: { email: ghost } }), 'nobody registered').to.equal(0);
      await deliverMails();
      expect(await mailsTo(ghost)).to.be.empty;

      await disableCustomer(customer.id);
      const disabled = await api.post(`${P}/passwordless-login`, { url: LINK_BASE, email: customer.email }, fromIp(clientIp()));
      expect(disabled.status).to.equal(422);
    });
  });

  describe('GET auth-token/{id}/{token}', () => {
    it('gives an access token that opens the profile, and an expiry', async () => {
      const email = uniqueEmail('token');
      const { id, token } = linkParts((await access(email)).body.magicLink);
      const res = await api.get(`${P}/auth-token/${id}/${token}`);
      expect(res.status).to.equal(200);
      expect(new Date(res.body.expiresAt).getTime() - Date.now()).to.be.within(14 * 60_000, 15 * 60_000 + 1000);
      const profile = await api.get(`${P}/profile`, bearer(res.body.accessToken));
      expect(profile.status).to.equal(200);
      expect(profile.body.email).to.equal(email);
    });

    it('works once: the second use is 404', async () => {
      const { id, token } = linkParts((await access(uniqueEmail('once'))).body.magicLink);
      expect((await api.get(`${P}/auth-token/${id}/${token}`)).status).to.equal(200);
      const again = await api.get(`${P}/auth-token/${id}/${token}`);
      expect(again.status).to.equal(404);
      expect(again.body.message).to.match(/already used/);
    });

    it('gives exactly one success for two simultaneous uses of one link', async () => {
      for (let round = 0; round < 5; round++) {
        const { id, token } = linkParts((await access(uniqueEmail('race'))).body.magicLink);
        const results = await Promise.all([api.get(`${P}/auth-token/${id}/${token}`), api.get(`${P}/auth-token/${id}/${token}`)]);
        expect(results.map((r) => r.status).sort()).to.deep.equal([200, 404]);
      }
    });

    it('is 404 for an expired link, another customer id, a made-up token, or a link of another purpose', async () => {
      const email = uniqueEmail('bad');
      const { id, token } = linkParts((await access(email)).body.magicLink);
      const other = await passwordCustomer();
      expect((await api.get(`${P}/auth-token/${other.id}/${token}`)).status).to.equal(404);
      expect((await api.get(`${P}/auth-token/${id}/${'x'.repeat(43)}`)).status).to.equal(404);
      expect((await api.get(`${P}/auth-token/abc/${token}`)).status).to.equal(404);
      expect((await api.get(`${P}/auth-token/99999999999/${token}`)).status).to.equal(404);

      const reset = await api.post(`${P}/forgot-password`, { url: LINK_BASE, email }, fromIp(clientIp()));
      const resetParts = linkParts(reset.body.magicLink);
      expect((await api.get(`${P}/auth-token/${resetParts.id}/${resetParts.token}`)).status).to.equal(404);

      await testApp().runtime.prisma.magicLink.updateMany({
        where: { tokenHash: hashToken(token) },
        data: { expiresAt: new Date(Date.now() - 1000) },
      });
      expect((await api.get(`${P}/auth-token/${id}/${token}`)).status).to.equal(404);
    });

    it('is 403 when the customer was disabled after the link was sent', async () => {
      const email = uniqueEmail('late');
      const { id, token } = linkParts((await access(email)).body.magicLink);
      await disableCustomer(Number(id));
      expect((await api.get(`${P}/auth-token/${id}/${token}`)).status).to.equal(403);
    });
  });

  describe('passwordless change of e-mail', () => {
    it('mails a link to the current address; using it mails a confirmation link to the new one, which moves the account there', async () => {
      const customer = await passwordlessCustomer();
      const newEmail = uniqueEmail('moved');
      const { result, link, mail } = await expectMail(customer.email, () =>
        api.post(`${P}/passwordless-change-email`, { url: LINK_BASE, email: customer.email }, fromIp(clientIp())),
      );
      expect(result.status).to.equal(200);
      expect(mail.subject).to.match(/change of your e-mail/i);
      const { id, token } = linkParts(link);
      const { result: changed, link: confirmation, mail: confirmationMail } = await expectMail(newEmail, () =>
        api.patch(`${P}/passwordless-change-email/${id}/${token}`, { currentEmail: customer.email, newEmail: newEmail.toUpperCase() }),
      );
      expect(changed.status).to.equal(200);
      expect(changed.body.confirmationLink).to.equal(confirmation);
      expect(confirmationMail.subject).to.match(/confirm your e-mail/i);
      expect(confirmation, 'the portal link page of the test app by default').to.match(/\/sign-in\/link\/\d+\/[\w-]+$/);
      expect((await api.get(`${P}/profile`, bearer(customer.accessToken))).body.email, 'not before the confirmation').to.equal(customer.email);
      const again = await api.patch(`${P}/passwordless-change-email/${id}/${token}`, { currentEmail: customer.email, newEmail: uniqueEmail() });
      expect(again.status).to.equal(404);

      const confirmed = linkParts(confirmation);
      const signedIn = await api.get(`${P}/auth-token/${confirmed.id}/${confirmed.token}`);
      expect(signedIn.status).to.equal(200);
      expect((await api.get(`${P}/profile`, bearer(signedIn.body.accessToken))).body.email).to.equal(newEmail);
      expect((await api.head(`${P}/customers/email/${encodeURIComponent(customer.email)}`)).status).to.equal(404);
      expect((await api.get(`${P}/auth-token/${confirmed.id}/${confirmed.token}`)).status, 'once').to.equal(404);
    });

    it('points the confirmation link at the url sent, on the portal origins only', async () => {
      const customer = await passwordlessCustomer();
      const res = await api.post(`${P}/passwordless-change-email`, { url: LINK_BASE, email: customer.email }, fromIp(clientIp()));
      const { id, token } = linkParts(res.body.magicLink);
      const elsewhere = await api.patch(`${P}/passwordless-change-email/${id}/${token}`, {
        currentEmail: customer.email,
        newEmail: uniqueEmail(),
        url: 'https://evil.example/steal',
      });
      expect(elsewhere.status).to.equal(422);
      expect(elsewhere.body.errors).to.have.keys('url');
      const changed = await api.patch(`${P}/passwordless-change-email/${id}/${token}`, {
        currentEmail: customer.email,
        newEmail: uniqueEmail(),
        url: `${LINK_BASE}/confirm`,
      });
      expect(changed.status).to.equal(200);
      expect(changed.body.confirmationLink).to.match(new RegExp(`^${LINK_BASE}/confirm/${id}/[\\w-]+$`));
    });

    it('answers an unknown address like a known one, without sending anything', async () => {
      const email = uniqueEmail('unknown');
      const res = await api.post(`${P}/passwordless-change-email`, { url: LINK_BASE, email }, fromIp(clientIp()));
      expect(res.status).to.equal(200);
      expect(res.body).to.deep.equal({ message: 'If an account has this e-mail address, a link to change it has been sent there' });
      await deliverMails();
      expect(await mailsTo(email)).to.be.empty;
    });

    it('is 422 for a wrong current e-mail or a taken new one, and the link stays usable', async () => {
      const customer = await passwordlessCustomer();
      const taken = await passwordCustomer();
      const res = await api.post(`${P}/passwordless-change-email`, { url: LINK_BASE, email: customer.email }, fromIp(clientIp()));
      const { id, token } = linkParts(res.body.magicLink);
      const wrongCurrent = await api.patch(`${P}/passwordless-change-email/${id}/${token}`, {
        currentEmail: uniqueEmail(),
        newEmail: uniqueEmail(),
      });
      expect(wrongCurrent.status).to.equal(422);
      expect(wrongCurrent.body.errors).to.have.property('currentEmail');
      const takenNew = await api.patch(`${P}/passwordless-change-email/${id}/${token}`, {
        currentEmail: customer.email,
        newEmail: taken.email,
      });
      expect(takenNew.status).to.equal(422);
      expect(takenNew.body.errors.newEmail[0]).to.match(/already registered/);
      const ok = await api.patch(`${P}/passwordless-change-email/${id}/${token}`, {
        currentEmail: customer.email,
        newEmail: uniqueEmail('finally'),
      });
      expect(ok.status).to.equal(200);
    });
  });
});
