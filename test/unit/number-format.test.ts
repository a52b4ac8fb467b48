import { expect } from 'chai';
import { formatNumber, formatPounds } from '../../src/core/number-format.ts';
import { londonToday } from '../../src/core/london-time.ts';

describe('numbers and days written as in the UK', () => {
  const intl = new Intl.NumberFormat('en-GB');

  it('writes whole numbers as the en-GB formatter does', () => {
    const cases = [0, 1, 12, 999, 1000, 1001, 12_345, 99_999, 100_000, 250_000, 1_234_567, 1_000_000_000, -1, -999, -1000, -1_234_567, Number.MAX_SAFE_INTEGER, -Number.MAX_SAFE_INTEGER];
    for (let i = 0; i < 2000; i++) cases.push(Math.floor(Math.random() * 10 ** Math.floor(Math.random() * 12)) * (Math.random() < 0.1 ? -1 : 1));
    for (const n of cases) expect(formatNumber(n), String(n)).to.equal(intl.format(n));
  });

  it('leaves other numbers to the formatter', () => {
    for (const n of [12.5, 33.3, 0.125, 1234.5678, -0, 1e21, NaN, Infinity]) expect(formatNumber(n), String(n)).to.equal(intl.format(n));
    expect(formatPounds(7499.6)).to.equal('£7,500');
  });

  it('gives the London day, also across midnight and the clock changes, within a minute as at its start', () => {
    expect(londonToday(new Date('2026-06-30T22:59:59Z'))).to.equal('2026-06-30');
    expect(londonToday(new Date('2026-06-30T23:00:00Z'))).to.equal('2026-07-01');
    expect(londonToday(new Date('2026-12-31T23:59:59Z'))).to.equal('2026-12-31');
    expect(londonToday(new Date('2027-01-01T00:00:00Z'))).to.equal('2027-01-01');
    expect(londonToday(new Date('2026-03-29T00:59:00Z'))).to.equal('2026-03-29');
    expect(londonToday(new Date('2026-10-24T23:00:30Z'))).to.equal('2026-10-25');
    expect(londonToday(new Date('2026-10-24T22:59:30Z'))).to.equal('2026-10-24');
  });
});
