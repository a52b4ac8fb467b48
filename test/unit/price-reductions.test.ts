import { expect } from 'chai';
import { changeKind, headlinePrice, type PriceChangeKind } from '../../src/inventory/price-history.ts';
import { latestReductionOn, recentReduction, reductionCutoff } from '../../src/listings/price-reductions.ts';

describe('price history and reductions', () => {
  it('takes the headline price of the property\'s kind', () => {
    expect(headlinePrice({ forSale: true, fullMarketPrice: 250000, monthlyRent: 900 })).to.equal(250000);
    expect(headlinePrice({ forSale: false, fullMarketPrice: 250000, monthlyRent: 900 })).to.equal(900);
    expect(headlinePrice({ forSale: false, fullMarketPrice: 250000, monthlyRent: null })).to.equal(null);
  });

  it('names a change against the last recorded price, and none for the same price', () => {
    expect(changeKind(null, 100)).to.equal('added');
    expect(changeKind(100, 90)).to.equal('reduced');
    expect(changeKind(100, 110)).to.equal('increased');
    expect(changeKind(100, 100)).to.equal(null);
  });

  it('finds the latest reduction across properties', () => {
    const h = (date: string, change: PriceChangeKind) => ({ date, price: 1, change });
    expect(latestReductionOn([[h('2026-01-01', 'added'), h('2026-02-01', 'reduced')], [h('2026-03-01', 'reduced'), h('2026-04-01', 'increased')]])).to.equal('2026-03-01');
    expect(latestReductionOn([[h('2026-01-01', 'added'), h('2026-04-01', 'increased')]])).to.equal(null);
  });

  it('shows a reduction for 30 days of the UK calendar', () => {
    // 23:30 UTC on 31 May is 1 June in London
    const now = new Date('2026-05-31T23:30:00Z');
    expect(reductionCutoff(now)).to.equal('2026-05-02');
    expect(recentReduction('2026-05-02', now)).to.equal('2026-05-02');
    expect(recentReduction('2026-05-01', now)).to.equal(null);
    expect(recentReduction(null, now)).to.equal(null);
    expect(recentReduction('2026-06-01', new Date('2026-07-01T12:00:00Z'))).to.equal('2026-06-01');
    expect(recentReduction('2026-06-01', new Date('2026-07-02T12:00:00Z'))).to.equal(null);
  });
});
