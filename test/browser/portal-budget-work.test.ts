// Near work, within budget, in real Chromium: what a home costs a month on cards and the listing page,
// the distance from work, the nearest-to-work sort, the monthly budget and "within N miles of work" kept
// in the address, and the affordability badge of a signed-in customer with an income, over listings of
// their own in the York postcode districts.
import { expect } from 'chai';
import { testApp } from '../support/test-app.ts';
import { api } from '../support/api.ts';
import { createAccount, developmentPayload, listingPayload, propertyPayload, withKey } from '../support/factories.ts';
import { usePage } from '../support/browser.ts';
import { bearer, passwordCustomer, P } from '../support/customers.ts';
import { portalPage, seriousAxeViolations, signInPage } from '../support/portal.ts';

// Each at the centre of its postcode district (the development's point, given); the work postcode at its
// own point of the national postcode file, about 0.2 miles from the centre of YO1. Market sales (100%) with the default lending assumptions (4.5% over 25 years, 5% deposit): the loan
// is 95% of the price, its repayment L·r / (1 − (1 + r)^−300) with r = 0.00375.
const HOMES = [
  // in the YO1 district, where work is (0 miles): 190,000 × 0.00375 / 0.674657 = 1,056.08
  { ref: 'quay', name: 'Ouse Quay', postcode: 'YO1 7HH', at: [53.95863, -1.08279], price: 200_000, monthly: '£1,056' },
  // YO26, about 3.5 miles west: 142,500 × 0.00375 / 0.674657 = 792.06
  { ref: 'acomb', name: 'Acomb Fields', postcode: 'YO26 5AA', at: [53.97611, -1.18064], price: 150_000, monthly: '£792' },
  // YO61, about 12 miles north: 304,000 × 0.00375 / 0.674657 = 1,689.73
  { ref: 'green', name: 'Easingwold Green', postcode: 'YO61 3AA', at: [54.11748, -1.19581], price: 320_000, monthly: '£1,690' },
];
const YORK = 'occupancy_type=for-sale&location=YO1&radius=15';
const WORK = 'YO1 7HH';

describe('browser: near work, within budget', function () {
  this.timeout(60_000);
  const page = usePage();
  const slugs: Record<string, string> = {};

  before(async () => {
    const account = await createAccount({ tier: 'premium' });
    const k = withKey(account);
    for (const home of HOMES) {
      const dev = await api.put(
        `/api/rest/inventory/developments/bw-${home.ref}`,
        developmentPayload({
          postcode: home.postcode,
          latitude: home.at[0],
          longitude: home.at[1],
          displayAddress: `${home.name}, York`,
          localAreaName: 'York',
        }),
        k,
      );
      expect(dev.status, JSON.stringify(dev.body)).to.be.oneOf([200, 201]);
      const property = await api.put(
        `/api/rest/inventory/properties/bw-${home.ref}`,
        propertyPayload(`bw-${home.ref}`, {
          isSharedOwnership: false,
          fullMarketPrice: home.price,
          minSharePercentage: null,
          subsidisedMonthlyRent: null,
          monthlyServiceCharge: null,
          annualGroundRent: null,
        }),
        k,
      );
      expect(property.status, JSON.stringify(property.body)).to.be.oneOf([200, 201]);
      const res = await api.put(
        `/api/rest/listings/bw-${home.ref}`,
        listingPayload(`bw-${home.ref}`, [`bw-${home.ref}`], {
          name: home.name,
          schemes: ['market-sale'],
          depositPercentage: 5,
          eligibility: {},
          registerInterestFields: { eligibilityFields: [], priorityFields: [] },
        }),
        withKey(account, { refresh: 'wait_for' }),
      );
      expect(res.status, JSON.stringify(res.body)).to.equal(201);
      slugs[home.ref] = res.body.slug;
    }
  });

  const card = (name: string) => page().locator('.result-list .listing-card', { has: page().getByRole('link', { name, exact: true }) });
  const names = () => page().locator('.result-list .card-title').allInnerTexts();

  it('shows what each home costs a month on its card and on the listing page', async () => {
    const problems = await portalPage(page());
    await page().goto(`${testApp().baseUrl}/search?${YORK}`);
    for (const home of HOMES) {
      await card(home.name).waitFor();
      expect(await card(home.name).locator('.monthly-cost').innerText()).to.equal(`${home.monthly} a month`);
      // no work postcode, no income: no distance, no badge
      expect(await card(home.name).locator('.distances, .affordability').count()).to.equal(0);
    }
    await page().goto(`${testApp().baseUrl}/listings/${slugs.quay}`);
    await page().getByRole('heading', { name: 'Ouse Quay', level: 1 }).waitFor();
    expect(await page().locator('.listing-price .monthly-cost').innerText()).to.equal('£1,056 a month');
    expect(problems).to.deep.equal([]);
  });

  it('shows the distance from the work postcode given, and sorts by it when asked, nearest first', async () => {
    const problems = await portalPage(page());
    await page().goto(`${testApp().baseUrl}/search?${YORK}`);
    await card('Ouse Quay').waitFor();
    expect(await page().locator('#sort option[value="nearest-work"]').count()).to.equal(0);
    // "within … of work" waits for a work postcode
    expect(await page().getByLabel('Within … of work').isDisabled()).to.equal(true);

    await page().getByLabel('Work postcode').fill(WORK);
    await page().getByRole('button', { name: 'Apply budget and distance' }).click();
    await page().waitForURL(/work_postcode=YO1\+7HH/);
    await card('Easingwold Green').locator('.distances').waitFor();
    const res = await api.get('/api/rest/portal/search', {
      query: { occupancy_type: 'for-sale', location: 'YO1', radius: 15, work_postcode: WORK },
    });
    const items = res.body.data as { name: string; distanceFromWork: number }[];
    for (const home of HOMES) {
      const miles = items.find((i) => i.name === home.name)!.distanceFromWork;
      expect(await card(home.name).locator('.distances').innerText()).to.equal(`${miles} ${miles === 1 ? 'mile' : 'miles'} from work`);
    }
    expect(items.find((i) => i.name === 'Ouse Quay')!.distanceFromWork).to.be.below(1);
    expect(items.find((i) => i.name === 'Easingwold Green')!.distanceFromWork).to.be.within(10, 14);

    await page().locator('#sort').selectOption('nearest-work');
    await page().waitForURL(/sort_by=nearest-work/);
    await page().locator('.result-list .card-title').first().filter({ hasText: 'Ouse Quay' }).waitFor();
    expect(await names()).to.deep.equal(['Ouse Quay', 'Acomb Fields', 'Easingwold Green']);
    expect(problems).to.deep.equal([]);
  });

  it('keeps the monthly budget and "within N miles of work" in the address, and the results within them', async () => {
    const problems = await portalPage(page());
    await page().goto(`${testApp().baseUrl}/search?${YORK}`);
    await card('Easingwold Green').waitFor();
    await page().getByLabel('Monthly budget, up to (£)').fill('1100');
    await page().getByRole('button', { name: 'Apply budget and distance' }).click();
    await page().waitForURL(/max_monthly_cost=1100/);
    await page()
      .locator('#results-summary', { hasText: /^2 developments/ })
      .waitFor();
    expect((await names()).sort()).to.deep.equal(['Acomb Fields', 'Ouse Quay']);

    await page().getByLabel('Monthly budget, up to (£)').fill('');
    await page().getByLabel('Work postcode').fill(WORK);
    await page().getByLabel('Within … of work').selectOption('5');
    await page().getByRole('button', { name: 'Apply budget and distance' }).click();
    await page().waitForURL(
      (url) =>
        url.searchParams.get('max_distance_from_work') === '5' &&
        url.searchParams.get('work_postcode') === WORK &&
        !url.searchParams.has('max_monthly_cost'),
    );
    await page()
      .locator('#results-summary', { hasText: /^2 developments/ })
      .waitFor();
    expect((await names()).sort()).to.deep.equal(['Acomb Fields', 'Ouse Quay']);
    // the address is the search: a reload keeps the controls as they were
    await page().reload();
    await card('Ouse Quay').waitFor();
    expect(await page().getByLabel('Within … of work').inputValue()).to.equal('5');
    expect(await page().getByLabel('Work postcode').inputValue()).to.equal(WORK);
    expect(await seriousAxeViolations(page())).to.deep.equal([]);
    expect(problems).to.deep.equal([]);
  });

  it('says why "only homes I can afford" waits for an income from someone not signed in', async () => {
    const problems = await portalPage(page());
    await page().goto(`${testApp().baseUrl}/search?${YORK}`);
    await card('Ouse Quay').waitFor();
    expect(await page().getByLabel('Only homes I can afford').isDisabled()).to.equal(true);
    await page().getByText('Give your household income under “What can I afford?” to see the homes you can afford.').waitFor();
    expect(problems).to.deep.equal([]);
  });

  it('shows a signed-in customer with an income which homes they can afford, why not, and only those when asked', async () => {
    const problems = await portalPage(page());
    // loan limit 4.5 × £60,000 = £270,000; at most 40% of £5,000 a month
    const customer = await passwordCustomer({ annualHouseholdIncome: 60000, deposit: 20000, workPostcode: WORK });
    await signInPage(page(), customer);
    await page().goto(`${testApp().baseUrl}/search?${YORK}`);
    await card('Easingwold Green').locator('.affordability').waitFor();
    // £200,000 − £20,000 = £180,000 borrowed: 180,000 × 0.00375 / 0.674657 = £1,000.50 a month, 20% of £5,000
    const quay = card('Ouse Quay').locator('.affordability');
    expect(await quay.locator('.badge').innerText()).to.equal('You can afford this');
    // named with its price, and labelled as worked out with the household's savings (more than the deposit needed)
    expect(await quay.locator('.affordability-detail').innerText()).to.equal(
      'Flat 1, £200,000: £1,000.50 a month with your £20,000 savings, 20% of your income',
    );
    const green = card('Easingwold Green').locator('.affordability');
    expect(await green.locator('.badge').innerText()).to.equal('Not affordable for you');
    expect(await green.locator('.affordability-reasons li').allInnerTexts()).to.deep.equal([
      'This home needs a mortgage of £300,000; lenders lend up to 4.5 times your income, £270,000.',
    ]);
    expect(await seriousAxeViolations(page())).to.deep.equal([]);

    await page().getByLabel('Only homes I can afford').check();
    await page().waitForURL(/affordable_only=1/);
    await page()
      .locator('#results-summary', { hasText: /^2 developments/ })
      .waitFor();
    expect((await names()).sort()).to.deep.equal(['Acomb Fields', 'Ouse Quay']);

    // on a phone the controls are in the filters sheet
    await page().setViewportSize({ width: 375, height: 740 });
    await page()
      .getByRole('button', { name: /^Filters/ })
      .click();
    await page().getByLabel('Monthly budget, up to (£)').waitFor({ state: 'visible' });
    expect(await page().getByLabel('Only homes I can afford').isChecked()).to.equal(true);
    await page().setViewportSize({ width: 1280, height: 800 });

    // the listing page: each home's affordability, and the distance from the profile's work postcode
    await page().goto(`${testApp().baseUrl}/listings/${slugs.green}`);
    await page().locator('.affordability .badge', { hasText: 'Not affordable for you' }).first().waitFor();
    const details = await api.get(`${P}/listings/slug/${slugs.green}`, bearer(customer.accessToken));
    const miles = details.body.distanceFromWork as number;
    expect(miles).to.be.a('number');
    expect(await page().locator('.listing-price .distances').innerText()).to.equal(`${miles} ${miles === 1 ? 'mile' : 'miles'} from work`);
    // the profile says why it asks for the income and the work postcode
    await page().goto(`${testApp().baseUrl}/account`);
    await page().getByLabel('Annual household income (£)').waitFor();
    expect(await page().locator('#profile-annualHouseholdIncome-hint').innerText()).to.match(/^Used to show which homes you can afford/);
    expect(await page().locator('#profile-workPostcode-hint').innerText()).to.match(/^Used to show how far each home is from your work/);
    expect(problems).to.deep.equal([]);
  });
});
