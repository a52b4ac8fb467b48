import { expect } from 'chai';
import { createAccount, type TestAccount } from '../support/factories.ts';
import { passwordCustomer } from '../support/customers.ts';
import { PASSING, pushAppListing, registerInterest, type PushedListing } from '../support/applications.ts';

describe('decisions that do not contradict themselves', () => {
  let account: TestAccount;
  let homes: PushedListing;
  // deposits on the share at 10%: 300,000 × 25% → 7,500; 600,000 × 25% → 15,000
  const [fits, dear, underOffer, sold, comingSoon] = [0, 1, 2, 3, 4];
  const id = (i: number) => homes.propertyIds[i]!;
  const asked = { ...PASSING, deposit: 10000 };

  before(async () => {
    account = await createAccount();
    homes = await pushAppListing(account, {
      properties: [
        {},
        { fullMarketPrice: 600000 },
        { availabilityStatus: 'under-offer' },
        { availabilityStatus: 'closed' },
        { availabilityStatus: 'coming-soon' },
      ],
    });
  });

  it('never names the home that failed among the eligible ones, nor a home under offer or sold', async () => {
    const res = await registerInterest(homes.id, { ...asked, property: id(dear) }, await passwordCustomer());
    expect(res.status, res.text).to.equal(201);
    expect(res.body.eligibilityStatus).to.equal('failed');
    expect(res.body.decision.messages).to.deep.equal(['A 25% share needs a deposit of £15,000; you have £10,000.']);
    expect(res.body.decision.successfulProperties).to.deep.equal([id(fits), id(comingSoon)]);
  });

  it('names the open homes the customer is eligible for, the chosen one among them, when it passes', async () => {
    const res = await registerInterest(homes.id, { ...asked, property: id(fits) }, await passwordCustomer());
    expect(res.body.eligibilityStatus).to.equal('passed');
    expect(res.body.decision.successfulProperties).to.deep.equal([id(fits), id(comingSoon)]);
    const listing = await registerInterest(homes.id, asked, await passwordCustomer());
    expect(listing.body.decision).to.deep.equal({ status: 'passed', messages: [], successfulProperties: [id(fits), id(comingSoon)] });
  });

  it('names no home at all when a rule of the listing fails (every home fails it)', async () => {
    const res = await registerInterest(homes.id, { ...asked, annualHouseholdIncome: 120000, property: id(fits) }, await passwordCustomer());
    expect(res.body.eligibilityStatus).to.equal('failed');
    expect(res.body.decision.successfulProperties).to.deep.equal([]);
    const listing = await registerInterest(homes.id, { ...asked, annualHouseholdIncome: 120000 }, await passwordCustomer());
    expect(listing.body.decision.status).to.equal('failed');
    expect(listing.body.decision.successfulProperties).to.deep.equal([]);
  });

  it('takes interest in a home under offer, without naming it as one to have', async () => {
    const res = await registerInterest(homes.id, { ...asked, property: id(underOffer) }, await passwordCustomer());
    expect(res.status, res.text).to.equal(201);
    expect(res.body.eligibilityStatus).to.equal('passed');
    expect(res.body.decision.successfulProperties).to.not.include(id(underOffer));
  });

  it('is 422 on the property for a sold home, and registers nothing', async () => {
    const customer = await passwordCustomer();
    const res = await registerInterest(homes.id, { ...asked, property: id(sold) }, customer);
    expect(res.status, res.text).to.equal(422);
    expect(Object.keys(res.body.errors)).to.deep.equal(['property']);
    expect(res.body.errors.property[0]).to.match(/is sold/);
    // the same customer may then register for an open home: nothing was kept of the refused request
    expect((await registerInterest(homes.id, { ...asked, property: id(fits) }, customer)).status).to.equal(201);
  });

  it('is 422 on the property for a listing whose one home is sold, or whose every home is, when none is named', async () => {
    const soldOne = await pushAppListing(account, { properties: [{ availabilityStatus: 'closed' }] });
    const allSold = await pushAppListing(account, { properties: [{ availabilityStatus: 'closed' }, { availabilityStatus: 'closed', fullMarketPrice: 600000 }] });
    const customer = await passwordCustomer();
    for (const [listing, said] of [
      [soldOne, /this listing's home is sold/],
      [allSold, /every home of this listing is sold/],
    ] as const) {
      const res = await registerInterest(listing.id, asked, customer);
      expect(res.status, res.text).to.equal(422);
      expect(Object.keys(res.body.errors)).to.deep.equal(['property']);
      expect(res.body.errors.property[0]).to.match(said);
    }
    // a home under offer may still be asked about, named or not
    const offered = await pushAppListing(account, { properties: [{ availabilityStatus: 'under-offer' }] });
    expect((await registerInterest(offered.id, asked, customer)).status).to.equal(201);
  });
});
