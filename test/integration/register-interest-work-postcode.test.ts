// Register interest judges from the values given: a listing naming workPostcode among its eligibility
// fields does not demand one of a customer whose working circumstance says they are not in work (5:
// unemployed, 7: retired), and still does of someone in work (1) or who has not said.
import { expect } from 'chai';
import { createAccount } from '../support/factories.ts';
import { passwordCustomer } from '../support/customers.ts';
import { PASSING, pushAppListing, registerInterest, type PushedListing } from '../support/applications.ts';

describe('register interest: a work postcode of someone not in work', function () {
  this.timeout(60_000);
  let listing: PushedListing;

  before(async () => {
    listing = await pushAppListing(await createAccount(), {
      listing: { registerInterestFields: { eligibilityFields: ['annualHouseholdIncome', 'deposit', 'workPostcode'], priorityFields: [] } },
    });
  });

  it('is not demanded of a retired or unemployed customer, who is judged on the values given', async () => {
    for (const workingCircumstance of [5, 7]) {
      const res = await registerInterest(listing.id, { ...PASSING, workingCircumstance }, await passwordCustomer());
      expect(res.status, res.text).to.equal(201);
      expect(res.body.eligibilityStatus).to.equal('passed');
      expect(res.body.customer.workPostcode).to.equal(null);
    }
  });

  it('is demanded of someone in work, or who has not said whether they work', async () => {
    const employed = await registerInterest(listing.id, { ...PASSING, workingCircumstance: 1 }, await passwordCustomer());
    expect(employed.status).to.equal(422);
    expect(employed.body.errors).to.have.keys('workPostcode');
    expect(employed.body.errors.workPostcode[0]).to.match(/^workPostcode is required for this listing/);
    const unsaid = await registerInterest(listing.id, PASSING, await passwordCustomer());
    expect(unsaid.status).to.equal(422);
    expect(unsaid.body.errors).to.have.keys('workPostcode');
    const given = await registerInterest(listing.id, { ...PASSING, workingCircumstance: 1, workPostcode: 'M1 1AD' }, await passwordCustomer());
    expect(given.status, given.text).to.equal(201);
  });
});
