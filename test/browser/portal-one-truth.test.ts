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
  });

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
    expect(await meadow.locator('.monthly-cost').innerText()).to.equal('Homes here from £590 a month');
    expect(await meadow.locator('.affordability-home').innerText()).to.equal('Apartment 606');
    for (const sold of ['Apartment 609', '£45,000', '£180,000', '£454', '£453']) expect(text, sold).to.not.contain(sold);
    expect(problems).to.deep.equal([]);
  });

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
