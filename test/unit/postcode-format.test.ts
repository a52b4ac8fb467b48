import { expect } from 'chai';
import { isUkPostcode, normalisePostcode, postcodeDistrict } from '../../src/postcodes/postcode-format.ts';

describe('UK postcode format', () => {
  for (const [input, expected] of [
    ['SW1A 1AA', 'SW1A 1AA'],
    ['sw1a1aa', 'SW1A 1AA'],
    ['  ec1a   1bb ', 'EC1A 1BB'],
    ['M1 1AE', 'M1 1AE'],
    ['B33 8TH', 'B33 8TH'],
    ['CR2 6XH', 'CR2 6XH'],
    ['DN55 1PT', 'DN55 1PT'],
    ['W1A 0AX', 'W1A 0AX'],
    ['GIR 0AA', 'GIR 0AA'],
  ]) {
    it(`normalises ${JSON.stringify(input)} to ${expected}`, () => {
      expect(normalisePostcode(input!)).to.equal(expected);
    });
  }

  for (const input of ['', 'SW1A', '12345', 'SW1A 1A', 'QW1 1AA', 'SW1A 1CA', 'AAA 1AA', 'SW1A-1AA', 'hello world']) {
    it(`rejects ${JSON.stringify(input)}`, () => {
      expect(isUkPostcode(input)).to.equal(false);
      expect(normalisePostcode(input)).to.equal(null);
    });
  }

  it('gives the outward code as the district', () => {
    expect(postcodeDistrict('SW1A 1AA')).to.equal('SW1A');
    expect(postcodeDistrict('M1 1AE')).to.equal('M1');
  });
});
