import { expect } from 'chai';
import { api } from '../support/api.ts';
import { createAccount, withKey, type TestAccount } from '../support/factories.ts';
import { smtpSink } from '../support/smtp-sink.ts';
import { P, bearer, passwordCustomer, type SignedIn } from '../support/customers.ts';
import { testApp } from '../support/test-app.ts';
import { PASSING, applied, daysFromNow, pushAppListing, registerInterest, slotIds, type PushedListing } from '../support/applications.ts';

const APPS = `${P}/profile/applications`;

describe('applications', () => {
  let account: TestAccount;
  let listing: PushedListing;

  before(async () => {
    await smtpSink();
    account = await createAccount();
    listing = await pushAppListing(account, {
      listing: { openDays: [{ date: daysFromNow(10), time: '10:00', durationMin: 60, capacity: 5 }] },
    });
  });

  it("lists the customer's applications without the customer object, with the archived filter", async () => {
    const customer = await passwordCustomer();
    const other = await pushAppListing(account);
    const first = await applied(customer, listing.id);
    const second = await applied(customer, other.id);
    expect((await api.patch(`${APPS}/${first.id}/archive`, undefined, bearer(customer.accessToken))).status).to.equal(200);

    const all = await api.get(APPS, bearer(customer.accessToken));
    expect(all.status).to.equal(200);
    expect(all.body.data.map((a: { id: number }) => a.id)).to.deep.equal([second.id, first.id]);
    expect(all.body.data[0]).to.not.have.property('customer');
    expect(all.body.data[0]).to.not.have.property('updateToken');
    for (const [value, ids] of [
      ['1', [first.id]],
      ['true', [first.id]],
      ['0', [second.id]],
      ['false', [second.id]],
    ] as const) {
      const res = await api.get(APPS, bearer(customer.accessToken, { query: { archived: value } }));
      expect(
        res.body.data.map((a: { id: number }) => a.id),
        value,
      ).to.deep.equal(ids);
    }
    expect((await api.get(APPS, bearer(customer.accessToken, { query: { archived: 'maybe' } }))).status).to.equal(422);
  });

  it('gives one application with its customer', async () => {
    const customer = await passwordCustomer();
    const app = await applied(customer, listing.id);
    const res = await api.get(`${APPS}/${app.id}`, bearer(customer.accessToken));
    expect(res.status).to.equal(200);
    expect(res.body.customer.id).to.equal(customer.id);
    expect(res.body.available).to.equal(true);
    expect(res.body).to.not.have.property('updateToken');
  });

  it('archives irreversibly and cancels every upcoming confirmed appointment', async () => {
    const customer = await passwordCustomer();
    const app = await applied(customer, listing.id);
    const [slot] = await slotIds(listing.id);
    const booked = await api.post(`${APPS}/${app.id}/appointments`, { slot }, bearer(customer.accessToken));
    expect(booked.status).to.equal(201);
    const res = await api.patch(`${APPS}/${app.id}/archive`, undefined, bearer(customer.accessToken));
    expect(res.status).to.equal(200);
    expect(res.body.isArchived).to.equal(true);
    expect(res.body.appointments.map((a: { status: string }) => a.status)).to.deep.equal(['cancelled']);
    expect(res.body.nextAppointmentDateTime).to.equal(null);
    // again: still archived, nothing to undo it
    expect((await api.patch(`${APPS}/${app.id}/archive`, undefined, bearer(customer.accessToken))).body.isArchived).to.equal(true);
    const rebook = await api.post(`${APPS}/${app.id}/appointments`, { slot }, bearer(customer.accessToken));
    expect(rebook.status).to.equal(409);
  });

  it('is updated by its owner: profile fields written, eligibility decided again, additionalInfo kept per application', async () => {
    const customer = await passwordCustomer();
    const app = await applied(customer, listing.id);
    const res = await api.put(
      `${APPS}/${app.id}`,
      { annualHouseholdIncome: 150000, additionalInfo: 'Moving in spring' },
      bearer(customer.accessToken),
    );
    expect(res.status, res.text).to.equal(200);
    expect(res.body.eligibilityStatus).to.equal('failed');
    expect(res.body.decision.messages).to.deep.equal(["Your household income of £150,000 is above this home's limit of £80,000 a year."]);
    expect(res.body.additionalInfo).to.equal('Moving in spring');
    expect(res.body.customer.annualHouseholdIncome).to.equal(150000);
    const back = await api.put(`${APPS}/${app.id}`, { annualHouseholdIncome: 50000 }, bearer(customer.accessToken));
    expect(back.body.eligibilityStatus).to.equal('passed');
    expect(back.body.additionalInfo).to.equal('Moving in spring');
  });

  it('with validate_eligibility=1 an update is 422 naming the fields the rules still need', async () => {
    const customer = await passwordCustomer();
    const strictListing = await pushAppListing(account, {
      listing: { eligibility: { minAge: 21 }, registerInterestFields: { eligibilityFields: [], priorityFields: [] } },
    });
    const app = await registerInterest(strictListing.id, {}, customer);
    expect(app.body.eligibilityStatus).to.equal('incomplete');
    expect(app.body.decision.messages).to.deep.equal(['Your date of birth is needed to check the age limits for this home.']);
    const strict = await api.put(`${APPS}/${app.body.id}`, {}, bearer(customer.accessToken, { query: { validate_eligibility: 'true' } }));
    expect(strict.status).to.equal(422);
    // the listing neither names the deposit nor sets a minimum
    expect(Object.keys(strict.body.errors).sort()).to.deep.equal(['dateOfBirth']);
    const sixteen = `${new Date().getUTCFullYear() - 16}-01-01`;
    const young = await api.put(`${APPS}/${app.body.id}`, { dateOfBirth: sixteen }, bearer(customer.accessToken));
    expect(young.body.decision).to.deep.include({ status: 'failed', messages: ['You must be 21 or over to apply for this home, and you are 16.'] });
    const done = await api.put(
      `${APPS}/${app.body.id}`,
      { dateOfBirth: '1990-04-01' },
      bearer(customer.accessToken, { query: { validate_eligibility: '1' } }),
    );
    expect(done.body.eligibilityStatus).to.equal('passed');
  });

  it('is updated without sign-in with the updateToken (404 for a wrong one); UTM stored only while all are empty', async () => {
    const customer = await passwordCustomer();
    const app = await applied(customer, listing.id);
    const wrong = await api.put(`${P}/applications/${app.id}`, { updateToken: 'x'.repeat(43), additionalInfo: 'no' });
    expect(wrong.status).to.equal(404);
    expect((await api.put(`${P}/applications/${app.id}`, { additionalInfo: 'no' })).status).to.equal(422);
    const first = await api.put(`${P}/applications/${app.id}`, { updateToken: app.updateToken, utmSource: 'mail', phone: '07700 900123' });
    expect(first.status, first.text).to.equal(200);
    expect(first.body.id).to.equal(app.id);
    expect(first.body, 'the application alone, never the stored profile').to.not.have.property('customer');
    expect((await api.get(`${P}/profile`, bearer(customer.accessToken))).body.phone, 'the update was made').to.equal('07700 900123');
    const second = await api.put(`${P}/applications/${app.id}`, { updateToken: app.updateToken, utmSource: 'other', utmMedium: 'x' });
    expect(second.status).to.equal(200);
    const row = await testApp().runtime.prisma.application.findUniqueOrThrow({ where: { id: app.id } });
    expect([row.utmSource, row.utmMedium]).to.deep.equal(['mail', null]);
  });

  it('answers an update made with the token without the profile fields stored before (date of birth, income, disability)', async () => {
    const customer = await passwordCustomer({ dateOfBirth: '1985-02-03', hasDisability: true, phone: '07700 900456' });
    const app = await applied(customer, listing.id);
    const res = await api.put(`${P}/applications/${app.id}`, { updateToken: app.updateToken, additionalInfo: 'hello' });
    expect(res.status).to.equal(200);
    expect(res.body.additionalInfo).to.equal('hello');
    const text = JSON.stringify(res.body);
    for (const stored of ['1985-02-03', '07700 900456', customer.email, '40000', 'hasDisability']) expect(text, stored).to.not.include(stored);
  });

  it('refuses the update token once the application is archived', async () => {
    const customer = await passwordCustomer();
    const app = await applied(customer, listing.id);
    expect((await api.patch(`${APPS}/${app.id}/archive`, undefined, bearer(customer.accessToken))).status).to.equal(200);
    const res = await api.put(`${P}/applications/${app.id}`, { updateToken: app.updateToken, additionalInfo: 'after archiving' });
    expect(res.status).to.equal(404);
    const row = await testApp().runtime.prisma.application.findUniqueOrThrow({ where: { id: app.id } });
    expect(row.additionalInfo).to.not.equal('after archiving');
  });

  it('refuses the update token 30 days after register interest gave it, and takes it the day before', async () => {
    const customer = await passwordCustomer();
    const app = await applied(customer, listing.id);
    const issuedDaysAgo = (days: number) =>
      testApp().runtime.prisma.application.update({ where: { id: app.id }, data: { createdAt: new Date(Date.now() - days * 86_400_000) } });
    await issuedDaysAgo(29);
    expect((await api.put(`${P}/applications/${app.id}`, { updateToken: app.updateToken, additionalInfo: 'day 29' })).status).to.equal(200);
    await issuedDaysAgo(30);
    const late = await api.put(`${P}/applications/${app.id}`, { updateToken: app.updateToken, additionalInfo: 'day 30' });
    expect(late.status).to.equal(404);
    const row = await testApp().runtime.prisma.application.findUniqueOrThrow({ where: { id: app.id } });
    expect(row.additionalInfo).to.equal('day 29');
  });

  it('is no longer available once the listing is withdrawn, and keeps showing the listing', async () => {
    const customer = await passwordCustomer();
    const gone = await pushAppListing(account);
    const app = await applied(customer, gone.id);
    expect((await api.delete(`/api/rest/listings/${gone.ref}`, withKey(account, { refresh: 'wait_for' }))).status).to.equal(200);
    const res = await api.get(`${APPS}/${app.id}`, bearer(customer.accessToken));
    expect(res.body.available).to.equal(false);
    expect(res.body.listing.id).to.equal(gone.id);
    const list = await api.get(APPS, bearer(customer.accessToken));
    expect(list.body.data[0].available).to.equal(false);
  });

  it('is no longer available once its property is closed', async () => {
    const customer = await passwordCustomer();
    const two = await pushAppListing(account, { properties: [{}, {}] });
    const app = await applied(customer, two.id, { property: two.propertyIds[1] });
    const res = await api.patch(
      `/api/rest/inventory/properties/${two.propertyRefs[1]}`,
      { availabilityStatus: 'closed' },
      withKey(account, { refresh: 'wait_for' }),
    );
    expect(res.status, res.text).to.equal(200);
    expect((await api.get(`${APPS}/${app.id}`, bearer(customer.accessToken))).body.available).to.equal(false);
  });

  it('recommends similar listings the customer is eligible for and has not applied to (size 3 by default)', async () => {
    const customer = await passwordCustomer();
    const base = await pushAppListing(account);
    const eligible = [];
    for (let i = 0; i < 4; i++) eligible.push(await pushAppListing(account));
    const tooRich = await pushAppListing(account, { listing: { eligibility: { maxHouseholdIncome: 10000 } } });
    const app = await applied(customer, base.id);
    await applied(customer, eligible[0]!.id);
    const res = await api.get(`${P}/applications/${app.id}/recommendations`, bearer(customer.accessToken));
    expect(res.status).to.equal(200);
    const ids = res.body.data.map((l: { id: number }) => l.id);
    expect(ids).to.have.length(3);
    expect(ids).to.not.include(base.id);
    expect(ids).to.not.include(eligible[0]!.id);
    expect(ids).to.not.include(tooRich.id);
    const one = await api.get(`${P}/applications/${app.id}/recommendations`, bearer(customer.accessToken, { query: { size: 1 } }));
    expect(one.body.data).to.have.length(1);
  });

  describe('isolation', () => {
    let owner: SignedIn;
    let stranger: SignedIn;
    let appId: number;

    before(async () => {
      owner = await passwordCustomer();
      stranger = await passwordCustomer();
      appId = (await applied(owner, listing.id)).id;
    });

    it("never shows or changes another customer's application (404 on every path)", async () => {
      const as = bearer(stranger.accessToken);
      expect((await api.get(`${APPS}/${appId}`, as)).status).to.equal(404);
      expect((await api.put(`${APPS}/${appId}`, { additionalInfo: 'mine' }, as)).status).to.equal(404);
      expect((await api.patch(`${APPS}/${appId}/archive`, undefined, as)).status).to.equal(404);
      expect((await api.get(`${P}/applications/${appId}/recommendations`, as)).status).to.equal(404);
      expect((await api.get(`${APPS}/${appId}/appointments`, as)).status).to.equal(404);
      expect((await api.get(`${APPS}/${appId}/available-appointments`, as)).status).to.equal(404);
      const [slot] = await slotIds(listing.id);
      expect((await api.post(`${APPS}/${appId}/appointments`, { slot }, as)).status).to.equal(404);
      expect((await api.get(APPS, as)).body.data).to.deep.equal([]);
      const row = await testApp().runtime.prisma.application.findUniqueOrThrow({ where: { id: appId } });
      expect([row.isArchived, row.additionalInfo]).to.deep.equal([false, null]);
    });

    it('answers 404, not a server error, for ids beyond the integer range', async () => {
      const as = bearer(owner.accessToken);
      expect((await api.get(`${APPS}/9999999999`, as)).status).to.equal(404);
      expect((await api.get(`${APPS}/9999999999/appointments`, as)).status).to.equal(404);
      expect((await api.patch(`${P}/profile/appointments/9999999999/cancel`, undefined, as)).status).to.equal(404);
      expect((await api.get(`${P}/listings/9999999999/register-interest-fields`)).status).to.equal(404);
    });

    it('needs a bearer token on the profile paths (401)', async () => {
      expect((await api.get(APPS)).status).to.equal(401);
      expect((await api.get(`${APPS}/${appId}`)).status).to.equal(401);
      expect((await api.get(`${P}/applications/${appId}/recommendations`)).status).to.equal(401);
    });
  });

  it('lets a customer register again once the earlier application is archived', async () => {
    const customer = await passwordCustomer();
    const app = await applied(customer, listing.id);
    await api.patch(`${APPS}/${app.id}/archive`, undefined, bearer(customer.accessToken));
    expect((await registerInterest(listing.id, PASSING, customer)).status).to.equal(201);
  });
});
