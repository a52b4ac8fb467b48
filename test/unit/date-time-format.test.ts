import { expect } from 'chai';
import { isFullDate, parseDateTime } from '../../src/core/date-time-format.ts';

describe('RFC 3339 dates and date-times', () => {
  for (const [text, instant] of [
    ['2025-01-31T09:00:00Z', '2025-01-31T09:00:00.000Z'],
    ['2025-01-31t09:00:00z', '2025-01-31T09:00:00.000Z'],
    ['2025-01-31T09:00:00.1234+01:30', '2025-01-31T07:30:00.123Z'],
    ['2025-01-31T09:00:00-00:00', '2025-01-31T09:00:00.000Z'],
    ['2024-02-29T23:59:60Z', '2024-03-01T00:00:00.000Z'],
    ['0050-06-01T00:00:00Z', '0050-06-01T00:00:00.000Z'],
  ]) {
    it(`reads ${text} as ${instant}`, () => {
      expect(parseDateTime(text!)?.toISOString()).to.equal(instant);
    });
  }

  for (const text of ['2025-01-31T09:00:00', '2025-01-31T09:00Z', '2025-01-31 09:00:00Z', '2025-02-30T09:00:00Z', '2025-01-31T24:00:00Z', '2025-01-31T09:00:00+24:00', '2025-1-31T09:00:00Z', 'now']) {
    it(`refuses ${text}`, () => {
      expect(parseDateTime(text)).to.equal(null);
    });
  }

  it('knows the calendar: leap years, month lengths', () => {
    expect(['2024-02-29', '2000-02-29', '2025-04-30', '2025-12-31'].map(isFullDate)).to.deep.equal([true, true, true, true]);
    expect(['2025-02-29', '1900-02-29', '2025-04-31', '2025-13-01', '2025-00-10', '2025-01-00', '20250101'].map(isFullDate)).to.deep.equal([false, false, false, false, false, false, false]);
  });
});
