// One truth for money in real Chromium (PORTAL-EXTRAS §10): a card's lines describe one home (a sold
// cheaper home never shows), "how we worked this out" adds up to the monthly figure shown, featured
// listings sit in a labelled band above the sorted results, and `-leasehold` leaves out leasehold homes.
// Listings of their own in the BS7 postcode district.
import { expect } from 'chai';
import { testApp } from '../support/test-app.ts';
import { api } from '../support/api.ts';
import { createAccount, developmentPayload, listingPayload, propertyPayload, withdrawListingsOf, withKey, type TestAccount } from '../support/factories.ts';
import { usePage } from '../support/browser.ts';
import { passwordCustomer } from '../support/customers.ts';
import { portalPage, seriousAxeViolations, signInPage } from '../support/portal.ts';

const AREA = 'occupancy_type=for-sale&location=BS7&radius=0';
// shared ownership at 25% with the default lending assumptions (4.5% over 25 years) and a 5% deposit:
// Apartment 606: £236,000, £59,000 share, £2,950 down, £56,050 borrowed → £311.54 + £262.50 rent + £16 = £590.04 a month
// Apartment 609 (sold): £180,000, £45,000 share, £42,750 borrowed → £237.62 + £200 rent + £16 = £453.62 a month
// Tannery Square: the headline (cheapest price) is Plot 1, dearer a month than Plot 2:
// Plot 1: £580,000, 25%: £145,000 share, £7,250 down, £137,750 borrowed → £765.66 + £996.88 rent + £16 = £1,778.54 a month
// Plot 2: £600,000, 10%: £60,000 share, £3,000 down, £57,000 borrowed → £316.82 + £200 rent + £16 = £532.82 a month
const TANNERY = [
  { propertyNumber: 'Plot 1', fullMarketPrice: 580_000, subsidisedMonthlyRent: 996.88 },
  { propertyNumber: 'Plot 2', fullMarketPrice: 600_000, minSharePercentage: 10, subsidisedMonthlyRent: 200 },
];
// Cobblers Row: a standard sale whose provider states a deposit of £24,000, above the listing's 5% (£12,000):
// the one rule asks £24,000; £216,000 borrowed → £1,200.59 a month
const COBBLERS = [{ propertyNumber: 'House 4', isSharedOwnership: false, fullMarketPrice: 240_000, minSharePercentage: null, subsidisedMonthlyRent: null, monthlyServiceCharge: null, depositValue: 24_000 }];
const MEADOW = [
  { ref: 'ot-606', propertyNumber: 'Apartment 606', fullMarketPrice: 236_000, subsidisedMonthlyRent: 262.5, availabilityStatus: 'available' },
  { ref: 'ot-609', propertyNumber: 'Apartment 609', fullMarketPrice: 180_000, subsidisedMonthlyRent: 200, availabilityStatus: 'closed' },
];

async function pushListing(account: TestAccount, ref: string, name: string, homes: Record<string, unknown>[], listing: Record<string, unknown> = {}, tenure = 'leasehold') {
  const k = withKey(account);
  const dev = await api.put(`/api/rest/inventory/developments/${ref}`, developmentPayload({ postcode: 'BS7 0AY', displayAddress: `${name}, Bristol`, localAreaName: 'Horfield', tenure }), k);
  expect(dev.status, JSON.stringify(dev.body)).to.be.oneOf([200, 201]);
  const refs: string[] = [];
  for (const [i, home] of homes.entries()) {
    const propertyRef = `${ref}-${i}`;
    const res = await api.put(`/api/rest/inventory/properties/${propertyRef}`, propertyPayload(ref, { tenure, monthlyServiceCharge: 16, ...home }), k);
    expect(res.status, JSON.stringify(res.body)).to.be.oneOf([200, 201]);
    refs.push(propertyRef);
  }
  const res = await api.put(
    `/api/rest/listings/${ref}`,
    listingPayload(ref, refs, { name, depositPercentage: 5, eligibility: {}, registerInterestFields: { eligibilityFields: [], priorityFields: [] }, ...listing }),
    withKey(account, { refresh: 'wait_for' }),
  );
  expect(res.status, JSON.stringify(res.body)).to.equal(201);
  return res.body.slug as string;
}

describe('browser: one truth for money', function () {
  this.timeout(60_000);
  const page = usePage();

  let account: TestAccount;

  after(() => withdrawListingsOf(account));

  before(async () => {
    account = await createAccount({ tier: 'premium' });
    await pushListing(account, 'ot-meadow', 'Meadow View', MEADOW);
    // a dearer freehold home, standard
    await pushListing(account, 'ot-saddlers', 'Saddlers Yard', [{ propertyNumber: 'House 1', fullMarketPrice: 320_000, subsidisedMonthlyRent: 300 }], {}, 'freehold');
    // the dearest, featured
    await pushListing(account, 'ot-weavers', 'Weavers Quarter', [{ propertyNumber: 'Plot 1', fullMarketPrice: 400_000, subsidisedMonthlyRent: 350 }], { displayAs: 'featured' });
    await pushListing(account, 'ot-tannery', 'Tannery Square', TANNERY);
    cobblers = await pushListing(account, 'ot-cobblers', 'Cobblers Row', COBBLERS);
  });
  let cobblers = '';

  const card = (name: string) => page().locator('.listing-card', { has: page().getByRole('link', { name, exact: true }) });

  it("describes one home on a card: the sold cheaper home's figures never show", async () => {
    const problems = await portalPage(page());
    const customer = await passwordCustomer({ annualHouseholdIncome: 34_000, deposit: 6_000 });
    await signInPage(page(), customer);
    await page().goto(`${testApp().baseUrl}/search?${AREA}&max_featured=0`);
    const meadow = card('Meadow View');
    await meadow.locator('.affordability').waitFor();
    const text = await meadow.innerText();
    // the price, "from" and the verdict are all Apartment 606's
    expect(await meadow.locator('.price-main').innerText()).to.equal('£59,000');
    expect(await meadow.locator('.monthly-cost').innerText()).to.equal('£590 a month');
    // the verdict names its home and that home's price
    expect(await meadow.locator('.affordability').innerText()).to.contain('Apartment 606, £236,000');
    for (const sold of ['Apartment 609', '£45,000', '£180,000', '£454', '£453']) expect(text, sold).to.not.contain(sold);
    // on the listing page, the sold home carries no verdict; the available one does
    await meadow.getByRole('link', { name: 'Meadow View', exact: true }).click();
    await page().getByRole('heading', { name: 'Meadow View', level: 1 }).waitFor();
    const home = (name: string) => page().locator('details.property', { has: page().locator('summary', { hasText: name }) });
    await home('Apartment 606').locator('> summary').click();
    await home('Apartment 606').locator('.affordability').first().waitFor();
    await home('Apartment 609').locator('> summary').click();
    await home('Apartment 609').locator('.facts').first().waitFor();
    expect(await home('Apartment 609').locator('.affordability').count()).to.equal(0);
    expect(problems).to.deep.equal([]);
  });

  for (const width of [1366, 375]) {
    it(`follows the headline home in every money line of a card, whatever is cheaper a month elsewhere (${width} px)`, async () => {
      const problems = await portalPage(page());
      await page().setViewportSize({ width, height: width > 500 ? 900 : 740 });
      await page().goto(`${testApp().baseUrl}/search?${AREA}&max_featured=0`);
      const tannery = card('Tannery Square');
      await tannery.waitFor();
      // the price and the month are Plot 1's; Plot 2's £533 (the listing's monthlyCostFrom) is not a line of its card
      expect(await tannery.locator('.price-main').innerText()).to.equal('£145,000');
      expect(await tannery.locator('.price').innerText()).to.contain('£996.88');
      expect(await tannery.locator('.monthly-cost').innerText()).to.equal('£1,779 a month');
      expect(await tannery.innerText()).to.not.match(/£533|£532|£60,000|£600,000/);
      expect(problems).to.deep.equal([]);
    });

    it(`says on each card the figure the monthly-cost sort orders by, so that the list reads in order (${width} px)`, async () => {
      const problems = await portalPage(page());
      await page().setViewportSize({ width, height: width > 500 ? 900 : 740 });
      await page().goto(`${testApp().baseUrl}/search?${AREA}&max_featured=0&sort_by=monthly-cost-low-high`);
      const tannery = card('Tannery Square');
      await tannery.waitFor();
      // Plot 2's £533 a month orders Tannery Square; its card's own figures stay Plot 1's
      expect(await tannery.locator('.monthly-cost').innerText()).to.equal('£1,779 a month');
      expect(await tannery.locator('.monthly-cost-from').innerText()).to.equal('Homes here from £533 a month');
      // Meadow View's own home is its cheapest a month: no second line
      expect(await card('Meadow View').locator('.monthly-cost-from').count()).to.equal(0);
      const keys = await page()
        .locator('.result-list .listing-card')
        .evaluateAll((cards) =>
          cards.map((c) => {
            const line = c.querySelector('.monthly-cost-from') ?? c.querySelector('.monthly-cost');
            return Number((line?.textContent ?? '').replace(/[^\d.]/g, ''));
          }),
        );
      expect(keys.length).to.be.at.least(4);
      expect(keys, 'the figures the cards show, in the list\'s order').to.deep.equal([...keys].sort((a, b) => a - b));
      expect(problems).to.deep.equal([]);
    });

    it(`shows one deposit, the rule's, on a standard sale's card, its listing page and its verdict (${width} px)`, async () => {
      const problems = await portalPage(page());
      await page().setViewportSize({ width, height: width > 500 ? 900 : 740 });
      const customer = await passwordCustomer({ annualHouseholdIncome: 34_000, deposit: 6_000 });
      await signInPage(page(), customer);
      await page().goto(`${testApp().baseUrl}/search?${AREA}&max_featured=0`);
      const row = card('Cobblers Row');
      await row.locator('.affordability').waitFor();
      expect(await row.locator('.price').innerText()).to.match(/£240,000\s+Deposit £24,000/);
      expect(await row.locator('.monthly-cost').innerText()).to.equal('£1,201 a month');
      expect(await row.locator('.affordability-reasons').innerText()).to.contain('This home needs a deposit of £24,000; you have £6,000.');
      // the listing's 5% (£12,000) is never a second figure beside it
      expect(await row.innerText()).to.not.contain('£12,000');
      await page().goto(`${testApp().baseUrl}/listings/${cobblers}`);
      await page().getByRole('heading', { name: 'Cobblers Row', level: 1 }).waitFor();
      const listing = page().locator('main');
      await listing.locator('.listing-price .price').waitFor();
      expect(await listing.locator('.listing-price .price').innerText()).to.contain('Deposit £24,000');
      expect(await listing.locator('.listing-price .monthly-cost').innerText()).to.equal('£1,201 a month');
      // every deposit line on the page is the rule's
      const deposits = (await listing.innerText()).match(/[Dd]eposit(?: needed| of)? £[\d,]+/g) ?? [];
      expect(deposits.length).to.be.at.least(1);
      expect(deposits.every((d) => d.endsWith('£24,000')), JSON.stringify(deposits)).to.equal(true);
      expect(await listing.innerText()).to.not.contain('£12,000');
      expect(await seriousAxeViolations(page())).to.deep.equal([]);
      expect(problems).to.deep.equal([]);
    });
  }

  it('says how the verdict was worked out, the parts adding up to the monthly figure shown, with the assumptions', async () => {
    const problems = await portalPage(page());
    const customer = await passwordCustomer({ annualHouseholdIncome: 34_000, deposit: 6_000 });
    await signInPage(page(), customer);
    await page().goto(`${testApp().baseUrl}/search?${AREA}&max_featured=0`);
    const verdict = card('Meadow View').locator('.affordability');
    await verdict.waitFor();
    await verdict.getByText('How we worked this out').click();
    const amounts = (await verdict.locator('.breakdown tbody td.amount').allInnerTexts()).map((t) => Number(t.replace(/[£,]/g, '')));
    const total = Number((await verdict.locator('.breakdown tfoot td.amount').innerText()).replace(/[£,]/g, ''));
    expect(amounts.length).to.be.at.least(3);
    expect(Math.round(amounts.reduce((a, b) => a + b, 0) * 100) / 100).to.equal(total);
    // the figure beside "You can afford this" is that total
    const detail = await verdict.locator('.affordability-detail').innerText();
    expect(detail).to.contain(`£${total.toLocaleString('en-GB', { minimumFractionDigits: 2, maximumFractionDigits: 2 })} a month`);
    expect(await verdict.locator('.breakdown tbody th').allInnerTexts()).to.include.members(['Rent on the unsold share', 'Service charge']);
    expect(await verdict.locator('.assumptions').innerText()).to.match(/4\.5% mortgage over 25 years.*4\.5 times.*at least 5%.*40%/);
    expect(await seriousAxeViolations(page())).to.deep.equal([]);
    expect(problems).to.deep.equal([]);
  });

  it('shows featured listings in a labelled band of their own, above the results in the order asked', async () => {
    const problems = await portalPage(page());
    // one result a page, cheapest first: the featured (dearest) listing is not among the first page's results
    await page().goto(`${testApp().baseUrl}/search?${AREA}&sort_by=price-low-high&size=1`);
    const band = page().locator('section.featured-band');
    await band.waitFor();
    expect(await band.getByRole('heading', { level: 2 }).innerText()).to.equal('Featured homes');
    expect(await band.locator('.card-title').allInnerTexts()).to.deep.equal(['Weavers Quarter']);
    expect(await page().locator('.result-list .card-title').allInnerTexts()).to.deep.equal(['Meadow View']);
    // the band comes before the results
    const bandTop = (await band.boundingBox())!.y;
    const resultsTop = (await page().locator('.result-list').boundingBox())!.y;
    expect(bandTop).to.be.below(resultsTop);
    expect(problems).to.deep.equal([]);
  });

  it('leaves out leasehold homes with -leasehold in the keywords', async () => {
    const problems = await portalPage(page());
    await page().goto(`${testApp().baseUrl}/search?${AREA}&max_featured=0`);
    await card('Meadow View').waitFor();
    await page().getByRole('searchbox', { name: 'Keywords' }).fill('-leasehold');
    await page().getByRole('searchbox', { name: 'Keywords' }).press('Enter');
    await page().waitForURL(/keywords=-leasehold/);
    await page().locator('#results-summary', { hasText: /^1 development/ }).waitFor();
    expect(await page().locator('.result-list .card-title').allInnerTexts()).to.deep.equal(['Saddlers Yard']);
    expect(problems).to.deep.equal([]);
  });
});
