// A home seeker's first screen, in real Chromium at a laptop's 1366x768 and a phone's 375x812: "What can
// I afford?" for a visitor (income, savings, work postcode kept in the address and sent as the search's
// own parameters), the budget, affordability, eligibility and work filters at the top of the filters and
// named in the heading, a compact featured band with the first sorted result near the top, a skip link
// to the results, focus kept on a toggled facet, a sort applied only when committed, and the visitor's
// journey to registering interest without an account made before that step.
import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { testApp } from '../support/test-app.ts';
import { api } from '../support/api.ts';
import { searchFixture } from '../support/search-fixture.ts';
import { createAccount, developmentPayload, listingPayload, propertyPayload, withKey } from '../support/factories.ts';
import { usePage } from '../support/browser.ts';
import { portalPage, seriousAxeViolations } from '../support/portal.ts';

const SIZES = [
  { width: 1366, height: 768 },
  { width: 375, height: 812 },
];
const LEEDS = '/search?location=Leeds';
// a market sale in Norwich at £100,000: 95,000 × 0.00375 / 0.674657 = £528 a month, within a £34,000 income
const HOME = { ref: 'af-elm-hill', name: 'Elm Hill Yard', postcode: 'NR2 1NH', at: [52.6286, 1.2917], price: 100_000 };

/** the search requests the page made to the API */
function searchRequests(page: Page): URL[] {
  const seen: URL[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (/\/search$/.test(url.pathname) && url.pathname.includes('/api/')) seen.push(url);
  });
  return seen;
}

/** the "What can I afford?" form, unfolded (a phone folds it until used) */
async function affordBox(page: Page) {
  const details = page.locator('details.afford-box');
  if (!(await details.evaluate((el) => el.hasAttribute('open')))) await details.locator('summary').click();
  return page.getByRole('form', { name: 'What can I afford?' });
}

/** the top of the element, from the top of the page */
const pageTop = (page: Page, selector: string) =>
  page
    .locator(selector)
    .first()
    .evaluate((el) => el.getBoundingClientRect().top + (el.ownerDocument.defaultView?.scrollY ?? 0));

describe('browser: what can I afford, results first, keyboard first', function () {
  this.timeout(90_000);
  const page = usePage();

  before(async function () {
    this.timeout(90_000);
    await searchFixture();
    const account = await createAccount({ tier: 'premium' });
    const k = withKey(account);
    const dev = await api.put(
      `/api/rest/inventory/developments/${HOME.ref}`,
      developmentPayload({
        postcode: HOME.postcode,
        latitude: HOME.at[0],
        longitude: HOME.at[1],
        displayAddress: `${HOME.name}, Norwich`,
        localAreaName: 'Norwich',
      }),
      k,
    );
    expect(dev.status, JSON.stringify(dev.body)).to.be.oneOf([200, 201]);
    const property = await api.put(
      `/api/rest/inventory/properties/${HOME.ref}`,
      propertyPayload(HOME.ref, {
        isSharedOwnership: false,
        fullMarketPrice: HOME.price,
        minSharePercentage: null,
        subsidisedMonthlyRent: null,
        monthlyServiceCharge: null,
        annualGroundRent: null,
      }),
      k,
    );
    expect(property.status, JSON.stringify(property.body)).to.be.oneOf([200, 201]);
    const res = await api.put(
      `/api/rest/listings/${HOME.ref}`,
      listingPayload(HOME.ref, [HOME.ref], {
        name: HOME.name,
        schemes: ['market-sale'],
        depositPercentage: 5,
        eligibility: {},
        registerInterestFields: { eligibilityFields: [], priorityFields: [] },
      }),
      withKey(account, { refresh: 'wait_for' }),
    );
    expect(res.status, JSON.stringify(res.body)).to.equal(201);
  });

  for (const size of SIZES) {
    describe(`at ${size.width}x${size.height}`, () => {
      it('lets a visitor say what they can afford, keeps it in the address and sends the API its own parameters', async () => {
        const problems = await portalPage(page());
        await page().setViewportSize(size);
        const requests = searchRequests(page());
        await page().goto(`${testApp().baseUrl}${LEEDS}`);
        await page().locator('.result-list .listing-card').first().waitFor();
        const box = await affordBox(page());
        await box.getByLabel('Household income a year (£)').fill('34000');
        await box.getByLabel('Savings for a deposit (£)').fill('6000');
        await box.getByLabel('Where you work (postcode, optional)').fill('LS1 4AP');
        await box.getByRole('button', { name: 'Show what I can afford' }).click();
        await page().waitForURL(/household_income=34000/);
        const address = new URL(page().url()).searchParams;
        expect(address.get('deposit')).to.equal('6000');
        expect(address.get('work_postcode')).to.equal('LS1 4AP');
        await page().locator('.result-list .listing-card').first().waitFor();
        const last = requests.at(-1)!;
        expect(last.searchParams.get('household_income')).to.equal('34000');
        expect(last.searchParams.get('deposit')).to.equal('6000');
        expect(last.searchParams.get('work_postcode')).to.equal('LS1 4AP');

        // the filters: budget, affordability, eligibility and work first, usable by a visitor
        if (size.width < 500)
          await page()
            .getByRole('button', { name: /^Filters/ })
            .click();
        const filters = page().locator('#search-filters');
        const firstGroup = filters.locator('fieldset').first();
        expect(await firstGroup.locator('legend').innerText()).to.equal('Budget, affordability and work');
        expect(await firstGroup.innerText()).to.include('income £34,000, savings £6,000, work LS1 4AP');
        const affordable = filters.getByRole('checkbox', { name: 'Only homes I can afford' });
        expect(await affordable.isDisabled()).to.equal(false);
        await affordable.check();
        await page().waitForURL(/affordable_only=1/);
        await filters.getByRole('checkbox', { name: 'Only homes I am eligible for' }).check();
        await page().waitForURL(/eligible_only=1/);
        await filters.getByLabel('Within … of work').selectOption('5');
        await filters.getByRole('button', { name: 'Apply budget and distance' }).click();
        await page().waitForURL(/max_distance_from_work=5/);
        if (size.width < 500) await page().keyboard.press('Escape');
        const heading = page().locator('#results-summary');
        await page().waitForFunction(`/of work/.test(document.querySelector('#results-summary')?.textContent ?? '')`);
        const summary = await heading.innerText();
        expect(summary).to.include('within 5 miles of work');
        expect(summary).to.include('that you can afford');
        expect(summary).to.include('that you are eligible for');
        expect(summary).to.not.include('across the UK');
        expect(await seriousAxeViolations(page())).to.deep.equal([]);
        expect(problems).to.deep.equal([]);
      });

      it('shows the featured homes in a compact band, with the first sorted result near the top', async () => {
        const problems = await portalPage(page());
        await page().setViewportSize(size);
        // one result a page: the featured listings not among it come in the band
        await page().goto(`${testApp().baseUrl}${LEEDS}&radius=5&sort_by=price-low-high&size=1`);
        await page().locator('.result-list .listing-card').first().waitFor();
        expect(await page().locator('.featured-band .listing-card').count()).to.be.greaterThan(0);
        // one row of cards: every featured card starts at the same height
        const tops = await page()
          .locator('.featured-list > li')
          .evaluateAll((items) => items.map((li) => Math.round(li.getBoundingClientRect().top)));
        expect(new Set(tops).size).to.equal(1);
        expect(await pageTop(page(), '.result-list > li')).to.be.at.most(size.width < 500 ? 900 : size.height);
        // nothing scrolls sideways but the band itself
        expect(await page().evaluate<boolean>('document.documentElement.scrollWidth <= innerWidth')).to.equal(true);
        expect(await seriousAxeViolations(page())).to.deep.equal([]);
        expect(problems).to.deep.equal([]);
      });

      it('takes a keyboard user to the first result within 5 Tabs, keeps focus on a toggled facet, and sorts only when the sort is committed', async () => {
        const problems = await portalPage(page());
        await page().setViewportSize(size);
        await page().goto(`${testApp().baseUrl}${LEEDS}`);
        const first = page().locator('.result-list > li').first();
        await first.waitFor();
        let tabs = 0;
        const inFirst = () => first.evaluate((li) => li.contains(li.ownerDocument.activeElement));
        while (tabs < 5 && !(await inFirst())) {
          await page().keyboard.press('Tab');
          tabs++;
          const text = await page().evaluate<string | undefined>('document.activeElement?.textContent?.trim()');
          if (text === 'Skip to the results') await page().keyboard.press('Enter');
        }
        expect(await inFirst(), `after ${tabs} Tabs`).to.equal(true);

        // a facet toggled with Space keeps the focus
        if (size.width < 500)
          await page()
            .getByRole('button', { name: /^Filters/ })
            .click();
        const facet = page().locator('#search-filters fieldset.facet input[type=checkbox]:not([disabled])').first();
        await facet.focus();
        const url = page().url();
        await page().keyboard.press('Space');
        await page().waitForURL((u) => u.toString() !== url);
        await page().locator('.result-list .listing-card').first().waitFor();
        expect(await facet.evaluate((el) => el === el.ownerDocument.activeElement)).to.equal(true);
        if (size.width < 500) await page().keyboard.press('Escape');

        // ArrowDown on the closed sort select does not re-sort; Enter does
        const sort = page().locator('#sort');
        await sort.focus();
        const before = page().url();
        await page().keyboard.press('ArrowDown');
        await page().waitForTimeout(300);
        expect(page().url()).to.equal(before);
        await page().keyboard.press('Enter');
        await page().waitForURL(/sort_by=/);
        expect(problems).to.deep.equal([]);
      });

      it("walks a visitor's journey: place, income and savings, only homes they can afford, a listing, registering interest", async () => {
        const problems = await portalPage(page());
        await page().setViewportSize(size);
        await page().goto(`${testApp().baseUrl}/search?occupancy_type=for-sale`);
        await page().getByRole('combobox', { name: 'Place or postcode' }).fill('Norwich');
        await page().getByRole('button', { name: 'Search', exact: true }).click();
        await page().waitForURL(/location=Norwich/);
        const box = await affordBox(page());
        await box.getByLabel('Household income a year (£)').fill('34000');
        await box.getByLabel('Savings for a deposit (£)').fill('6000');
        await box.getByRole('button', { name: 'Show what I can afford' }).click();
        await page().waitForURL(/household_income=34000/);
        if (size.width < 500)
          await page()
            .getByRole('button', { name: /^Filters/ })
            .click();
        await page().locator('#search-filters').getByRole('checkbox', { name: 'Only homes I can afford' }).check();
        await page().waitForURL(/affordable_only=1/);
        if (size.width < 500) await page().keyboard.press('Escape');
        const link = page().locator('.result-list').getByRole('link', { name: HOME.name, exact: true });
        await link.click();
        await page().getByRole('heading', { name: HOME.name, level: 1 }).waitFor();
        // registering needs an account (the specification): made at this step, not before
        await page().getByRole('link', { name: 'Sign in to register interest' }).click();
        await page().getByLabel('Create an account with a password').check();
        await page().getByLabel('Email address').fill(`visitor-${size.width}-${Date.now()}@example.com`);
        await page().getByLabel('Password', { exact: true }).fill('elm-hill-yard-2026');
        await page().getByRole('button', { name: 'Create account' }).click();
        await page().getByRole('heading', { name: HOME.name, level: 1 }).waitFor();
        await page().getByRole('button', { name: 'Register interest' }).click();
        await page().locator('.decision').waitFor();
        expect(problems.filter((p) => !p.includes('401'))).to.deep.equal([]);
      });
    });
  }
});
