import { expect } from 'chai';
import { statsRange } from '../../src/listing-stats/listing-stats-service.ts';
import { ValidationError } from '../../src/core/errors.ts';

describe('listing statistics ranges', () => {
  const today = '2026-03-29';
  const refused = (from: string | null, to: string | null): ValidationError => {
    try {
      statsRange(from, to, today);
    } catch (err) {
      expect(err).to.be.instanceOf(ValidationError);
      return err as ValidationError;
    }
    throw new Error(`${from}..${to} was taken`);
  };

  it('defaults to the 30 days up to today, or up to `to`, and from `from` to today', () => {
    expect(statsRange(null, null, today)).to.deep.equal({ from: '2026-02-28', to: '2026-03-29' });
    expect(statsRange(null, '2026-01-30', today)).to.deep.equal({ from: '2026-01-01', to: '2026-01-30' });
    expect(statsRange('2026-03-01', null, today)).to.deep.equal({ from: '2026-03-01', to: today });
    // across the clock change (days are dates, not 24-hour spans)
    expect(statsRange('2026-03-28', '2026-03-30', today)).to.deep.equal({ from: '2026-03-28', to: '2026-03-30' });
  });

  it('takes at most 366 days, and no range that ends before it starts', () => {
    expect(statsRange('2024-01-01', '2024-12-31', today)).to.deep.equal({ from: '2024-01-01', to: '2024-12-31' });
    expect(refused('2025-01-01', '2026-01-02').errors).to.have.property('to');
    expect(refused('2026-01-02', '2026-01-01').errors).to.have.property('from');
    expect(refused('2026-04-01', null).errors).to.have.property('from');
  });
});
