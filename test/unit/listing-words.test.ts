// A listing's figures in e-mail words, and calendar days in words, by hand-worked cases.
import { expect } from 'chai';
import { affordabilityText, bedroomsText, monthlyCostText } from '../../src/listings/listing-words.ts';
import { dateInWords } from '../../src/core/date-time-format.ts';
import { alertMail } from '../../src/alerts/alert-mail.ts';

describe('listing words for e-mails', () => {
  const bedrooms: [number[] | null | undefined, string | null][] = [
    [[], null],
    [null, null],
    [undefined, null],
    [[0], 'Studio'],
    [[1], '1 bedroom'],
    [[2, 2, 2], '2 bedrooms'],
    [[3, 1, 2], '1 to 3 bedrooms'],
    [[0, 1], 'Studio to 1 bedroom'],
    [[2, 0], 'Studio to 2 bedrooms'],
    [[-1, 1.5, 4], '4 bedrooms'],
  ];
  for (const [counts, text] of bedrooms) it(`writes ${JSON.stringify(counts)} as ${JSON.stringify(text)}`, () => expect(bedroomsText(counts)).to.equal(text));

  const verdicts: [Parameters<typeof affordabilityText>[0], string | null][] = [
    [null, null],
    [undefined, null],
    [{ status: 'unknown', monthlyCost: 900 }, null],
    [{ status: 'affordable', monthlyCost: 1011.6 }, 'You can afford this: about £1,012 a month'],
    [{ status: 'affordable', monthlyCost: null }, 'You can afford this'],
    [{ status: 'unaffordable', monthlyCost: 2400 }, "Not affordable for you on your profile's income and savings"],
  ];
  for (const [verdict, text] of verdicts) it(`says ${JSON.stringify(verdict)} as ${JSON.stringify(text)}`, () => expect(affordabilityText(verdict)).to.equal(text));

  it('writes the monthly cost to the pound, and nothing for an unknown cost (never £0)', () => {
    expect(monthlyCostText(812.4)).to.equal('About £812 a month to buy');
    expect(monthlyCostText(1234.5)).to.equal('About £1,235 a month to buy');
    expect(monthlyCostText(0)).to.equal('About £0 a month to buy');
    expect(monthlyCostText(null)).to.equal(null);
    expect(monthlyCostText(undefined)).to.equal(null);
    expect(monthlyCostText(Number.NaN)).to.equal(null);
  });

  it('writes a calendar day in words, and leaves any other text as it is', () => {
    expect(dateInWords('2026-11-28')).to.equal('28 November 2026');
    expect(dateInWords('2027-06-01')).to.equal('1 June 2027');
    expect(dateInWords('2024-02-29')).to.equal('29 February 2024');
    expect(dateInWords('2026-02-30')).to.equal('2026-02-30');
    expect(dateInWords('soon')).to.equal('soon');
  });

  it("gives the alert e-mail each listing's price, bedrooms, monthly cost and the day of a cut in words, in both parts", () => {
    const mail = alertMail('ada@example.org', 'Ada', [
      {
        savedSearchName: 'Leeds',
        listings: [
          { kind: 'price-reduced', name: 'Meadow View', price: 'Shares from £55,000 (full price £220,000)', bedrooms: '2 to 3 bedrooms', monthlyCost: 'About £812 a month to buy', reducedOn: '2026-11-20', imageUrl: 'https://media.example.org/m.jpg', url: 'https://portal.example.org/listings/meadow-view' },
          { kind: 'new-listing', name: 'Canal Lets', price: '£950 a month', bedrooms: null, monthlyCost: null, reducedOn: null, imageUrl: null, url: 'https://portal.example.org/listings/canal-lets' },
        ],
        more: 0,
        moreUrl: 'https://portal.example.org/account/saved-searches/1',
        unsubscribeUrl: 'https://portal.example.org/api/rest/portal/alerts/unsubscribe/t',
        unsubscribePageUrl: 'https://portal.example.org/alerts/unsubscribe/t',
      },
    ]);
    expect(mail.text).to.include('- Reduced: Meadow View\n  Shares from £55,000 (full price £220,000) · 2 to 3 bedrooms · About £812 a month to buy\n  Reduced on 20 November 2026\n  https://portal.example.org/listings/meadow-view');
    expect(mail.text).to.include('- New: Canal Lets\n  £950 a month\n  https://portal.example.org/listings/canal-lets');
    expect(mail.text).to.not.include('2026-11-20');
    expect(mail.html).to.include('Reduced on 20 November 2026').and.include('2 to 3 bedrooms').and.include('About £812 a month to buy').and.include('src="https://media.example.org/m.jpg"');
    expect(mail.html).to.include('<meta charset="utf-8">').and.include('<meta name="viewport" content="width=device-width,initial-scale=1">');
    expect(mail.html).to.not.include('2026-11-20');
  });
});
