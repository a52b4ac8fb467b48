// Unknown is not zero in a decision (PORTAL-EXTRAS §10, fifth round): a signed-in customer who gives an
// income and no savings, on a shared-ownership listing whose eligibility fields are only the income and
// the citizenship, is not refused for a deposit they were never asked for.
import { expect } from 'chai';
import { api } from '../support/api.ts';
import { createAccount, type TestAccount } from '../support/factories.ts';
import { smtpSink } from '../support/smtp-sink.ts';
import { P, bearer, passwordCustomer } from '../support/customers.ts';
import { daysFromNow, pushAppListing, registerInterest, slotIds, type PushedListing } from '../support/applications.ts';

describe('register interest with the savings not given', () => {
  let account: TestAccount;
  let listing: PushedListing;

  before(async () => {
    await smtpSink();
    account = await createAccount();
    // £200,000, a 25% share (£50,000) with £400 a month on the rest; the listing asks 5%: a deposit of £2,500
    listing = await pushAppListing(account, {
      properties: [{ fullMarketPrice: 200_000, minSharePercentage: 25, subsidisedMonthlyRent: 400 }],
      listing: {
        depositPercentage: 5,
        eligibility: { eligibleCitizen: true },
        registerInterestFields: { eligibilityFields: ['annualHouseholdIncome', 'eligibleCitizen'], priorityFields: [] },
        openDays: [{ date: daysFromNow(10), time: '10:00', durationMin: 60, capacity: 5 }],
      },
    });
  });

  it('is considered, saying the savings would tell, never failed for "£0"; the application is made and an open day can be booked', async () => {
    const customer = await passwordCustomer();
    // £45,000 a year: with £2,500 down the loan of £47,500 is within 4.5 × £45,000 and £264.02 + £400 a month
    // within 40% of £3,750; whether they have the £2,500 is what is not known
    const res = await registerInterest(listing.id, { annualHouseholdIncome: 45_000, eligibleCitizen: true }, customer);
    expect(res.status, res.text).to.equal(201);
    expect(res.body.eligibilityStatus).to.equal('considered');
    expect(res.body.decision).to.deep.equal({
      status: 'considered',
      messages: ['Tell us your savings to see whether you have the deposit of £2,500 a 25% share needs.'],
      successfulProperties: [],
    });
    expect(res.body.updateToken).to.be.a('string').with.length.greaterThan(20);
    const profile = await api.get(`${P}/profile`, bearer(customer.accessToken));
    expect(profile.body.deposit).to.equal(null);

    const [slot] = await slotIds(listing.id);
    const booked = await api.post(`${P}/profile/applications/${res.body.id}/appointments`, { slot }, bearer(customer.accessToken));
    expect(booked.status, booked.text).to.equal(201);
  });

  it('with the savings given later it is decided on them: £2,000 fails with both figures, £2,500 passes', async () => {
    const short = await passwordCustomer();
    const failed = await registerInterest(listing.id, { annualHouseholdIncome: 45_000, eligibleCitizen: true, deposit: 2_000 }, short);
    expect(failed.status, failed.text).to.equal(201);
    expect(failed.body.decision).to.deep.equal({ status: 'failed', messages: ['A 25% share needs a deposit of £2,500; you have £2,000.'], successfulProperties: [] });
    const enough = await passwordCustomer();
    const passed = await registerInterest(listing.id, { annualHouseholdIncome: 45_000, eligibleCitizen: true, deposit: 2_500 }, enough);
    expect(passed.body.decision).to.deep.equal({ status: 'passed', messages: [], successfulProperties: [] });
  });

  it('the listing page says the same, in the same words', async () => {
    const customer = await passwordCustomer({ annualHouseholdIncome: 45_000, eligibleCitizen: true });
    const res = await api.get(`${P}/listings/${listing.id}`, bearer(customer.accessToken));
    expect(res.status, res.text).to.equal(200);
    expect(res.body.eligibility).to.deep.equal({ status: 'considered', reasons: ['Tell us your savings to see whether you have the deposit of £2,500 a 25% share needs.'] });
  });
});
