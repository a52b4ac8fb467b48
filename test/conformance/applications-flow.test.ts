// Conformance: register interest and what follows it (Application, Decision, Appointment and
// Available-appointment tables; Register interest rules 1, 2, 5; Applications and Appointments endpoints;
// the Application and Appointment state tables; Errors rules 2 and 8; Authentication rule 5).
import { expect } from 'chai';
import { api } from '../support/api.ts';
import { createAccount, withdrawListingsOf, type TestAccount } from '../support/factories.ts';
import { P, bearer, passwordCustomer, uniqueEmail, type SignedIn } from '../support/customers.ts';
import { PASSING, applied, daysFromNow, pushAppListing, registerInterest, slotIds, type PushedListing } from '../support/applications.ts';

const APPS = `${P}/profile/applications`;
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;

describe('conformance: applications and appointments', function () {
  this.timeout(60_000);
  let account: TestAccount;
  let listing: PushedListing;
  let multi: PushedListing;
  let slots: number[];
  const day = daysFromNow(20);

  before(async () => {
    account = await createAccount();
    listing = await pushAppListing(account, {
      listing: {
        openDays: [
          { date: day, time: '10:00', durationMin: 60, capacity: 50 },
          { date: day, time: '14:30', durationMin: 45, capacity: 50 },
        ],
      },
    });
    slots = await slotIds(listing.id);
    multi = await pushAppListing(account, { properties: [{}, { fullMarketPrice: 320000 }] });
  });

  after(() => withdrawListingsOf(account));

  const book = (c: SignedIn, appId: number, slot: number, remarks?: string) =>
    api.post(`${APPS}/${appId}/appointments`, { slot, ...(remarks ? { remarks } : {}) }, bearer(c.accessToken));

  it('[table:application] the register-interest response has every field of the application table, available true, with enquiryDate, customer and updateToken', async () => {
    const customer = await passwordCustomer();
    const res = await registerInterest(listing.id, { ...PASSING, additionalInfo: 'Near my work' }, customer);
    expect(res.status, res.text).to.equal(201);
    const app = res.body;
    expect(app.id).to.be.a('number');
    expect(app.customer.id).to.equal(customer.id);
    expect(app.available).to.equal(true);
    expect(app.listing.id).to.equal(listing.id);
    expect(app.listing).to.include.keys('name', 'slug', 'displayAs', 'forSale', 'schemes', 'availabilityStatus');
    expect(app.property).to.equal(null);
    expect(app.enquiryDate).to.match(ISO);
    expect(app.additionalInfo).to.equal('Near my work');
    expect(['passed', 'considered', 'incomplete', 'failed', 'not-checked']).to.include(app.eligibilityStatus);
    expect(app.isArchived).to.equal(false);
    expect(app.appointments).to.deep.equal([]);
    expect(app.nextAppointmentDateTime).to.equal(null);
    expect(app.updateToken).to.be.a('string').that.is.not.empty;
    expect(app.updatedAt).to.match(ISO);
    expect(app.createdAt).to.match(ISO);
  });

  it('[table:application] the profile list omits customer; the single application includes it', async () => {
    const customer = await passwordCustomer();
    const app = await applied(customer, listing.id);
    const list = await api.get(APPS, bearer(customer.accessToken));
    expect(list.status).to.equal(200);
    const item = list.body.data.find((a: { id: number }) => a.id === app.id);
    expect(item).to.not.have.property('customer');
    expect(item.listing.id).to.equal(listing.id);
    const single = await api.get(`${APPS}/${app.id}`, bearer(customer.accessToken));
    expect(single.status).to.equal(200);
    expect(single.body.customer.id).to.equal(customer.id);
  });

  it('[table:decision] the decision has status (equal to eligibilityStatus), messages and successfulProperties (empty for a single-property listing)', async () => {
    const customer = await passwordCustomer();
    const res = await registerInterest(listing.id, { ...PASSING, annualHouseholdIncome: 150000 }, customer);
    expect(res.body.eligibilityStatus).to.equal('failed');
    expect(res.body.decision.status).to.equal(res.body.eligibilityStatus);
    expect(res.body.decision.messages).to.be.an('array').that.is.not.empty;
    for (const m of res.body.decision.messages) expect(m).to.be.a('string');
    expect(res.body.decision.successfulProperties).to.deep.equal([]);
  });

  it('[table:decision] on a listing of several properties, successfulProperties holds ids of its properties the customer is eligible for', async () => {
    const customer = await passwordCustomer();
    const res = await registerInterest(multi.id, { ...PASSING }, customer);
    expect(res.status, res.text).to.equal(201);
    expect(res.body.decision.successfulProperties).to.be.an('array').that.is.not.empty;
    expect(multi.propertyIds).to.include.members(res.body.decision.successfulProperties);
  });

  it('[register-interest.1] a new customer is registered by the same request; an existing customer must sign in first', async () => {
    const email = uniqueEmail('ri1');
    const res = await registerInterest(listing.slug, { ...PASSING, email, password: 'first-secret-1' });
    expect(res.status, res.text).to.equal(201);
    expect(res.body.customer.email).to.equal(email);
    expect((await api.post(`${P}/password-login`, { email, password: 'first-secret-1' })).status).to.equal(200);
    const existing = await passwordCustomer();
    const again = await registerInterest(listing.id, { ...PASSING, email: existing.email, password: 'other-secret-2' });
    expect(again.status).to.not.equal(201);
    expect(again.status).to.be.within(400, 499);
  });

  it('[register-interest.2] customer fields sent with register interest update the profile', async () => {
    const customer = await passwordCustomer();
    await applied(customer, listing.id, { firstName: 'Noor', phone: '07700900123', keyworker: true, deposit: 61000 });
    const profile = await api.get(`${P}/profile`, bearer(customer.accessToken));
    expect(profile.body).to.include({ firstName: 'Noor', phone: '07700900123', keyworker: true, deposit: 61000 });
  });

  it('[register-interest.5] a second interest for the same listing, or the same property, is 409; another property of the listing is not', async () => {
    const customer = await passwordCustomer();
    await applied(customer, listing.id);
    expect((await registerInterest(listing.id, PASSING, customer)).status).to.equal(409);
    await applied(customer, multi.id, { property: multi.propertyIds[0] });
    expect((await registerInterest(multi.id, { ...PASSING, property: multi.propertyIds[0] }, customer)).status).to.equal(409);
    expect((await registerInterest(multi.id, { ...PASSING, property: multi.propertyIds[1] }, customer)).status).to.equal(201);
  });

  it('[register-interest.5] a previous failed application followed by a passing one is accepted', async () => {
    const customer = await passwordCustomer();
    const failed = await registerInterest(listing.id, { ...PASSING, annualHouseholdIncome: 150000 }, customer);
    expect(failed.body.eligibilityStatus).to.equal('failed');
    const passing = await registerInterest(listing.id, { ...PASSING }, customer);
    expect(passing.status, passing.text).to.equal(201);
    expect(passing.body.eligibilityStatus).to.equal('passed');
  });

  it('[errors.2] a duplicate registration is 409 with the message that a previous application exists for the same property, or listing', async () => {
    const customer = await passwordCustomer();
    await applied(customer, listing.id);
    const dupListing = await registerInterest(listing.id, PASSING, customer);
    expect(dupListing.status).to.equal(409);
    expect(dupListing.body.message).to.match(/previous application exists for the same listing/i);
    await applied(customer, multi.id, { property: multi.propertyIds[1] });
    const dupProperty = await registerInterest(multi.id, { ...PASSING, property: multi.propertyIds[1] }, customer);
    expect(dupProperty.status).to.equal(409);
    expect(dupProperty.body.message).to.match(/previous application exists for the same property/i);
  });

  it('[errors.2] register interest answers 409 for nothing but a duplicate: bad input is 422', async () => {
    const customer = await passwordCustomer();
    const bad = await registerInterest(listing.id, { ...PASSING, annualHouseholdIncome: 'lots' }, customer);
    expect(bad.status).to.equal(422);
    expect(bad.body.errors).to.have.property('annualHouseholdIncome');
  });

  it('[table:register-interest-body] property, bedrooms, additionalInfo and the UTM fields are taken', async () => {
    const customer = await passwordCustomer();
    const withProperty = await registerInterest(
      multi.id,
      { ...PASSING, property: multi.propertyIds[1], additionalInfo: 'Top floor please', utmSource: 'mail' },
      customer,
    );
    expect(withProperty.status, withProperty.text).to.equal(201);
    expect(withProperty.body.property.id).to.equal(multi.propertyIds[1]);
    expect(withProperty.body.additionalInfo).to.equal('Top floor please');
    const withBedrooms = await registerInterest(
      listing.id,
      { ...PASSING, bedrooms: [2], utmMedium: 'email', utmCampaign: 'c', utmTerm: 't', utmContent: 'x' },
      customer,
    );
    expect(withBedrooms.status, withBedrooms.text).to.equal(201);
    expect(withBedrooms.body.property).to.equal(null);
  });

  it('[table:register-interest-endpoints] register-interest-fields and -full-details answer by id and by slug, with and without a property; POST works by slug', async () => {
    const fields = { eligibilityFields: ['annualHouseholdIncome', 'deposit'], priorityFields: ['keyworker'] };
    for (const path of [
      `${P}/listings/${multi.id}/register-interest-fields`,
      `${P}/listings/slug/${multi.slug}/register-interest-fields`,
    ]) {
      expect((await api.get(path)).body).to.deep.equal(fields);
    }
    for (const path of [
      `${P}/listings/${multi.id}/register-interest-full-details`,
      `${P}/listings/slug/${multi.slug}/register-interest-full-details`,
    ]) {
      const res = await api.get(path);
      expect(res.body.listing.id).to.equal(multi.id);
      expect(res.body.registerInterestFields).to.deep.equal(fields);
    }
    const pid = multi.propertyIds[1];
    for (const path of [
      `${P}/listings/${multi.id}/properties/${pid}/register-interest-full-details`,
      `${P}/listings/slug/${multi.slug}/properties/${pid}/register-interest-full-details`,
    ]) {
      const res = await api.get(path);
      expect(res.body.listing.id).to.equal(multi.id);
      expect(res.body.property.id).to.equal(pid);
      expect(res.body.registerInterestFields).to.deep.equal(fields);
    }
    const customer = await passwordCustomer();
    const bySlug = await registerInterest(multi.slug, PASSING, customer);
    expect(bySlug.status).to.equal(201);
    expect(bySlug.body.listing.id).to.equal(multi.id);
  });

  it('[register-interest.field-values] eligibility fields are among the seven named, priority fields among the eight named; register-interest-fields gives them back', async () => {
    const eligibilityFields = [
      'annualHouseholdIncome',
      'deposit',
      'dateOfBirth',
      'homePostcode',
      'workPostcode',
      'eligibleCitizen',
      'homeOwnershipStatus',
    ];
    const priorityFields = [
      'livingCircumstance',
      'workingCircumstance',
      'housingWaitingList',
      'armedForcesMember',
      'keyworker',
      'dependants',
      'hasDisability',
      'homeOwnershipStatus',
    ];
    const every = await pushAppListing(account, { listing: { registerInterestFields: { eligibilityFields, priorityFields } } });
    const res = await api.get(`${P}/listings/${every.id}/register-interest-fields`);
    expect(res.body.eligibilityFields).to.have.members(eligibilityFields);
    expect(res.body.priorityFields).to.have.members(priorityFields);
    const refused = await api.put(
      `/api/rest/listings/${every.ref}`,
      {
        development: every.dev,
        properties: every.propertyRefs,
        name: 'Odd fields',
        forSale: true,
        registerInterestFields: { eligibilityFields: ['shoeSize'], priorityFields: ['deposit'] },
      },
      { query: { api_key: account.key } },
    );
    expect(refused.status).to.equal(422);
    expect(Object.keys(refused.body.errors).join()).to.match(/eligibilityFields/);
    expect(Object.keys(refused.body.errors).join()).to.match(/priorityFields/);
  });

  it('[authentication.5] PUT applications/{id} needs no bearer token but the updateToken; a wrong or missing token is refused', async () => {
    const customer = await passwordCustomer();
    const app = await applied(customer, listing.id);
    const ok = await api.put(`${P}/applications/${app.id}`, {
      updateToken: app.updateToken,
      additionalInfo: 'Updated without signing in',
      phone: '07700900999',
    });
    expect(ok.status, ok.text).to.equal(200);
    expect(ok.body.id).to.equal(app.id);
    expect(ok.body.additionalInfo).to.equal('Updated without signing in');
    // sent customer fields update the profile
    expect((await api.get(`${P}/profile`, bearer(customer.accessToken))).body.phone).to.equal('07700900999');
    const wrong = await api.put(`${P}/applications/${app.id}`, { updateToken: 'not-the-token', additionalInfo: 'x' });
    expect(wrong.status).to.be.within(400, 499);
    const missing = await api.put(`${P}/applications/${app.id}`, { additionalInfo: 'x' });
    expect(missing.status).to.be.within(400, 499);
    const back = await api.get(`${APPS}/${app.id}`, bearer(customer.accessToken));
    expect(back.body.additionalInfo).to.equal('Updated without signing in');
  });

  it('[table:applications] PUT profile/applications/{id} updates the application; with validate_eligibility a missing eligibility field is 422', async () => {
    const customer = await passwordCustomer();
    const app = await applied(customer, listing.id);
    const res = await api.put(`${APPS}/${app.id}`, { additionalInfo: 'Signed in update' }, bearer(customer.accessToken));
    expect(res.status, res.text).to.equal(200);
    expect(res.body.additionalInfo).to.equal('Signed in update');
    await api.put(`${P}/profile`, { deposit: null }, bearer(customer.accessToken));
    const strict = await api.put(
      `${APPS}/${app.id}`,
      { additionalInfo: 'again' },
      bearer(customer.accessToken, { query: { validate_eligibility: '1' } }),
    );
    expect(strict.status).to.equal(422);
    expect(strict.body.errors).to.have.property('deposit');
  });

  it('[table:applications] archived=1|true gives archived only, 0|false active only, absent all; recommendations default to 3', async () => {
    const customer = await passwordCustomer();
    const a = await applied(customer, listing.id);
    const b = await applied(customer, multi.id);
    expect((await api.patch(`${APPS}/${a.id}/archive`, undefined, bearer(customer.accessToken))).status).to.equal(200);
    const list = async (archived?: string) =>
      (
        (await api.get(APPS, bearer(customer.accessToken, archived === undefined ? {} : { query: { archived } }))).body.data as {
          id: number;
        }[]
      ).map((x) => x.id);
    expect(await list('1')).to.deep.equal([a.id]);
    expect(await list('true')).to.deep.equal([a.id]);
    expect(await list('0')).to.deep.equal([b.id]);
    expect(await list('false')).to.deep.equal([b.id]);
    expect(await list()).to.have.members([a.id, b.id]);
    const recs = await api.get(`${P}/applications/${b.id}/recommendations`, bearer(customer.accessToken));
    expect(recs.status).to.equal(200);
    expect(recs.body.data).to.be.an('array');
    expect(recs.body.data.length).to.be.at.most(3);
    // not yet applied for
    for (const item of recs.body.data) expect([listing.id, multi.id]).to.not.include(item.id);
  });

  it('[table:available-appointment] available appointments are entries of date (YYYY-MM-DD) and slots of id, slotTime (HH:MM) and slotDurationMin', async () => {
    const customer = await passwordCustomer();
    const app = await applied(customer, listing.id);
    const res = await api.get(`${APPS}/${app.id}/available-appointments`, bearer(customer.accessToken));
    expect(res.status).to.equal(200);
    expect(res.body.data).to.deep.equal([
      {
        date: day,
        slots: [
          { id: slots[0], slotTime: '10:00', slotDurationMin: 60 },
          { id: slots[1], slotTime: '14:30', slotDurationMin: 45 },
        ],
      },
    ]);
  });

  it('[table:appointment] booking an open-day slot gives 201 with id, type open-day, dateTime, durationMin, status confirmed, remarks, updatedAt, createdAt', async () => {
    const customer = await passwordCustomer();
    const app = await applied(customer, listing.id);
    const res = await book(customer, app.id, slots[0]!, 'Bringing my partner');
    expect(res.status, res.text).to.equal(201);
    expect(res.body).to.include({ type: 'open-day', durationMin: 60, status: 'confirmed', remarks: 'Bringing my partner' });
    expect(res.body.id).to.be.a('number');
    expect(res.body.dateTime).to.match(ISO);
    expect(res.body.updatedAt).to.match(ISO);
    expect(res.body.createdAt).to.match(ISO);
    const single = await api.get(`${APPS}/${app.id}`, bearer(customer.accessToken));
    expect(single.body.appointments.map((a: { id: number }) => a.id)).to.deep.equal([res.body.id]);
    expect(Date.parse(single.body.nextAppointmentDateTime)).to.equal(Date.parse(res.body.dateTime));
  });

  it('[errors.8] booking while an upcoming confirmed appointment exists for the application is refused', async () => {
    const customer = await passwordCustomer();
    const app = await applied(customer, listing.id);
    expect((await book(customer, app.id, slots[0]!)).status).to.equal(201);
    const second = await book(customer, app.id, slots[1]!);
    expect(second.status).to.be.within(400, 499);
    const list = await api.get(`${APPS}/${app.id}/appointments`, bearer(customer.accessToken));
    expect(list.body.data.filter((a: { status: string }) => a.status === 'confirmed')).to.have.length(1);
  });

  it('[table:appointment-states] change slot (PUT) keeps it confirmed (200); cancel (PATCH) makes it cancelled for good; a new booking is then possible', async () => {
    const customer = await passwordCustomer();
    const app = await applied(customer, listing.id);
    const booked = await book(customer, app.id, slots[0]!);
    const moved = await api.put(
      `${P}/profile/appointments/${booked.body.id}`,
      { slot: slots[1], remarks: 'Afternoon suits' },
      bearer(customer.accessToken),
    );
    expect(moved.status, moved.text).to.equal(200);
    const afterMove = (await api.get(`${APPS}/${app.id}/appointments`, bearer(customer.accessToken))).body.data[0];
    expect(afterMove.status).to.equal('confirmed');
    expect(afterMove.durationMin).to.equal(45);
    expect(
      (await api.patch(`${P}/profile/appointments/${booked.body.id}/cancel`, undefined, bearer(customer.accessToken))).status,
    ).to.equal(200);
    const cancelled = (await api.get(`${APPS}/${app.id}/appointments`, bearer(customer.accessToken))).body.data[0];
    expect(cancelled.status).to.equal('cancelled');
    const again = await api.put(`${P}/profile/appointments/${booked.body.id}`, { slot: slots[0] }, bearer(customer.accessToken));
    expect(again.status).to.be.within(400, 499);
    expect((await book(customer, app.id, slots[0]!)).status).to.equal(201);
  });

  it('[table:appointments] profile/appointments: upcoming=1|true upcoming confirmed only, 0|false past confirmed only, absent all including cancelled; each with its application', async () => {
    const customer = await passwordCustomer();
    const app = await applied(customer, listing.id);
    const first = await book(customer, app.id, slots[0]!);
    await api.patch(`${P}/profile/appointments/${first.body.id}/cancel`, undefined, bearer(customer.accessToken));
    const second = await book(customer, app.id, slots[1]!);
    const list = async (upcoming?: string) =>
      (await api.get(`${P}/profile/appointments`, bearer(customer.accessToken, upcoming === undefined ? {} : { query: { upcoming } }))).body
        .data as { id: number; application: { id: number } }[];
    const scoped = (await api.get(`${APPS}/${app.id}/appointments`, bearer(customer.accessToken))).body.data as Record<string, unknown>[];
    for (const a of scoped) expect(a).to.not.have.property('application');
    const all = await list();
    expect(all.map((a) => a.id)).to.have.members([first.body.id, second.body.id]);
    for (const a of all) expect(a.application.id).to.equal(app.id);
    expect((await list('1')).map((a) => a.id)).to.deep.equal([second.body.id]);
    expect((await list('true')).map((a) => a.id)).to.deep.equal([second.body.id]);
    expect(await list('0')).to.deep.equal([]);
    expect(await list('false')).to.deep.equal([]);
  });

  it('[table:application-states] archiving sets isArchived and cancels every upcoming confirmed appointment; archiving is irreversible', async () => {
    const customer = await passwordCustomer();
    const app = await applied(customer, listing.id);
    const booked = await book(customer, app.id, slots[0]!);
    expect((await api.patch(`${APPS}/${app.id}/archive`, undefined, bearer(customer.accessToken))).status).to.equal(200);
    const archived = await api.get(`${APPS}/${app.id}`, bearer(customer.accessToken));
    expect(archived.body.isArchived).to.equal(true);
    expect(archived.body.appointments.find((a: { id: number }) => a.id === booked.body.id).status).to.equal('cancelled');
    await api.patch(`${APPS}/${app.id}/archive`, undefined, bearer(customer.accessToken));
    await api.put(`${APPS}/${app.id}`, { additionalInfo: 'still here' }, bearer(customer.accessToken));
    expect((await api.get(`${APPS}/${app.id}`, bearer(customer.accessToken))).body.isArchived).to.equal(true);
  });

  it('[table:application-states] archive is for the authenticated owner only', async () => {
    const owner = await passwordCustomer();
    const other = await passwordCustomer();
    const app = await applied(owner, listing.id);
    const res = await api.patch(`${APPS}/${app.id}/archive`, undefined, bearer(other.accessToken));
    expect(res.status).to.equal(404);
    expect((await api.patch(`${APPS}/${app.id}/archive`)).status).to.equal(401);
    expect((await api.get(`${APPS}/${app.id}`, bearer(owner.accessToken))).body.isArchived).to.equal(false);
  });
});
