import { expect } from 'chai';
import { customerFieldsSchema, isPastIsoDate } from '../../src/customers/customer-fields.ts';
import { validate } from '../../src/core/validation.ts';
import { ValidationError } from '../../src/core/errors.ts';

const parse = (body: unknown) => validate(customerFieldsSchema, body);
const errorsOf = (body: unknown) => {
  try {
    parse(body);
  } catch (err) {
    if (err instanceof ValidationError) return err.errors;
    throw err;
  }
  return {};
};

describe('customer update fields', () => {
  it('keep absent fields absent, so only what is sent changes', () => {
    expect(parse({ firstName: 'Ada' })).to.deep.equal({ firstName: 'Ada' });
    expect(parse({})).to.deep.equal({});
  });

  it('reset a field sent as null or empty to null', () => {
    expect(parse({ phone: '', remarks: '   ', deposit: '', keyworker: null, bestTimeToContactYou: [], homePostcode: '' })).to.deep.equal({
      phone: null,
      remarks: null,
      deposit: null,
      keyworker: null,
      bestTimeToContactYou: null,
      homePostcode: null,
    });
  });

  it('count a blank field as sent against its length, as the document does', () => {
    expect(errorsOf({ workPostcode: ' '.repeat(11), remarks: ' '.repeat(2001) })).to.have.keys('workPostcode', 'remarks');
    expect(parse({ workPostcode: ' '.repeat(10) })).to.deep.equal({ workPostcode: null });
  });

  it('require firstName and lastName to be non-empty when sent', () => {
    expect(errorsOf({ firstName: '', lastName: null })).to.have.keys('firstName', 'lastName');
    expect(errorsOf({ firstName: '   ' })).to.have.keys('firstName');
  });

  it('normalise postcodes and refuse malformed ones', () => {
    expect(parse({ homePostcode: ' sw1a1aa ', workPostcode: 'm1 1ad' })).to.deep.equal({
      homePostcode: 'SW1A 1AA',
      workPostcode: 'M1 1AD',
    });
    expect(errorsOf({ homePostcode: 'SW1A' })).to.have.keys('homePostcode');
  });

  it('take a single best-time-to-contact id as a selection of one, without duplicates', () => {
    expect(parse({ bestTimeToContactYou: 2 })).to.deep.equal({ bestTimeToContactYou: [2] });
    expect(parse({ bestTimeToContactYou: [3, 3, 1] })).to.deep.equal({ bestTimeToContactYou: [3, 1] });
  });

  it('allow home ownership statuses 1 to 4 only, and zero dependants', () => {
    expect(parse({ homeOwnershipStatus: 4, dependants: 0 })).to.deep.equal({ homeOwnershipStatus: 4, dependants: 0 });
    expect(errorsOf({ homeOwnershipStatus: 0 })).to.have.keys('homeOwnershipStatus');
    expect(errorsOf({ homeOwnershipStatus: 5, dependants: -1 })).to.have.keys('homeOwnershipStatus', 'dependants');
  });

  it('accept past calendar dates of birth only', () => {
    const today = new Date('2026-06-01T12:00:00Z');
    expect(isPastIsoDate('1990-02-28', today)).to.equal(true);
    for (const bad of ['1990-02-30', '2026-06-02', '1899-12-31', '90-01-01', '1990-1-1'])
      expect(isPastIsoDate(bad, today), bad).to.equal(false);
  });
});
