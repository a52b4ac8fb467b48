// Conformance: customer accounts (Sign-up and sign-in, Authentication rules, the Magic link state, Profile,
// Customer and Home ownership status tables, Favourites, Events, Errors rules 4 to 7, Limits).
import { expect } from 'chai';
import { api } from '../support/api.ts';
import { expectMail, smtpSink } from '../support/smtp-sink.ts';
import { createAccount, withdrawListingsOf, type TestAccount } from '../support/factories.ts';
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
  CUSTOMER_FIELDS,
} from '../support/customers.ts';
import { pushAppListing, type PushedListing } from '../support/applications.ts';

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;
const post = (path: string, body: Record<string, unknown>) => api.post(`${P}/${path}`, body, fromIp(clientIp()));

describe('conformance: customer accounts', function () {
  this.timeout(60_000);
  let account: TestAccount;
  let listing: PushedListing;

  before(async () => {
    await smtpSink();
    account = await createAccount();
    listing = await pushAppListing(account);
  });

  after(() => withdrawListingsOf(account));

  it('[table:sign-up-sign-in] HEAD customers/email/{email}: 200 active, 404 none, 409 disabled', async () => {
    const active = await passwordCustomer();
    expect((await api.head(`${P}/customers/email/${encodeURIComponent(active.email)}`)).status).to.equal(200);
    expect((await api.head(`${P}/customers/email/${encodeURIComponent(uniqueEmail('none'))}`)).status).to.equal(404);
    await disableCustomer(active.id);
    expect((await api.head(`${P}/customers/email/${encodeURIComponent(active.email)}`)).status).to.equal(409);
  });

  it('[table:sign-up-sign-in] passwordless-access: 201 creates, 200 when the customer existed; the test environment carries magicLink; 422 without url or email', async () => {
    const email = uniqueEmail('acc');
    const { result, link } = await expectMail(email, () => post('passwordless-access', { url: LINK_BASE, email }));
    expect(result.status).to.equal(201);
    expect(result.body.magicLink).to.equal(link);
    const again = await expectMail(email, () => post('passwordless-access', { url: LINK_BASE, email }));
    expect(again.result.status).to.equal(200);
    const missing = await post('passwordless-access', { email: uniqueEmail('x') });
    expect(missing.status).to.equal(422);
    expect(missing.body.errors).to.have.property('url');
    expect((await post('passwordless-access', { url: LINK_BASE })).body.errors).to.have.property('email');
  });

  it('[table:sign-up-sign-in] the magic link is the url followed by the customer id and the token, the last two route segments', async () => {
    const email = uniqueEmail('link');
    const { result, link } = await expectMail(email, () => post('passwordless-access', { url: LINK_BASE, email }));
    expect(link.startsWith(LINK_BASE)).to.equal(true);
    const { id, token } = linkParts(link);
    expect(Number(id)).to.be.a('number').and.greaterThan(0);
    expect(token.length).to.be.greaterThan(10);
    const res = await api.get(`${P}/auth-token/${id}/${token}`);
    expect(res.status).to.equal(200);
    expect(res.body.accessToken).to.be.a('string');
    expect(res.body.expiresAt).to.match(ISO);
    const profile = await api.get(`${P}/profile`, bearer(res.body.accessToken));
    expect(profile.body.email).to.equal(email);
    expect(result.status).to.equal(201);
  });

  it('[table:sign-up-sign-in] passwordless-register: 201 with the customer fields; 422 when the e-mail belongs to another customer', async () => {
    const email = uniqueEmail('reg');
    const { result } = await expectMail(email, () =>
      post('passwordless-register', { url: LINK_BASE, email, firstName: 'Ife', keyworker: true }),
    );
    expect(result.status).to.equal(201);
    const dup = await post('passwordless-register', { url: LINK_BASE, email });
    expect(dup.status).to.equal(422);
    expect(dup.body.errors).to.have.property('email');
  });

  it('[errors.5] passwordless-login for an unknown customer is 404; for a known one it sends the link', async () => {
    expect((await post('passwordless-login', { url: LINK_BASE, email: uniqueEmail('ghost') })).status).to.equal(404);
    const known = await passwordlessCustomer();
    const { result } = await expectMail(known.email, () => post('passwordless-login', { url: LINK_BASE, email: known.email }));
    expect(result.status).to.equal(200);
  });

  it('[errors.4] HEAD customers/email is 409 for a disabled customer and passwordless access on them is 422', async () => {
    const customer = await passwordlessCustomer();
    await disableCustomer(customer.id);
    expect((await api.head(`${P}/customers/email/${encodeURIComponent(customer.email)}`)).status).to.equal(409);
    const res = await post('passwordless-access', { url: LINK_BASE, email: customer.email });
    expect(res.status).to.equal(422);
    expect(res.body.message).to.be.a('string');
    expect(res.body.errors).to.be.an('object');
  });

  it('[authentication.2] password route: password-register (201 customer), password-login gives access_token and refresh_token, refresh-token gives the same shape', async () => {
    const email = uniqueEmail('pwd');
    const reg = await post('password-register', { email, password: 'long-enough-1', firstName: 'Kai' });
    expect(reg.status).to.equal(201);
    expect(reg.body).to.include({ email, firstName: 'Kai' });
    const login = await post('password-login', { email, password: 'long-enough-1' });
    expect(login.status).to.equal(200);
    expect(login.body.access_token).to.be.a('string');
    expect(login.body.refresh_token).to.be.a('string');
    const refreshed = await post('refresh-token', { refreshToken: login.body.refresh_token });
    expect(refreshed.status).to.equal(200);
    expect(refreshed.body.access_token).to.be.a('string');
    expect(refreshed.body.refresh_token).to.be.a('string');
    expect((await api.get(`${P}/profile`, bearer(refreshed.body.access_token))).body.email).to.equal(email);
    expect((await post('password-login', { email, password: 'wrong-password' })).status).to.be.within(400, 499);
  });

  it('[authentication.2] passwordless route: a magic link from passwordless-access, -register or -login gives accessToken and expiresAt through auth-token', async () => {
    for (const path of ['passwordless-access', 'passwordless-register', 'passwordless-login']) {
      const email = uniqueEmail('route');
      if (path === 'passwordless-login') await passwordCustomer({ email });
      const { link } = await expectMail(email, () => post(path, { url: LINK_BASE, email }));
      const { id, token } = linkParts(link);
      const res = await api.get(`${P}/auth-token/${id}/${token}`);
      expect(res.status, path).to.equal(200);
      expect(res.body.accessToken).to.be.a('string');
      expect(res.body.expiresAt).to.match(ISO);
    }
  });

  it('[limits.password-length] password-register needs a password of at least 6 characters (422 below)', async () => {
    const short = await post('password-register', { email: uniqueEmail('short'), password: 'Ab1x5' });
    expect(short.status).to.equal(422);
    expect(short.body.errors).to.have.property('password');
    const six = await post('password-register', { email: uniqueEmail('six'), password: 'Qz7!kp' });
    expect(six.status, six.text).to.equal(201);
  });

  it('[authentication.1] every profile endpoint needs Authorization: Bearer; without it 401', async () => {
    for (const [method, path] of [
      ['GET', `${P}/profile`],
      ['PUT', `${P}/profile`],
      ['PATCH', `${P}/profile/change-password`],
      ['PATCH', `${P}/profile/change-email`],
      ['GET', `${P}/profile/favourites`],
      ['POST', `${P}/profile/favourites`],
      ['GET', `${P}/profile/applications`],
      ['GET', `${P}/profile/appointments`],
    ] as const) {
      const res = await api[method.toLowerCase() as 'get'](path, method === 'GET' ? undefined : ({} as never));
      expect(res.status, `${method} ${path}`).to.equal(401);
    }
    const bad = await api.get(`${P}/profile`, bearer('not-a-token'));
    expect(bad.status).to.equal(401);
  });

  it('[errors.6] a customer profile call without a bearer token is 401', async () => {
    const res = await api.get(`${P}/profile`);
    expect(res.status).to.equal(401);
  });

  it('[authentication.3] revoke-token logs out: the access token no longer works', async () => {
    const customer = await passwordCustomer();
    expect((await api.get(`${P}/profile`, bearer(customer.accessToken))).status).to.equal(200);
    const res = await api.post(`${P}/revoke-token`, undefined, bearer(customer.accessToken));
    expect(res.status).to.be.within(200, 204);
    expect((await api.get(`${P}/profile`, bearer(customer.accessToken))).status).to.equal(401);
  });

  it('[authentication.4] a magic link is single use: a second auth-token with it is refused', async () => {
    const email = uniqueEmail('once');
    const { link } = await expectMail(email, () => post('passwordless-access', { url: LINK_BASE, email }));
    const { id, token } = linkParts(link);
    expect((await api.get(`${P}/auth-token/${id}/${token}`)).status).to.equal(200);
    const second = await api.get(`${P}/auth-token/${id}/${token}`);
    expect(second.status).to.be.within(400, 499);
    expect(second.body).to.not.have.property('accessToken');
  });

  it('[state:magic-link] after a link is used a new one must be requested, and the new one works', async () => {
    const email = uniqueEmail('again');
    const first = linkParts((await expectMail(email, () => post('passwordless-access', { url: LINK_BASE, email }))).link);
    expect((await api.get(`${P}/auth-token/${first.id}/${first.token}`)).status).to.equal(200);
    expect((await api.get(`${P}/auth-token/${first.id}/${first.token}`)).status).to.be.within(400, 499);
    const next = linkParts((await expectMail(email, () => post('passwordless-login', { url: LINK_BASE, email }))).link);
    expect(next.token).to.not.equal(first.token);
    expect((await api.get(`${P}/auth-token/${next.id}/${next.token}`)).status).to.equal(200);
  });

  it('[limits.magic-link] a magic link works for one auth-token only', async () => {
    const customer = await passwordCustomer();
    const { link } = await expectMail(customer.email, () => post('passwordless-login', { url: LINK_BASE, email: customer.email }));
    const { id, token } = linkParts(link);
    const uses = [
      await api.get(`${P}/auth-token/${id}/${token}`),
      await api.get(`${P}/auth-token/${id}/${token}`),
      await api.get(`${P}/auth-token/${id}/${token}`),
    ];
    expect(uses.map((u) => u.status < 300)).to.deep.equal([true, false, false]);
  });

  it('[state:other] a customer record is active or disabled: the e-mail check and passwordless endpoints treat a disabled one differently', async () => {
    const customer = await passwordlessCustomer();
    const head = () => api.head(`${P}/customers/email/${encodeURIComponent(customer.email)}`);
    expect((await head()).status).to.equal(200);
    const { result } = await expectMail(customer.email, () => post('passwordless-login', { url: LINK_BASE, email: customer.email }));
    expect(result.status).to.equal(200);
    await disableCustomer(customer.id);
    expect((await head()).status).to.equal(409);
    expect((await post('passwordless-login', { url: LINK_BASE, email: customer.email })).status).to.equal(422);
  });

  it('[authentication.4] magic links also reset a password (forgot-password, reset-password), once', async () => {
    const customer = await passwordCustomer();
    const { result, link } = await expectMail(customer.email, () => post('forgot-password', { url: LINK_BASE, email: customer.email }));
    expect(result.status).to.be.within(200, 204);
    const { id, token } = linkParts(link);
    const reset = await api.post(`${P}/reset-password/${id}/${token}`, { newPassword: 'brand-new-pass-7' });
    expect(reset.status, reset.text).to.equal(200);
    expect((await post('password-login', { email: customer.email, password: 'brand-new-pass-7' })).status).to.equal(200);
    expect((await api.post(`${P}/reset-password/${id}/${token}`, { newPassword: 'another-pass-8' })).status).to.be.within(400, 499);
  });

  it('[authentication.4] magic links also change the e-mail without a password (passwordless-change-email), once', async () => {
    const customer = await passwordlessCustomer();
    const { link } = await expectMail(customer.email, () => post('passwordless-change-email', { url: LINK_BASE, email: customer.email }));
    const { id, token } = linkParts(link);
    const newEmail = uniqueEmail('moved');
    // the new address is proven by a confirmation link mailed to it (PORTAL-EXTRAS section 14)
    const confirm = await expectMail(newEmail, () =>
      api.patch(`${P}/passwordless-change-email/${id}/${token}`, { currentEmail: customer.email, newEmail }),
    );
    expect(confirm.result.status, confirm.result.text).to.equal(200);
    const proof = linkParts(confirm.link);
    expect((await api.get(`${P}/auth-token/${proof.id}/${proof.token}`)).status).to.equal(200);
    expect((await api.head(`${P}/customers/email/${encodeURIComponent(newEmail)}`)).status).to.equal(200);
    const again = await api.patch(`${P}/passwordless-change-email/${id}/${token}`, {
      currentEmail: newEmail,
      newEmail: uniqueEmail('twice'),
    });
    expect(again.status).to.be.within(400, 499);
  });

  it('[authentication.6] on read endpoints a bearer token is optional; with it favourite is filled, without it null', async () => {
    const customer = await passwordCustomer();
    expect((await api.post(`${P}/profile/favourites`, { listing: listing.id }, bearer(customer.accessToken))).status).to.equal(201);
    const anonymous = await api.get(`${P}/listings/${listing.id}`);
    expect(anonymous.status).to.equal(200);
    expect(anonymous.body.favourite).to.equal(null);
    const signedIn = await api.get(`${P}/listings/${listing.id}`, bearer(customer.accessToken));
    expect(signedIn.body.favourite).to.equal(true);
    const other = await passwordCustomer();
    expect((await api.get(`${P}/listings/${listing.id}`, bearer(other.accessToken))).body.favourite).to.equal(false);
  });

  it('[events] the side effects are e-mails: the magic-link e-mail and the password-reset e-mail', async () => {
    const email = uniqueEmail('mail');
    const access = await expectMail(email, () => post('passwordless-access', { url: LINK_BASE, email }));
    expect(access.mail.to).to.include(email);
    expect(access.link.startsWith(LINK_BASE)).to.equal(true);
    const customer = await passwordCustomer();
    const reset = await expectMail(customer.email, () => post('forgot-password', { url: LINK_BASE, email: customer.email }));
    expect(reset.link.startsWith(LINK_BASE)).to.equal(true);
    expect(reset.mail.subject).to.not.equal(access.mail.subject);
  });

  it('[table:customer] the profile has every field of the customer table, nullable ones null for a new customer', async () => {
    const customer = await passwordCustomer();
    const res = await api.get(`${P}/profile`, bearer(customer.accessToken));
    expect(res.status).to.equal(200);
    expect(res.body).to.include.all.keys(...CUSTOMER_FIELDS);
    expect(res.body.id).to.equal(customer.id);
    expect(res.body.email).to.equal(customer.email);
    expect(res.body.updatedAt).to.match(ISO);
    expect(res.body.createdAt).to.match(ISO);
    for (const field of [
      'phone',
      'dateOfBirth',
      'annualHouseholdIncome',
      'deposit',
      'homeOwnershipStatus',
      'livingCircumstance',
      'homeLocalAuthority',
    ]) {
      expect(res.body[field], field).to.equal(null);
    }
  });

  it('[table:customer] fullName joins the names; lookup fields are {id, name}; postcodes give the local-authority objects', async () => {
    const lists = async (name: string) => (await api.get(`${P}/lists/${name}`)).body.data as { id: number; name: string }[];
    const [living] = await lists('living-circumstances');
    const [working] = await lists('working-circumstances');
    const [period] = await lists('buying-interest-periods');
    const times = await lists('best-time-to-contact');
    const customer = await passwordCustomer({ firstName: 'Ada', lastName: 'Lovelace' });
    const put = await api.put(
      `${P}/profile`,
      {
        livingCircumstance: living!.id,
        workingCircumstance: working!.id,
        buyingInterestPeriod: period!.id,
        bestTimeToContactYou: [times[0]!.id],
        homePostcode: 'M1 1AD',
        workPostcode: 'LS2 7QJ',
        dateOfBirth: '1985-02-03',
        dependants: 0,
      },
      bearer(customer.accessToken),
    );
    expect(put.status, put.text).to.be.within(200, 204);
    const body = (await api.get(`${P}/profile`, bearer(customer.accessToken))).body;
    expect(body.fullName).to.equal('Ada Lovelace');
    expect(body.livingCircumstance).to.include({ id: living!.id, name: living!.name });
    expect(body.workingCircumstance).to.include({ id: working!.id, name: working!.name });
    expect(body.buyingInterestPeriod).to.include({ id: period!.id, name: period!.name });
    expect(body.bestTimeToContactYou).to.deep.equal([{ id: times[0]!.id, name: times[0]!.name }]);
    expect(body.homeLocalAuthority).to.be.an('object');
    expect(body.workLocalAuthority).to.be.an('object');
    expect(body.homeLocalAuthority.name).to.match(/Manchester/);
    expect(body.dateOfBirth).to.equal('1985-02-03');
    expect(body.dependants).to.equal(0);
  });

  it('[table:home-ownership-status] homeOwnershipStatus is 1 to 4 on the wire; other values are refused', async () => {
    const customer = await passwordCustomer();
    for (const value of [1, 2, 3, 4]) {
      expect((await api.put(`${P}/profile`, { homeOwnershipStatus: value }, bearer(customer.accessToken))).status).to.be.within(200, 204);
      expect((await api.get(`${P}/profile`, bearer(customer.accessToken))).body.homeOwnershipStatus).to.equal(value);
    }
    for (const value of [0, 5, 'owner']) {
      const res = await api.put(`${P}/profile`, { homeOwnershipStatus: value }, bearer(customer.accessToken));
      expect(res.status, String(value)).to.equal(422);
      expect(res.body.errors).to.have.property('homeOwnershipStatus');
    }
    const list = (await api.get(`${P}/lists/home-ownership-statuses`)).body.data as { id: number }[];
    expect(list.map((s) => s.id)).to.have.members([1, 2, 3, 4]);
  });

  it('[table:profile-update-payload] a field sent as null or empty is reset to null; firstName and lastName must be non-empty if sent', async () => {
    const customer = await passwordCustomer({ firstName: 'Bo', lastName: 'Lee', phone: '07700900000', occupation: 'Nurse', deposit: 1000 });
    const res = await api.put(`${P}/profile`, { phone: null, occupation: '', deposit: null }, bearer(customer.accessToken));
    expect(res.status).to.be.within(200, 204);
    const body = (await api.get(`${P}/profile`, bearer(customer.accessToken))).body;
    expect([body.phone, body.occupation, body.deposit]).to.deep.equal([null, null, null]);
    for (const bad of [{ firstName: '' }, { lastName: null }]) {
      const refused = await api.put(`${P}/profile`, bad, bearer(customer.accessToken));
      expect(refused.status, JSON.stringify(bad)).to.equal(422);
      expect(refused.body.errors).to.have.property(Object.keys(bad)[0]!);
    }
    expect((await api.get(`${P}/profile`, bearer(customer.accessToken))).body).to.include({ firstName: 'Bo', lastName: 'Lee' });
  });

  it('[table:profile-update-payload] postcodes must be valid UK postcodes and numbers numbers (422 per field)', async () => {
    const customer = await passwordCustomer();
    const res = await api.put(
      `${P}/profile`,
      { homePostcode: 'NOT A POSTCODE', annualHouseholdIncome: 'many', dependants: 1.5 },
      bearer(customer.accessToken),
    );
    expect(res.status).to.equal(422);
    expect(res.body.errors).to.include.keys('homePostcode', 'annualHouseholdIncome', 'dependants');
  });

  it('[table:profile] change-password then sign in with the new password; change-email needs the password', async () => {
    const customer = await passwordCustomer({}, 'old-password-1');
    const changed = await api.patch(
      `${P}/profile/change-password`,
      { currentPassword: 'old-password-1', newPassword: 'new-password-2' },
      bearer(customer.accessToken),
    );
    expect(changed.status).to.be.within(200, 204);
    expect((await post('password-login', { email: customer.email, password: 'new-password-2' })).status).to.equal(200);
    const newEmail = uniqueEmail('chg');
    const wrong = await api.patch(
      `${P}/profile/change-email`,
      { currentEmail: customer.email, newEmail, password: 'not-it-at-all' },
      bearer(customer.accessToken),
    );
    expect(wrong.status).to.be.within(400, 499);
    const ok = await expectMail(newEmail, () =>
      api.patch(
        `${P}/profile/change-email`,
        { currentEmail: customer.email, newEmail, password: 'new-password-2' },
        bearer(customer.accessToken),
      ),
    );
    expect(ok.result.status, ok.result.text).to.equal(200);
    // the account takes the address once the link mailed to it is used (PORTAL-EXTRAS section 14)
    const proof = linkParts(ok.link);
    const signedIn = await api.get(`${P}/auth-token/${proof.id}/${proof.token}`);
    expect(signedIn.status).to.equal(200);
    expect((await api.get(`${P}/profile`, bearer(signedIn.body.accessToken))).body.email).to.equal(newEmail);
  });

  it('[table:favourites] POST 201 with empty body, HEAD 200, GET {data: [listing items]}, DELETE removes, HEAD then 404', async () => {
    const customer = await passwordCustomer();
    const auth = bearer(customer.accessToken);
    const added = await api.post(`${P}/profile/favourites`, { listing: listing.id }, auth);
    expect(added.status).to.equal(201);
    expect(added.text).to.equal('');
    expect((await api.head(`${P}/profile/favourites/${listing.id}`, auth)).status).to.equal(200);
    const list = await api.get(`${P}/profile/favourites`, auth);
    expect(list.body.data.map((i: { id: number }) => i.id)).to.deep.equal([listing.id]);
    expect(list.body.data[0]).to.include.keys('name', 'slug', 'displayAs', 'schemes');
    expect((await api.delete(`${P}/profile/favourites/${listing.id}`, auth)).status).to.be.within(200, 204);
    expect((await api.head(`${P}/profile/favourites/${listing.id}`, auth)).status).to.equal(404);
  });

  it('[errors.7] favourites: HEAD is 404 when not a favourite; adding fails with a message and status (unknown listing, missing listing)', async () => {
    const customer = await passwordCustomer();
    const auth = bearer(customer.accessToken);
    expect((await api.head(`${P}/profile/favourites/${listing.id}`, auth)).status).to.equal(404);
    const unknown = await api.post(`${P}/profile/favourites`, { listing: 99999999 }, auth);
    expect(unknown.status).to.be.within(400, 499);
    expect(unknown.body.message).to.be.a('string');
    const missing = await api.post(`${P}/profile/favourites`, {}, auth);
    expect(missing.status).to.equal(422);
    expect(missing.body.errors).to.have.property('listing');
  });
});
