import { expect } from 'chai';
import { api } from '../support/api.ts';
import { createAccount, type TestAccount } from '../support/factories.ts';
import { smtpSink } from '../support/smtp-sink.ts';
import { P, bearer, clientIp, fromIp, passwordCustomer, uniqueEmail } from '../support/customers.ts';
import { testApp } from '../support/test-app.ts';
import { PASSING, applied, pushAppListing, registerInterest, type PushedListing } from '../support/applications.ts';
import { NEEDED, UNMATCHED_POSTCODE } from '../../src/eligibility/eligibility-messages.ts';

describe('register interest', () => {
  let account: TestAccount;
  let listing: PushedListing;
  let multi: PushedListing;
  let open: PushedListing;

  before(async () => {
    await smtpSink();
    account = await createAccount();
    listing = await pushAppListing(account);
    // two properties whose deposits differ (7,500 and 15,000 on the share)
    multi = await pushAppListing(account, { properties: [{}, { fullMarketPrice: 600000 }] });
    // no required fields, rules that need an age and a citizenship
    open = await pushAppListing(account, {
      listing: {
        eligibility: { eligibleCitizen: true, minAge: 18 },
        registerInterestFields: { eligibilityFields: [], priorityFields: ['keyworker'] },
      },
    });
  });

  describe('fields and full details', () => {
    it('gives the register-interest fields by id and by slug', async () => {
      for (const path of [
        `${P}/listings/${listing.id}/register-interest-fields`,
        `${P}/listings/slug/${listing.slug}/register-interest-fields`,
      ]) {
        const res = await api.get(path);
        expect(res.status).to.equal(200);
        expect(res.body).to.deep.equal({ eligibilityFields: ['annualHouseholdIncome', 'deposit'], priorityFields: ['keyworker'] });
      }
    });

    it('gives the listing and the fields, and with a property that property', async () => {
      const res = await api.get(`${P}/listings/slug/${multi.slug}/register-interest-full-details`);
      expect(res.status).to.equal(200);
      expect(res.body.listing.id).to.equal(multi.id);
      expect(res.body.registerInterestFields.priorityFields).to.deep.equal(['keyworker']);
      expect(res.body).to.not.have.property('property');
      const withProperty = await api.get(`${P}/listings/${multi.id}/properties/${multi.propertyIds[1]}/register-interest-full-details`);
      expect(withProperty.status).to.equal(200);
      expect(withProperty.body.property.id).to.equal(multi.propertyIds[1]);
      const bySlug = await api.get(`${P}/listings/slug/${multi.slug}/properties/${multi.propertyIds[0]}/register-interest-full-details`);
      expect(bySlug.body.property.id).to.equal(multi.propertyIds[0]);
    });

    it('is 404 for an unknown listing or a property of another listing', async () => {
      expect((await api.get(`${P}/listings/999999/register-interest-fields`)).status).to.equal(404);
      expect((await api.get(`${P}/listings/slug/no-such-listing/register-interest-full-details`)).status).to.equal(404);
      expect(
        (await api.get(`${P}/listings/${multi.id}/properties/${listing.propertyIds[0]}/register-interest-full-details`)).status,
      ).to.equal(404);
    });
  });

  describe('POST', () => {
    it('creates the application of a signed-in customer: 201, updateToken, available, enquiryDate, customer, decision', async () => {
      const customer = await passwordCustomer();
      const res = await registerInterest(
        listing.id,
        { ...PASSING, additionalInfo: 'Two of us', utmSource: 'news', utmCampaign: 'spring' },
        customer,
      );
      expect(res.status, res.text).to.equal(201);
      const app = res.body;
      expect(app.updateToken).to.be.a('string').with.length.greaterThan(20);
      expect(app.available).to.equal(true);
      expect(Date.parse(app.enquiryDate)).to.be.closeTo(Date.now(), 60_000);
      expect(app.customer.id).to.equal(customer.id);
      expect(app.listing.id).to.equal(listing.id);
      expect(app.property).to.equal(null);
      expect(app.additionalInfo).to.equal('Two of us');
      expect(app.eligibilityStatus).to.equal('passed');
      expect(app.decision).to.deep.equal({ status: 'passed', messages: [], successfulProperties: [] });
      expect(app.appointments).to.deep.equal([]);
      expect(app.nextAppointmentDateTime).to.equal(null);
      const row = await testApp().runtime.prisma.application.findUniqueOrThrow({ where: { id: app.id } });
      expect([row.utmSource, row.utmCampaign, row.utmMedium]).to.deep.equal(['news', 'spring', null]);
      expect(row.source).to.equal('portal');
    });

    it('updates the profile with the customer fields sent', async () => {
      const customer = await passwordCustomer();
      await applied(customer, listing.id, { firstName: 'Ada', deposit: 42000, keyworker: true });
      const profile = await api.get(`${P}/profile`, bearer(customer.accessToken));
      expect([profile.body.firstName, profile.body.deposit, profile.body.keyworker, profile.body.annualHouseholdIncome]).to.deep.equal([
        'Ada',
        42000,
        true,
        40000,
      ]);
    });

    it('registers a new customer in the same request (email and password) who can then sign in', async () => {
      const email = uniqueEmail('ri');
      const res = await registerInterest(listing.slug, { ...PASSING, email, password: 'secret-enough', firstName: 'Grace' });
      expect(res.status, res.text).to.equal(201);
      expect(res.body.customer.email).to.equal(email);
      expect(res.body.customer.firstName).to.equal('Grace');
      const login = await api.post(`${P}/password-login`, { email, password: 'secret-enough' });
      expect(login.status).to.equal(200);
    });

    it('refuses an anonymous request without email, without password, with a common password, or for an existing customer (422)', async () => {
      const none = await registerInterest(listing.id, PASSING);
      expect(none.status).to.equal(422);
      expect(none.body.errors).to.have.property('email');
      const noPassword = await registerInterest(listing.id, { ...PASSING, email: uniqueEmail('ri') });
      expect(noPassword.status).to.equal(422);
      expect(noPassword.body.errors).to.have.property('password');
      const common = await registerInterest(listing.id, { ...PASSING, email: uniqueEmail('ri'), password: 'abc123' });
      expect(common.status).to.equal(422);
      expect(common.body.errors.password[0]).to.match(/most common passwords/);
      const existing = await passwordCustomer();
      const again = await registerInterest(listing.id, { ...PASSING, email: existing.email, password: 'whatever1' });
      expect(again.status).to.equal(422);
      expect(again.body.errors.email[0]).to.match(/sign in first/);
    });

    it('is 422 naming each eligibility field the listing requires when it is known neither from the body nor the profile', async () => {
      const customer = await passwordCustomer();
      const res = await registerInterest(listing.id, { eligibleCitizen: true }, customer);
      expect(res.status).to.equal(422);
      expect(Object.keys(res.body.errors).sort()).to.deep.equal(['annualHouseholdIncome', 'deposit']);
      // known from the profile is enough
      await api.put(`${P}/profile`, { annualHouseholdIncome: 30000, deposit: 20000 }, bearer(customer.accessToken));
      expect((await registerInterest(listing.id, {}, customer)).status).to.equal(201);
    });

    it('decides incomplete when a needed field is missing, and with validate_eligibility=1 answers 422 naming it instead', async () => {
      const customer = await passwordCustomer();
      const strict = await registerInterest(open.id, { eligibleCitizen: true }, customer, { validate_eligibility: '1' });
      expect(strict.status).to.equal(422);
      // the listing neither names the deposit nor sets a minimum: only the date of birth is needed
      expect(Object.keys(strict.body.errors).sort()).to.deep.equal(['dateOfBirth']);
      const lax = await registerInterest(open.id, { eligibleCitizen: true }, customer);
      expect(lax.status).to.equal(201);
      expect(lax.body.eligibilityStatus).to.equal('incomplete');
      expect(lax.body.decision).to.deep.equal({ status: 'incomplete', messages: [NEEDED.dateOfBirth], successfulProperties: [] });
    });

    it('fails with a message per failed rule, naming the value and the limit', async () => {
      const customer = await passwordCustomer();
      const res = await registerInterest(listing.id, { ...PASSING, annualHouseholdIncome: 120000, eligibleCitizen: false }, customer);
      expect(res.status).to.equal(201);
      expect(res.body.eligibilityStatus).to.equal('failed');
      expect(res.body.decision.messages).to.deep.equal([
        "Your household income of £120,000 is above this home's limit of £80,000 a year.",
        'This home is only for British or EU/EEA citizens, and you have told us you are not one.',
      ]);
    });

    it('gives per-property decisions and successfulProperties on a listing whose deposits differ', async () => {
      const customer = await passwordCustomer();
      // 10,000 covers the first property's deposit (7,500) but not the second's (15,000)
      const second = await registerInterest(multi.id, { ...PASSING, deposit: 10000, property: multi.propertyIds[1] }, customer);
      expect(second.status).to.equal(201);
      expect(second.body.eligibilityStatus).to.equal('failed');
      expect(second.body.decision.messages).to.deep.equal(['A 25% share needs a deposit of £15,000; you have £10,000.']);
      expect(second.body.decision.successfulProperties).to.deep.equal([multi.propertyIds[0]]);
      expect(second.body.property.id).to.equal(multi.propertyIds[1]);
      const first = await registerInterest(multi.id, { property: multi.propertyIds[0] }, customer);
      expect(first.body.eligibilityStatus).to.equal('passed');
      expect(first.body.decision.successfulProperties).to.deep.equal([multi.propertyIds[0]]);
    });

    it('is 422 for a property the listing does not advertise, 404 for an unknown listing', async () => {
      const customer = await passwordCustomer();
      const res = await registerInterest(multi.id, { ...PASSING, property: listing.propertyIds[0] }, customer);
      expect(res.status).to.equal(422);
      expect(res.body.errors).to.have.property('property');
      expect((await registerInterest(999999, PASSING, customer)).status).to.equal(404);
    });

    it('refuses a second interest in the same listing or property with 409 and the spec message', async () => {
      const customer = await passwordCustomer();
      await applied(customer, listing.id);
      const again = await registerInterest(listing.id, PASSING, customer);
      expect(again.status).to.equal(409);
      expect(again.body.message).to.equal('A previous application exists for the same listing');
      await applied(customer, multi.id, { property: multi.propertyIds[0] });
      const sameProperty = await registerInterest(multi.id, { ...PASSING, property: multi.propertyIds[0] }, customer);
      expect(sameProperty.status).to.equal(409);
      expect(sameProperty.body.message).to.equal('A previous application exists for the same property');
      // another property of the same listing is a new application
      expect((await registerInterest(multi.id, { ...PASSING, property: multi.propertyIds[1] }, customer)).status).to.equal(201);
    });

    it('accepts a passing application after a failed one, but not a second failed one', async () => {
      const customer = await passwordCustomer();
      const failed = await registerInterest(listing.id, { ...PASSING, annualHouseholdIncome: 200000 }, customer);
      expect(failed.body.eligibilityStatus).to.equal('failed');
      expect((await registerInterest(listing.id, { annualHouseholdIncome: 200000 }, customer)).status).to.equal(409);
      const passing = await registerInterest(listing.id, { annualHouseholdIncome: 30000 }, customer);
      expect(passing.status).to.equal(201);
      expect(passing.body.eligibilityStatus).to.equal('passed');
      expect((await registerInterest(listing.id, {}, customer)).status).to.equal(409);
    });

    it('gives exactly one 201 for simultaneous identical registrations', async () => {
      const customer = await passwordCustomer();
      const results = await Promise.all(Array.from({ length: 6 }, () => registerInterest(listing.id, PASSING, customer)));
      const statuses = results.map((r) => r.status).sort();
      expect(statuses).to.deep.equal([201, 409, 409, 409, 409, 409]);
      expect(await testApp().runtime.prisma.application.count({ where: { customerId: customer.id } })).to.equal(1);
    });

    it('counts registrations of new customers against the per-IP sign-up limit (429)', async () => {
      const ip = clientIp();
      let status = 0;
      for (let i = 0; i < 300 && status !== 429; i++)
        status = (await api.post(`${P}/listings/${listing.id}/register-interest`, {}, fromIp(ip))).status;
      expect(status).to.equal(429);
    });
  });

  describe('the decision says why', () => {
    const localAuthorityOf = async (postcode: string) =>
      (await testApp().runtime.prisma.postcode.findUniqueOrThrow({ where: { postcode }, select: { localAuthorityId: true } })).localAuthorityId!;

    it("passes a customer who gave every value the listing's rules need, though not a deposit, on homes with deposits", async () => {
      const customer = await passwordCustomer();
      const res = await registerInterest(open.id, { eligibleCitizen: true, dateOfBirth: '1990-04-01' }, customer, { validate_eligibility: '1' });
      expect(res.status, res.text).to.equal(201);
      expect(res.body.decision).to.deep.equal({ status: 'passed', messages: [], successfulProperties: [] });
      // every home of a listing with several is open to them
      const several = await pushAppListing(account, {
        properties: [{}, { fullMarketPrice: 600000 }],
        listing: { eligibility: { minAge: 18 }, registerInterestFields: { eligibilityFields: [], priorityFields: [] } },
      });
      const both = await registerInterest(several.id, {}, customer);
      expect(both.body.decision).to.deep.equal({ status: 'passed', messages: [], successfulProperties: several.propertyIds });
    });

    it('is incomplete, saying so, without a deposit on a listing with a minimum deposit', async () => {
      const customer = await passwordCustomer();
      const minimum = await pushAppListing(account, {
        listing: { eligibility: { minDeposit: 5000 }, registerInterestFields: { eligibilityFields: [], priorityFields: [] } },
      });
      const res = await registerInterest(minimum.id, {}, customer);
      expect(res.status, res.text).to.equal(201);
      // the figure the deposit will be checked against
      const needed = "The deposit you can put down is needed to check it against this home's minimum deposit of £5,000.";
      expect(res.body.decision).to.deep.equal({ status: 'incomplete', messages: [needed], successfulProperties: [] });
      // and the stored decision reads back the same
      const back = await api.get(`${P}/profile/applications/${res.body.id}`, bearer(customer.accessToken));
      expect(back.body.decision.messages).to.deep.equal([needed]);
    });

    it('asks for a postcode for a local connection, says why when the postcode given is not known, and explains considered', async () => {
      const manchester = await localAuthorityOf('M1 1AD');
      const westminster = await localAuthorityOf('SW1A 1AA');
      const local = await pushAppListing(account, {
        listing: {
          eligibility: { localAuthorities: [manchester], localConnection: 'preferred' },
          registerInterestFields: { eligibilityFields: [], priorityFields: [] },
        },
      });
      expect(westminster).to.not.equal(manchester);
      const none = await registerInterest(local.id, {}, await passwordCustomer());
      expect(none.body.decision).to.deep.equal({ status: 'incomplete', messages: [NEEDED.homePostcode], successfulProperties: [] });
      const unknown = await registerInterest(local.id, { homePostcode: 'ZE3 9ZZ' }, await passwordCustomer());
      expect(unknown.body.decision).to.deep.equal({ status: 'incomplete', messages: [UNMATCHED_POSTCODE], successfulProperties: [] });
      const elsewhere = await registerInterest(local.id, { homePostcode: 'SW1A 1AA' }, await passwordCustomer());
      expect(elsewhere.body.eligibilityStatus).to.equal('considered');
      expect(elsewhere.body.decision.messages).to.have.length(1);
      expect(elsewhere.body.decision.messages[0]).to.match(/^Priority goes to people who live or work in the local authority areas/);
      const near = await registerInterest(local.id, { workPostcode: 'M1 1AD' }, await passwordCustomer());
      expect(near.body.decision).to.deep.equal({ status: 'passed', messages: [], successfulProperties: [] });
    });
  });
});
