// The portal's card money lines (web/src/format.ts, web/src/search-counts.ts), PORTAL-EXTRAS §10: a
// verdict names its home and that home's price, a figure worked out with the household's savings says
// so, and a count of listings says developments.
import { expect } from 'chai';
import { affordableText, verdictHomeText, type AffordabilityFigures } from '../../web/src/format.ts';
import { matchesText } from '../../web/src/search-counts.ts';

const verdict = (o: Partial<AffordabilityFigures>): AffordabilityFigures => ({
  status: 'affordable',
  share: 50,
  monthlyCost: 866,
  costToIncomePercent: null,
  reasons: [],
  ...o,
});

describe('portal card money lines', () => {
  const plot1 = { id: 11, name: 'Plot 1', fullMarketPrice: 225_000, monthlyRent: null };

  it('names the home a verdict is about and its price (Bluebell Fields)', () => {
    const a = verdict({ property: plot1, deposit: 5_625, depositNeeded: 5_625, breakdown: { mortgage: 600.5, rentOnUnsoldShare: 265.27, serviceCharge: 0, groundRent: 0, total: 865.77 } });
    expect(affordableText(a)).to.equal('Plot 1, £225,000: a 50% share at £865.77 a month');
    expect(verdictHomeText(a)).to.equal('Plot 1, £225,000');
  });

  it('says a home to rent by its rent, and a home without a name by its price alone', () => {
    expect(verdictHomeText(verdict({ property: { id: 3, name: 'Flat 2', fullMarketPrice: null, monthlyRent: 950 } }))).to.equal('Flat 2, £950 a month');
    expect(verdictHomeText(verdict({ property: { id: 3, name: null, fullMarketPrice: 180_000, monthlyRent: null } }))).to.equal('£180,000');
  });

  it("labels a figure worked out with the household's own savings (Meadow View, Sneinton)", () => {
    const a = verdict({ property: { ...plot1, name: 'Apartment 4' }, share: 100, deposit: 30_000, depositNeeded: 9_000, monthlyCost: 776, breakdown: { mortgage: 775.86, rentOnUnsoldShare: 0, serviceCharge: 0, groundRent: 0, total: 775.86 } });
    expect(affordableText(a)).to.equal('Apartment 4, £225,000: £775.86 a month with your £30,000 savings');
  });

  it('says nothing of savings when the figure is at the deposit needed', () => {
    const a = verdict({ property: plot1, share: 100, deposit: 11_250, depositNeeded: 11_250, monthlyCost: 1_188, costToIncomePercent: 28.5 });
    expect(affordableText(a)).to.equal('Plot 1, £225,000: £1,188 a month, 28.5% of your income');
  });

  it("leaves the home out on the home's own page", () => {
    expect(affordableText(verdict({ property: plot1, breakdown: { mortgage: 600.5, rentOnUnsoldShare: 265.27, serviceCharge: 0, groundRent: 0, total: 865.77 } }), false)).to.equal(
      'a 50% share at £865.77 a month'.replace(/^a/, 'A'),
    );
  });

  it('counts listings as developments, and homes only when it knows them (saved-search matches)', () => {
    expect(matchesText(2)).to.equal('2 developments match');
    expect(matchesText(1)).to.equal('1 development matches');
    expect(matchesText(2, 3)).to.equal('2 developments, 3 homes match');
    expect(matchesText(1, 1)).to.equal('1 development, 1 home matches');
  });
});
