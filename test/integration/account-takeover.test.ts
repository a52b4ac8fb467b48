// The three ways to take an account before its owner uses it (issue: e-mail ownership), each tried as
// an intruder would: register someone's address with a password, register interest with it, or change
// one's own account's address to it. Each works only until the owner signs in by magic link (the intruder's
// password, sessions and update token then stop working), or cannot take the address at all.
import { expect } from 'chai';
import { api } from '../support/api.ts';
import { createAccount } from '../support/factories.ts';
import { smtpSink } from '../support/smtp-sink.ts';
import { testApp } from '../support/test-app.ts';
import { PASSING, pushAppListing, registerInterest, type PushedListing } from '../support/applications.ts';
import { LINK_BASE, P, bearer, clientIp, fromIp, linkParts, passwordCustomer, uniqueEmail } from '../support/customers.ts';

const INTRUDER_PASSWORD = 'intruder-knows-7';

const passwordLogin = (email: string, password: string) => api.post(`${P}/password-login`, { email, password }, fromIp(clientIp()));
const profileStatus = async (token: string) => (await api.get(`${P}/profile`, bearer(token))).status;
const provenAt = async (email: string) => (await testApp().runtime.prisma.customer.findUnique({ where: { email } }))?.emailProvenAt ?? null;

/** The owner asks for a sign-in link (it arrives in their mailbox; here, in the answer) and uses it. */
async function ownerSignsInByLink(email: string): Promise<string> {
  const requested = await api.post(`${P}/passwordless-login`, { url: LINK_BASE, email }, fromIp(clientIp()));
  expect(requested.status, requested.text).to.equal(200);
  const { id, token } = linkParts(requested.body.magicLink);
  const exchanged = await api.get(`${P}/auth-token/${id}/${token}`);
  expect(exchanged.status, exchanged.text).to.equal(200);
  return exchanged.body.accessToken as string;
}

/** After the owner's sign-in: none of what the intruder held works any more, and the owner's profile stays theirs. */
async function expectIntruderLockedOut(email: string, intruder: { accessToken: string; refreshToken: string }, ownerToken: string) {
  expect(await profileStatus(intruder.accessToken), "the intruder's access token").to.equal(401);
  expect((await api.post(`${P}/refresh-token`, { refreshToken: intruder.refreshToken })).status, "the intruder's refresh token").to.equal(401);
  expect((await passwordLogin(email, INTRUDER_PASSWORD)).status, "the intruder's password").to.equal(401);
  const filled = await api.put(`${P}/profile`, { phone: '07700 900123', annualHouseholdIncome: 42000 }, bearer(ownerToken));
  expect(filled.status).to.equal(200);
  expect(await profileStatus(ownerToken), "the owner's session").to.equal(200);
  expect(await provenAt(email)).to.be.an.instanceOf(Date);
}

describe('account takeover before the owner signs in (e-mail ownership)', () => {
  let listing: PushedListing;

  before(async () => {
    await smtpSink();
    listing = await pushAppListing(await createAccount());
  });

  it('password-register with the owner\'s address: the intruder loses password and sessions when the owner signs in by magic link', async () => {
    const email = uniqueEmail('victim');
    const registered = await api.post(`${P}/password-register`, { email, password: INTRUDER_PASSWORD }, fromIp(clientIp()));
    expect(registered.status).to.equal(201);
    expect(registered.body.confirmationLink, 'a confirmation link goes to the address, not to the intruder').to.be.a('string');
    expect(await provenAt(email)).to.equal(null);
    const login = await passwordLogin(email, INTRUDER_PASSWORD);
    expect(login.status, 'the specification\'s password sign-in still works before the owner comes').to.equal(200);
    const intruder = { accessToken: login.body.access_token, refreshToken: login.body.refresh_token };

    const ownerToken = await ownerSignsInByLink(email);
    await expectIntruderLockedOut(email, intruder, ownerToken);
  });

  it('register interest with the owner\'s address: the intruder loses password, sessions and the update token', async () => {
    const email = uniqueEmail('victim-ri');
    const res = await registerInterest(listing.id, { ...PASSING, email, password: INTRUDER_PASSWORD });
    expect(res.status, res.text).to.equal(201);
    expect(await provenAt(email), 'register interest creates an unproven account').to.equal(null);
    const { id: applicationId, updateToken } = res.body as { id: number; updateToken: string };
    const login = await passwordLogin(email, INTRUDER_PASSWORD);
    expect(login.status).to.equal(200);
    const intruder = { accessToken: login.body.access_token, refreshToken: login.body.refresh_token };

    const ownerToken = await ownerSignsInByLink(email);
    await expectIntruderLockedOut(email, intruder, ownerToken);
    const update = await api.put(`${P}/applications/${applicationId}`, { updateToken, additionalInfo: 'still here' });
    expect(update.status, "the intruder's update token").to.equal(404);
    expect(JSON.stringify(update.body)).to.not.include('07700 900123');
  });

  it('changing one\'s own account to the owner\'s address (with the password) does not take it: the link goes to the owner', async () => {
    const intruder = await passwordCustomer({}, INTRUDER_PASSWORD);
    const email = uniqueEmail('victim-move');
    const asked = await api.patch(
      `${P}/profile/change-email`,
      { currentEmail: intruder.email, newEmail: email, password: INTRUDER_PASSWORD },
      bearer(intruder.accessToken),
    );
    expect(asked.status).to.equal(200);
    expect((await api.get(`${P}/profile`, bearer(intruder.accessToken))).body.email, 'the address did not move').to.equal(intruder.email);
    expect((await api.head(`${P}/customers/email/${encodeURIComponent(email)}`)).status, 'nobody has the address').to.equal(404);
    expect((await passwordLogin(email, INTRUDER_PASSWORD)).status).to.equal(401);

    // the owner registers; the confirmation link the intruder asked for (mailed to the owner) cannot move it
    const owner = await api.post(`${P}/passwordless-access`, { url: LINK_BASE, email }, fromIp(clientIp()));
    expect(owner.status).to.equal(201);
    const { id, token } = linkParts(asked.body.confirmationLink);
    expect((await api.get(`${P}/auth-token/${id}/${token}`)).status).to.equal(409);
    expect((await api.get(`${P}/profile`, bearer(intruder.accessToken))).body.email).to.equal(intruder.email);
  });

  it('changing one\'s own account to the owner\'s address by the passwordless change does not take it either', async () => {
    const intruder = await passwordCustomer({}, INTRUDER_PASSWORD);
    const email = uniqueEmail('victim-pl-move');
    const link = await api.post(`${P}/passwordless-change-email`, { url: LINK_BASE, email: intruder.email }, fromIp(clientIp()));
    const { id, token } = linkParts(link.body.magicLink);
    const asked = await api.patch(`${P}/passwordless-change-email/${id}/${token}`, { currentEmail: intruder.email, newEmail: email });
    expect(asked.status).to.equal(200);
    expect((await api.head(`${P}/customers/email/${encodeURIComponent(email)}`)).status).to.equal(404);
    expect((await passwordLogin(email, INTRUDER_PASSWORD)).status).to.equal(401);
  });

  it('if the owner uses the confirmation link an intruder had sent them, the intruder is locked out of that account', async () => {
    const intruder = await passwordCustomer({}, INTRUDER_PASSWORD);
    const email = uniqueEmail('victim-click');
    const asked = await api.patch(
      `${P}/profile/change-email`,
      { currentEmail: intruder.email, newEmail: email, password: INTRUDER_PASSWORD },
      bearer(intruder.accessToken),
    );
    const { id, token } = linkParts(asked.body.confirmationLink);
    const owner = await api.get(`${P}/auth-token/${id}/${token}`);
    expect(owner.status).to.equal(200);
    await expectIntruderLockedOut(email, intruder, owner.body.accessToken);
    expect((await passwordLogin(intruder.email, INTRUDER_PASSWORD)).status, 'the old address no longer signs in').to.equal(401);
  });

  it('gives no session to a password sign-in that was in flight when the owner proved the address', async () => {
    const email = uniqueEmail('victim-race');
    expect((await api.post(`${P}/password-register`, { email, password: INTRUDER_PASSWORD }, fromIp(clientIp()))).status).to.equal(201);
    const { prisma } = testApp().runtime;
    const customer = await prisma.customer.findUniqueOrThrow({ where: { email } });
    let login: Promise<{ status: number }> | undefined;
    // the owner's proof, held open (as email-ownership.ts does it: the row locked, the password removed)
    // until the intruder's sign-in, its password already checked, waits for that row
    await prisma.$transaction(
      async (tx) => {
        await tx.$queryRaw`SELECT id FROM "Customer" WHERE id = ${customer.id} FOR UPDATE`;
        login = passwordLogin(email, INTRUDER_PASSWORD);
        for (;;) {
          const [waiting] = await prisma.$queryRaw<{ n: number }[]>`
            SELECT count(*)::int AS n FROM pg_stat_activity
            WHERE datname = current_database() AND wait_event_type = 'Lock' AND query LIKE '%FOR SHARE%'`;
          if (waiting!.n > 0) break;
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        await tx.customer.update({ where: { id: customer.id }, data: { passwordHash: null, emailProvenAt: new Date() } });
      },
      { timeout: 20_000 },
    );
    expect((await login!).status).to.equal(401);
    expect(await prisma.refreshToken.count({ where: { customerId: customer.id } })).to.equal(0);
  });

  it('keeps the password of an account whose address was proven before (only the first proof removes it)', async () => {
    const customer = await passwordCustomer();
    const confirm = await api.post(`${P}/forgot-password`, { url: LINK_BASE, email: customer.email }, fromIp(clientIp()));
    const { id, token } = linkParts(confirm.body.magicLink);
    expect((await api.post(`${P}/reset-password/${id}/${token}`, { newPassword: 'mine-and-only-mine' })).status).to.equal(200);
    expect(await provenAt(customer.email), 'a reset link proves the address').to.be.an.instanceOf(Date);
    const other = await passwordLogin(customer.email, 'mine-and-only-mine');
    expect(other.status).to.equal(200);

    await ownerSignsInByLink(customer.email);
    expect((await passwordLogin(customer.email, 'mine-and-only-mine')).status, 'the password stays').to.equal(200);
    expect(await profileStatus(other.body.access_token), 'and so do the other sessions').to.equal(200);
  });

  it('the confirmation link of a registration proves the address and signs in; the password set before goes', async () => {
    const email = uniqueEmail('confirm');
    const registered = await api.post(`${P}/password-register`, { email, password: 'my-own-choice-9' }, fromIp(clientIp()));
    const { id, token } = linkParts(registered.body.confirmationLink);
    expect(registered.body.confirmationLink, 'the portal link page by default').to.match(/\/sign-in\/link\/\d+\/[\w-]+$/);
    const confirmed = await api.get(`${P}/auth-token/${id}/${token}`);
    expect(confirmed.status).to.equal(200);
    expect((await api.get(`${P}/profile`, bearer(confirmed.body.accessToken))).body.email).to.equal(email);
    expect(await provenAt(email)).to.be.an.instanceOf(Date);
    expect((await passwordLogin(email, 'my-own-choice-9')).status).to.equal(401);
  });
});
