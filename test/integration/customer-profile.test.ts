import { expect } from 'chai';
import { api, request } from '../support/api.ts';
import { testApp } from '../support/test-app.ts';
import { expectMail, smtpSink } from '../support/smtp-sink.ts';
import { P, bearer, clientIp, fromIp, linkParts, passwordCustomer, passwordlessCustomer, uniqueEmail, CUSTOMER_FIELDS, type SignedIn } from '../support/customers.ts';

const PROFILE = `${P}/profile`;

const put = (customer: SignedIn, body: unknown) => api.put(PROFILE, body, bearer(customer.accessToken));

describe('customer accounts: profile', () => {
  before(async () => {
    await smtpSink();
  });

  describe('authentication', () => {
    const calls: [string, string, unknown?][] = [
      ['GET', PROFILE],
      ['PUT', PROFILE, { firstName: 'X' }],
      ['PATCH', `${PROFILE}/change-password`, { currentPassword: 'brick-lantern-7', newPassword: 'secret2' }],
      ['PATCH', `${PROFILE}/change-email`, { currentEmail: 'a@example.org', newEmail: 'b@example.org', password: 'brick-lantern-7' }],
      ['GET', `${PROFILE}/favourites`],
      ['POST', `${PROFILE}/favourites`, { listing: 1 }],
      ['HEAD', `${PROFILE}/favourites/1`],
      ['DELETE', `${PROFILE}/favourites/1`],
    ];
    for (const [method, path, body] of calls) {
      it(`${method} ${path.replace(P, '')} is 401 without a token, with another scheme, or with a bad token`, async () => {
        const variants: Record<string, string>[] = [
          {},
          { Authorization: 'Basic dXNlcjpwYXNz' },
          { Authorization: 'Bearer' },
          { Authorization: 'Bearer nonsense' },
        ];
        for (const headers of variants) {
          const res = await request(method, path, { body, headers });
          expect(res.status, JSON.stringify(headers)).to.equal(401);
        }
      });
    }
  });

  describe('GET profile', () => {
    it('returns exactly the fields of the Customer resource, empty ones as null', async () => {
      const customer = await passwordlessCustomer();
      const res = await api.get(PROFILE, bearer(customer.accessToken));
      expect(res.status).to.equal(200);
      expect(res.body).to.have.all.keys(CUSTOMER_FIELDS);
      expect(res.body).to.include({ id: customer.id, email: customer.email, firstName: null, fullName: null, bestTimeToContactYou: null });
    });
  });

  describe('PUT profile', () => {
    it('stores every field, answers the customer with lookups as {id, name} and local authorities from the postcodes', async () => {
      const customer = await passwordCustomer();
      const res = await put(customer, {
        title: 'Dr',
        firstName: ' Ada ',
        lastName: 'Lovelace',
        phone: '+44 20 7946 0000',
        dateOfBirth: '1990-12-10',
        bestTimeToContactYou: [4, 1],
        buyingInterestPeriod: 2,
        annualHouseholdIncome: 42000.5,
        deposit: 15000,
        livingCircumstance: 1,
        workingCircumstance: 1,
        homePostcode: 'sw1a1aa',
        workPostcode: 'M1 1AD',
        homeAddress: '1 Palace Road',
        workAddress: '2 Mill Street',
        occupation: 'Analyst',
        employerName: 'Engines Ltd',
        remarks: 'Call after six',
        dependants: 0,
        armedForcesMember: false,
        keyworker: true,
        hasDisability: false,
        housingWaitingList: true,
        eligibleCitizen: true,
        homeOwnershipStatus: 1,
        privacyPolicyAccepted: true,
        newsletterConsent: false,
        newsSurveysConsent: true,
        partnersOffersConsent: false,
        smsConsent: true,
        whatsappConsent: false,
      });
      expect(res.status).to.equal(200);
      const b = res.body;
      expect(b).to.include({
        firstName: 'Ada',
        lastName: 'Lovelace',
        fullName: 'Ada Lovelace',
        phone: '+44 20 7946 0000',
        dateOfBirth: '1990-12-10',
      });
      expect(b).to.include({
        homePostcode: 'SW1A 1AA',
        workPostcode: 'M1 1AD',
        annualHouseholdIncome: 42000.5,
        deposit: 15000,
        dependants: 0,
        homeOwnershipStatus: 1,
      });
      expect(b).to.include({
        keyworker: true,
        armedForcesMember: false,
        smsConsent: true,
        whatsappConsent: false,
        remarks: 'Call after six',
      });
      expect(b.livingCircumstance).to.deep.equal({ id: 1, name: 'Renting from a private landlord' });
      expect(b.workingCircumstance).to.deep.equal({ id: 1, name: 'Employed full-time' });
      expect(b.buyingInterestPeriod).to.deep.equal({ id: 2, name: 'In 3 to 6 months' });
      expect(b.bestTimeToContactYou).to.deep.equal([
        { id: 1, name: 'Weekday mornings' },
        { id: 4, name: 'Weekends' },
      ]);
      expect(b.homeLocalAuthority).to.include({ name: 'Westminster' });
      expect(b.homeLocalAuthority.county.region).to.have.keys('id', 'name');
      expect(b.workLocalAuthority).to.include({ name: 'Manchester' });
      expect((await api.get(PROFILE, bearer(customer.accessToken))).body).to.deep.equal(b);
    });

    it('changes only the fields sent, and resets fields sent as null or empty', async () => {
      const customer = await passwordCustomer({
        firstName: 'Keep',
        phone: '01234 567890',
        homePostcode: 'M1 1AD',
        bestTimeToContactYou: [2],
        deposit: 100,
        keyworker: true,
      });
      const res = await put(customer, {
        phone: '',
        homePostcode: null,
        bestTimeToContactYou: [],
        deposit: '',
        keyworker: null,
        occupation: 'Nurse',
      });
      expect(res.status).to.equal(200);
      expect(res.body).to.include({
        firstName: 'Keep',
        phone: null,
        homePostcode: null,
        homeLocalAuthority: null,
        bestTimeToContactYou: null,
        deposit: null,
        keyworker: null,
        occupation: 'Nurse',
      });
    });

    it('accepts a single best-time-to-contact id as a one-item selection', async () => {
      const customer = await passwordCustomer();
      expect((await put(customer, { bestTimeToContactYou: 3 })).body.bestTimeToContactYou).to.deep.equal([
        { id: 3, name: 'Weekday evenings' },
      ]);
    });

    it('keeps a well-formed postcode missing from the postcode data, without a local authority', async () => {
      const customer = await passwordCustomer();
      const res = await put(customer, { workPostcode: 'ZE3 9ZZ' });
      expect(res.status).to.equal(200);
      expect(res.body).to.include({ workPostcode: 'ZE3 9ZZ', workLocalAuthority: null });
    });

    for (const [what, body, fields] of [
      ['an empty firstName or null lastName', { firstName: '  ', lastName: null }, ['firstName', 'lastName']],
      [
        'ids missing from their lists',
        { livingCircumstance: 99, workingCircumstance: 55, buyingInterestPeriod: 77, bestTimeToContactYou: [1, 42] },
        ['livingCircumstance', 'workingCircumstance', 'buyingInterestPeriod', 'bestTimeToContactYou'],
      ],
      ['malformed postcodes', { homePostcode: 'SW1A', workPostcode: 'NOT A CODE' }, ['homePostcode', 'workPostcode']],
      [
        'a home ownership status of 5 and negative amounts',
        { homeOwnershipStatus: 5, deposit: -1, annualHouseholdIncome: 'lots', dependants: 1.5 },
        ['homeOwnershipStatus', 'deposit', 'annualHouseholdIncome', 'dependants'],
      ],
      ['a future or impossible date of birth', { dateOfBirth: '2999-01-01' }, ['dateOfBirth']],
      ['a non-boolean consent', { newsletterConsent: 'maybe' }, ['newsletterConsent']],
      [
        'ids that are not positive whole numbers',
        { workingCircumstance: 0, buyingInterestPeriod: 'two', bestTimeToContactYou: ['x'] },
        ['workingCircumstance', 'buyingInterestPeriod', 'bestTimeToContactYou[0]'],
      ],
    ] as const) {
      it(`is 422 for ${what}, naming each field, and changes nothing`, async () => {
        const customer = await passwordCustomer({ firstName: 'Before' });
        const res = await put(customer, { ...body, occupation: 'Changed?' });
        expect(res.status).to.equal(422);
        expect(res.body.errors).to.have.all.keys(...fields);
        const after = (await api.get(PROFILE, bearer(customer.accessToken))).body;
        expect(after).to.include({ firstName: 'Before', occupation: null });
      });
    }

    it('refuses home ownership statuses 1 and 2 with an owner living circumstance, whichever is sent first', async () => {
      const customer = await passwordCustomer();
      const both = await put(customer, { livingCircumstance: 5, homeOwnershipStatus: 1 });
      expect(both.status).to.equal(422);
      expect(both.body.errors).to.have.keys('homeOwnershipStatus');
      expect((await put(customer, { livingCircumstance: 5, homeOwnershipStatus: 3 })).status).to.equal(200);
      expect((await put(customer, { homeOwnershipStatus: 2 })).body.errors).to.have.keys('homeOwnershipStatus');
      expect((await put(customer, { livingCircumstance: 1, homeOwnershipStatus: 2 })).status).to.equal(200);
      const living = await put(customer, { livingCircumstance: 6 });
      expect(living.status).to.equal(422);
      expect(living.body.errors).to.have.keys('livingCircumstance');
    });

    it('takes UTM values on the first update of a passwordless customer only', async () => {
      const { prisma } = testApp().runtime;
      const customer = await passwordlessCustomer();
      expect((await put(customer, { utmSource: 'google', utmMedium: 'cpc', firstName: 'First' })).status).to.equal(200);
      expect((await put(customer, { utmSource: 'bing', utmCampaign: 'later' })).status).to.equal(200);
      expect(await prisma.customer.findUnique({ where: { id: customer.id } })).to.include({
        utmSource: 'google',
        utmMedium: 'cpc',
        utmCampaign: null,
      });

      const withPassword = await passwordCustomer({ utmSource: 'at-signup' });
      await put(withPassword, { utmSource: 'later' });
      expect(await prisma.customer.findUnique({ where: { id: withPassword.id } })).to.include({ utmSource: 'at-signup' });
    });
  });

  describe('customers are isolated from each other', () => {
    it('each token reads and changes only its own customer', async () => {
      const a = await passwordCustomer({ firstName: 'Alice' });
      const b = await passwordlessCustomer();
      await put(b, { firstName: 'Bob', id: a.id, email: a.email });
      const aProfile = (await api.get(PROFILE, bearer(a.accessToken))).body;
      const bProfile = (await api.get(PROFILE, bearer(b.accessToken))).body;
      expect(aProfile).to.include({ id: a.id, email: a.email, firstName: 'Alice' });
      expect(bProfile).to.include({ id: b.id, email: b.email, firstName: 'Bob' });
    });
  });

  describe('PATCH profile/change-password', () => {
    it('changes the password; this session goes on, other sessions end', async () => {
      const customer = await passwordCustomer();
      const other = await api.post(`${P}/password-login`, { email: customer.email, password: customer.password }, fromIp(clientIp()));
      const res = await api.patch(
        `${PROFILE}/change-password`,
        { currentPassword: customer.password, newPassword: 'changed pw' },
        bearer(customer.accessToken),
      );
      expect(res.status).to.equal(200);
      expect(
        (await api.post(`${P}/password-login`, { email: customer.email, password: customer.password }, fromIp(clientIp()))).status,
      ).to.equal(401);
      expect(
        (await api.post(`${P}/password-login`, { email: customer.email, password: 'changed pw' }, fromIp(clientIp()))).status,
      ).to.equal(200);
      expect((await api.get(PROFILE, bearer(customer.accessToken))).status).to.equal(200);
      expect((await api.post(`${P}/refresh-token`, { refreshToken: customer.refreshToken })).status).to.equal(200);
      expect((await api.get(PROFILE, bearer(other.body.access_token))).status).to.equal(401);
      expect((await api.post(`${P}/refresh-token`, { refreshToken: other.body.refresh_token })).status).to.equal(401);
    });

    it('is 422 for a wrong current password, a short new one, or an account without a password', async () => {
      const customer = await passwordCustomer();
      const wrong = await api.patch(
        `${PROFILE}/change-password`,
        { currentPassword: 'not it', newPassword: 'whatever1' },
        bearer(customer.accessToken),
      );
      expect(wrong.status).to.equal(422);
      expect(wrong.body.errors).to.have.keys('currentPassword');
      const short = await api.patch(
        `${PROFILE}/change-password`,
        { currentPassword: customer.password, newPassword: 'abc' },
        bearer(customer.accessToken),
      );
      expect(short.body.errors).to.have.keys('newPassword');
      const passwordless = await passwordlessCustomer();
      const none = await api.patch(
        `${PROFILE}/change-password`,
        { currentPassword: 'anything', newPassword: 'whatever1' },
        bearer(passwordless.accessToken),
      );
      expect(none.status).to.equal(422);
      expect(none.body.errors.currentPassword[0]).to.match(/no password/);
    });
  });

  describe('PATCH profile/change-email', () => {
    it('mails a confirmation link to the new address when the current e-mail and password are right; the address changes when it is used', async () => {
      const customer = await passwordCustomer();
      const newEmail = uniqueEmail('new');
      const { result: res, link, mail } = await expectMail(newEmail, () =>
        api.patch(`${PROFILE}/change-email`, { currentEmail: customer.email, newEmail, password: customer.password }, bearer(customer.accessToken)),
      );
      expect(res.status).to.equal(200);
      expect(res.body).to.deep.equal({
        message: 'A link to confirm the new address has been sent there; the address changes when it is used',
        confirmationLink: link,
      });
      expect(mail.subject).to.match(/confirm your e-mail/i);
      expect((await api.get(PROFILE, bearer(customer.accessToken))).body.email, 'unchanged until confirmed').to.equal(customer.email);
      expect((await api.post(`${P}/password-login`, { email: customer.email, password: customer.password }, fromIp(clientIp()))).status).to.equal(
        200,
      );

      const { id, token } = linkParts(link);
      const confirmed = await api.get(`${P}/auth-token/${id}/${token}`);
      expect(confirmed.status).to.equal(200);
      expect((await api.get(PROFILE, bearer(confirmed.body.accessToken))).body.email).to.equal(newEmail);
      expect((await api.get(PROFILE, bearer(customer.accessToken))).status, 'the other sessions end').to.equal(401);
      expect(
        (await api.post(`${P}/password-login`, { email: newEmail, password: customer.password }, fromIp(clientIp()))).status,
        'the password went with the confirmation: the new mailbox may not belong to whoever set it',
      ).to.equal(401);
    });

    it('is 422 for a wrong password, a wrong current e-mail, or a new e-mail that is taken', async () => {
      const customer = await passwordCustomer();
      const other = await passwordCustomer();
      const patch = (body: object) =>
        api.patch(
          `${PROFILE}/change-email`,
          { currentEmail: customer.email, newEmail: uniqueEmail(), password: customer.password, ...body },
          bearer(customer.accessToken),
        );
      expect((await patch({ password: 'not it' })).body.errors).to.have.keys('password');
      expect((await patch({ currentEmail: other.email })).body.errors).to.have.keys('currentEmail');
      const taken = await patch({ newEmail: other.email });
      expect(taken.status).to.equal(422);
      expect(taken.body.errors).to.have.keys('newEmail');
      expect((await patch({ newEmail: 'bad' })).body.errors).to.have.keys('newEmail');
      expect((await api.get(PROFILE, bearer(customer.accessToken))).body.email).to.equal(customer.email);
    });
  });
});
