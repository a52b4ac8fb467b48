// Conformance: register interest over every eligibility field, asked by the listing or not, known from
// the request, the profile or not at all, with and without validate_eligibility (Register interest
// rules 3 and 4, Errors rule 3, PORTAL-EXTRAS section 10 "Unknown is not zero").
import { expect } from 'chai';
import { api, type ApiResponse } from '../support/api.ts';
import { createAccount, withdrawListingsOf, type TestAccount } from '../support/factories.ts';
import { passwordCustomer, uniqueEmail } from '../support/customers.ts';
import { pushAppListing, registerInterest, type PushedListing } from '../support/applications.ts';

const FIELDS = [
  'annualHouseholdIncome',
  'deposit',
  'dateOfBirth',
  'homePostcode',
  'workPostcode',
  'eligibleCitizen',
  'homeOwnershipStatus',
] as const;
type Field = (typeof FIELDS)[number];
const MONEY: Field[] = ['annualHouseholdIncome', 'deposit'];

/** a value of each field that meets the rule below */
const PASSING_VALUE: Record<Field, unknown> = {
  annualHouseholdIncome: 40000,
  deposit: 50000,
  dateOfBirth: '1990-05-01',
  homePostcode: 'M1 1AD',
  workPostcode: 'M1 1AD',
  eligibleCitizen: true,
  homeOwnershipStatus: 1,
};

/** the listing eligibility rule that needs each field (the local connection needs a home or work postcode) */
const ruleFor = (field: Field, manchester: number): Record<string, unknown> =>
  ({
    annualHouseholdIncome: { maxHouseholdIncome: 80000 },
    deposit: { minDeposit: 5000 },
    dateOfBirth: { minAge: 18 },
    homePostcode: { localAuthorities: [manchester], localConnection: 'required' },
    workPostcode: { localAuthorities: [manchester], localConnection: 'required' },
    eligibleCitizen: { eligibleCitizen: true },
    homeOwnershipStatus: { homeOwnershipStatuses: [1, 2, 3] },
  })[field];

const POSTCODES: Field[] = ['homePostcode', 'workPostcode'];
/** the fields a 422 may name for a missing field: a local connection is met by a home or a work postcode */
const namesFor = (field: Field): string[] => (POSTCODES.includes(field) ? POSTCODES : [field]);

const asNew = () => ({ email: uniqueEmail('matrix'), password: 'matrix-secret-9' });
const fail = (res: ApiResponse) => `${res.status} ${res.text}`;

describe('conformance: register interest over every eligibility field', function () {
  this.timeout(120_000);
  let account: TestAccount;
  const asked = {} as Record<Field, PushedListing>;
  const needed = {} as Record<Field, PushedListing>;
  let allRulesNothingAsked: PushedListing;

  before(async () => {
    account = await createAccount();
    const manchester = (await api.get('/api/rest/open/postcode/M1%201AD')).body.id as number;
    for (const field of FIELDS) {
      const rule = ruleFor(field, manchester);
      asked[field] = await pushAppListing(account, {
        listing: { eligibility: rule, registerInterestFields: { eligibilityFields: [field], priorityFields: [] } },
      });
      needed[field] = await pushAppListing(account, {
        listing: { eligibility: rule, registerInterestFields: { eligibilityFields: [], priorityFields: [] } },
      });
    }
    const every = Object.assign({}, ...FIELDS.map((f) => ruleFor(f, manchester)));
    allRulesNothingAsked = await pushAppListing(account, {
      listing: { eligibility: every, registerInterestFields: { eligibilityFields: [], priorityFields: [] } },
    });
  });

  after(() => withdrawListingsOf(account));

  for (const field of FIELDS) {
    describe(`${field}`, () => {
      it(`[register-interest.3] asked ${field} given in the request passes without and with validate_eligibility`, async () => {
        for (const query of [{}, { validate_eligibility: '1' }, { validate_eligibility: 'true' }] as Record<string, string>[]) {
          const res = await registerInterest(asked[field].id, { ...asNew(), [field]: PASSING_VALUE[field] }, undefined, query);
          expect(res.status, fail(res)).to.equal(201);
          expect(res.body.eligibilityStatus, JSON.stringify(res.body.decision)).to.equal('passed');
          expect(res.body.decision.status).to.equal('passed');
        }
      });

      it(`[register-interest.4] asked ${field} known only from the profile is used: the application is not incomplete`, async () => {
        const customer = await passwordCustomer({ [field]: PASSING_VALUE[field] });
        const res = await registerInterest(asked[field].id, {}, customer, { validate_eligibility: '1' });
        expect(res.status, fail(res)).to.equal(201);
        expect(res.body.eligibilityStatus, JSON.stringify(res.body.decision)).to.equal('passed');
      });

      it(`[errors.3] asked ${field} absent from request and profile is a 422 naming it, with validate_eligibility (1 or true) or because the listing requires it`, async () => {
        for (const query of [{ validate_eligibility: '1' }, { validate_eligibility: 'true' }, {}] as Record<string, string>[]) {
          const res = await registerInterest(asked[field].id, asNew(), undefined, query);
          expect(res.status, `${JSON.stringify(query)}: ${fail(res)}`).to.equal(422);
          expect(res.body.message).to.be.a('string');
          expect(Object.keys(res.body.errors)).to.include(field);
          expect(namesFor(field)).to.include.members(Object.keys(res.body.errors));
        }
      });

      it(`[register-interest.4] unasked ${field} needed by a rule, absent from request and profile, gives incomplete (never failed)`, async () => {
        const res = await registerInterest(needed[field].id, asNew());
        expect(res.status, fail(res)).to.equal(201);
        // money the decision cannot judge may also make it considered (PORTAL-EXTRAS section 10)
        const allowed = MONEY.includes(field) ? ['incomplete', 'considered'] : ['incomplete'];
        expect(allowed, JSON.stringify(res.body.decision)).to.include(res.body.eligibilityStatus);
        expect(res.body.decision.messages.join(' ')).to.not.match(/£0\b/);
      });

      it(`[register-interest.3] unasked ${field} needed by a rule becomes mandatory with validate_eligibility: 422 naming it; given, it passes`, async () => {
        const missing = await registerInterest(needed[field].id, asNew(), undefined, { validate_eligibility: '1' });
        expect(missing.status, fail(missing)).to.equal(422);
        expect(Object.keys(missing.body.errors)).to.not.be.empty;
        expect(namesFor(field)).to.include.members(Object.keys(missing.body.errors));
        const given = await registerInterest(needed[field].id, { ...asNew(), [field]: PASSING_VALUE[field] }, undefined, {
          validate_eligibility: '1',
        });
        expect(given.status, fail(given)).to.equal(201);
        expect(given.body.eligibilityStatus, JSON.stringify(given.body.decision)).to.equal('passed');
      });

      it(`[extras-10.unknown-is-not-zero] unasked unknown ${field}, every other value known and passing, never gives failed nor "you have £0"`, async () => {
        const others = Object.fromEntries(
          FIELDS.filter(
            (f) =>
              f !== field && !(field === 'homePostcode' && f === 'workPostcode') && !(field === 'workPostcode' && f === 'homePostcode'),
          ).map((f) => [f, PASSING_VALUE[f]]),
        );
        const res = await registerInterest(allRulesNothingAsked.id, { ...asNew(), ...others });
        expect(res.status, fail(res)).to.equal(201);
        expect(res.body.eligibilityStatus, JSON.stringify(res.body.decision)).to.not.equal('failed');
        expect(res.body.decision.messages.join(' ')).to.not.match(/£0\b/);
      });
    });
  }

  it('[extras-10.unknown-is-not-zero] an unknown deposit on a listing that does not ask for one, income known: not failed, and the message says what was not known', async () => {
    const res = await registerInterest(allRulesNothingAsked.id, {
      ...asNew(),
      annualHouseholdIncome: 40000,
      dateOfBirth: '1990-05-01',
      homePostcode: 'M1 1AD',
      eligibleCitizen: true,
      homeOwnershipStatus: 1,
    });
    expect(res.status, fail(res)).to.equal(201);
    expect(['passed', 'considered', 'incomplete']).to.include(res.body.eligibilityStatus);
    expect(res.body.decision.messages.join(' ')).to.not.match(/you have £0/);
  });
});
