// The cards, the map, the area pages and the saved searches read true, at a laptop's 1366x768 and a
// phone's 375x812, against a small marketplace in Plymouth: a card's bedrooms are those of the homes still
// to be had; a parking feature under two names is one filter choice; a map pin is a tap target that opens
// its pop-up (by tap, click or keyboard), says the price as the card does and highlights its card; a card
// prints in bold the figure its list is ordered by; an area page says its scheme and region once; a
// reduction of a home other than the headline shows beside that home on the listing page; a saved
// search's summary names the household's filters.
import { expect } from 'chai';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { testApp } from '../support/test-app.ts';
import { api } from '../support/api.ts';
import { bearer, P, passwordCustomer } from '../support/customers.ts';
import { createAccount, listingPayload, propertyPayload, withKey, type TestAccount } from '../support/factories.ts';
import { pushListing, putTaken, type MarketPlace } from '../support/portal-listings.ts';
import { browser, usePage } from '../support/browser.ts';
import { portalPage, seriousAxeViolations, signInPage } from '../support/portal.ts';
import { readContentFolder } from '../../src/content-import/content-folder.ts';
import { ContentImporter, importWriters } from '../../src/content-import/content-import.ts';

const SIZES = [
  { width: 1366, height: 768 },
  { width: 375, height: 812 },
];
const PLYMOUTH = { postcode: 'PL1 1AA', at: [50.3783, -4.1455] as const };
const SEARCH = `occupancy_type=for-sale&location=Plymouth&radius=5&max_featured=0`;

const sale = { isSharedOwnership: false, minSharePercentage: null, subsidisedMonthlyRent: null, depositValue: null };

/** homes in Plymouth a mile or two apart, round the centre: pins of their own on the map */
const PLYMOUTH_MARKET: MarketPlace = {
  postcode: PLYMOUTH.postcode,
  town: 'Plymouth',
  pointOf: (i) => ({ latitude: PLYMOUTH.at[0] + [0, 0.02, 0, -0.02, 0][i]!, longitude: PLYMOUTH.at[1] + [0, 0, 0.03, 0, -0.03][i]! }),
  homeWord: 'Home',
};
/** a development of one or more homes and its listing, in Plymouth */
const listing = (account: TestAccount, ref: string, homes: Record<string, unknown>[], fields: Record<string, unknown>) => pushListing(PLYMOUTH_MARKET, account, ref, homes, fields);

/** the texts of a card's money figures in bold */
const boldFigures = (card: ReturnType<Page['locator']>) =>
  card.evaluate((el) =>
    [...el.querySelectorAll('.price, .price *, .monthly-cost, .monthly-cost *, .monthly-cost-from, .monthly-cost-from *')]
      .filter((e) => Number((globalThis as unknown as { getComputedStyle: (e: unknown) => { fontWeight: string } }).getComputedStyle(e).fontWeight) >= 700 && [...e.childNodes].some((n) => n.nodeType === 3 && /£/.test(n.textContent ?? '')))
      .map((e) => [...e.childNodes].filter((n) => n.nodeType === 3).map((n) => n.textContent).join('').trim()),
  );

async function openFilters(page: Page, width: number) {
  if (width < 500) await page.getByRole('button', { name: /^Filters/ }).click();
}

describe('browser: cards, map pins, area pages and saved searches read true', function () {
  this.timeout(120_000);
  const page = usePage();

  before(async function () {
    this.timeout(120_000);
    const account = await createAccount({ tier: 'premium' });
    // a one-bedroom home for sale beside a sold three-bedroom one
    await listing(
      account,
      'pc-mixed1',
      [
        { ...sale, fullMarketPrice: 150_000, bedrooms: 1 },
        { ...sale, fullMarketPrice: 300_000, bedrooms: 3, availabilityStatus: 'closed' },
      ],
      { name: 'Tamar Mixed Court', schemes: ['market-sale'] },
    );
    // one parking feature under two names, one home each, and a third home that says both
    await listing(
      account,
      'pc-parking2',
      [
        { ...sale, fullMarketPrice: 180_000, propertyFeatures: [{ section: 'Parking', values: ['Allocated parking'] }] },
        { ...sale, fullMarketPrice: 185_000, propertyFeatures: [{ section: 'Parking', values: ['Allocated parking space'] }] },
        { ...sale, fullMarketPrice: 190_000, propertyFeatures: [{ section: 'Parking', values: ['Allocated parking', 'Allocated parking space'] }] },
      ],
      { name: 'Tamar Parking Row', schemes: ['market-sale'] },
    );
    // shared ownership: a 25% share of £200,000, rent on the rest
    await listing(account, 'pc-shared3', [{ fullMarketPrice: 200_000, minSharePercentage: 25, subsidisedMonthlyRent: 400, depositValue: null }], {
      name: 'Tamar Shared Quay',
      schemes: ['shared-ownership'],
    });
    // two homes; the dearer one (not the headline) reduced today
    const reduced = [
      { ...sale, fullMarketPrice: 160_000, bedrooms: 1 },
      { ...sale, fullMarketPrice: 260_000, bedrooms: 3 },
    ];
    await listing(account, 'pc-reduced4', reduced, { name: 'Tamar Reduced Yard', schemes: ['market-sale'] });
    await putTaken('/api/rest/inventory/properties/pc-reduced4-1', propertyPayload('pc-reduced4', { propertyNumber: 'Home 2', ...reduced[1], fullMarketPrice: 245_000 }), withKey(account));
    await putTaken(
      '/api/rest/listings/pc-reduced4',
      listingPayload('pc-reduced4', ['pc-reduced4-0', 'pc-reduced4-1'], {
        eligibility: {},
        registerInterestFields: { eligibilityFields: [], priorityFields: [] },
        name: 'Tamar Reduced Yard',
        schemes: ['market-sale'],
      }),
      withKey(account, { refresh: 'wait_for' }),
    );
    // the demo area pages
    const { prisma } = testApp().runtime;
    const report = await new ContentImporter(prisma, importWriters(prisma)).run(readContentFolder(path.resolve(import.meta.dirname, '../../content')));
    expect(report.failures).to.deep.equal([]);
  });

  for (const size of SIZES) {
    describe(`at ${size.width}x${size.height}`, () => {
      it('gives a card the bedrooms of the homes still to be had, with or without a filter on the homes', async () => {
        const problems = await portalPage(page());
        await page().setViewportSize(size);
        for (const query of [SEARCH, `${SEARCH}&max_full_value=400000`]) {
          await page().goto(`${testApp().baseUrl}/search?${query}`);
          const card = page().locator('.result-list .listing-card', { hasText: 'Tamar Mixed Court' });
          await card.waitFor();
          const facts = await card.locator('.card-facts').innerText();
          expect(facts, query).to.include('1 bedroom');
          expect(facts, query).to.not.match(/3 bedrooms/);
        }
        expect(problems).to.deep.equal([]);
      });

      it('offers a parking feature spelt two ways as one choice, under its fuller name, that finds both and counts each home once', async () => {
        const problems = await portalPage(page());
        await page().setViewportSize(size);
        await page().goto(`${testApp().baseUrl}/search?${SEARCH}`);
        await page().locator('.result-list .listing-card').first().waitFor();
        await openFilters(page(), size.width);
        const parking = page().locator('fieldset.facet', { has: page().locator('legend', { hasText: /^Parking$/ }) });
        await parking.waitFor();
        const choices = await parking.locator('label').allInnerTexts();
        expect(choices.filter((c) => /allocated parking/i.test(c))).to.deep.equal(['Allocated parking space (3)']);
        await parking.getByLabel(/Allocated parking space/).check();
        await page().waitForURL((url) => url.searchParams.getAll('parking[]').length === 2);
        await page().locator('.result-list .listing-card', { hasText: 'Tamar Parking Row' }).waitFor();
        expect(await parking.getByLabel(/Allocated parking space/).isChecked()).to.equal(true);
        expect(await seriousAxeViolations(page())).to.deep.equal([]);
        expect(problems).to.deep.equal([]);
      });

      it('prints in bold the figure the list is ordered by: the full price under a price sort, the monthly cost under the monthly-cost sort', async () => {
        const problems = await portalPage(page());
        await page().setViewportSize(size);
        await page().goto(`${testApp().baseUrl}/search?${SEARCH}&sort_by=price-low-high`);
        const card = page().locator('.result-list .listing-card', { hasText: 'Tamar Shared Quay' });
        await card.waitFor();
        expect(await boldFigures(card)).to.deep.equal(['£200,000']);
        expect(await card.locator('.price').innerText()).to.include('share from £50,000 (25%)');

        await page().goto(`${testApp().baseUrl}/search?${SEARCH}&sort_by=monthly-cost-low-high`);
        await card.waitFor();
        const bold = await boldFigures(card);
        expect(bold).to.have.length(1);
        expect(bold[0]).to.match(/^£[\d,.]+ a month$/);
        // its map pin's pop-up leads with the same figure
        if (size.width < 500) await page().getByRole('button', { name: /^Map/ }).click();
        await page().locator('.map-pin[title="Tamar Shared Quay"]').click();
        const popup = page().locator('.leaflet-popup');
        await popup.waitFor();
        expect(await popup.locator('strong').allInnerTexts()).to.deep.equal(bold);
        expect(await popup.innerText()).to.include('£50,000');
        expect(await seriousAxeViolations(page())).to.deep.equal([]);
        expect(problems).to.deep.equal([]);
      });

      it('says an area page’s scheme and region once', async () => {
        const problems = await portalPage(page());
        await page().setViewportSize(size);
        await page().goto(`${testApp().baseUrl}/areas/shared-ownership-north-west`);
        await page().getByRole('heading', { level: 1, name: 'Shared ownership in the North West' }).waitFor();
        // what stands above the page's own copy: the headline, and only what it does not say already
        const said = async () => (await page().locator('.area-head > .eyebrow, .area-head > h1').allInnerTexts()).join(' ').toLowerCase();
        const head = await said();
        expect(head.match(/shared ownership/g)).to.have.length(1);
        expect(head.match(/north west/g)).to.have.length(1);
        // the region a headline does not name is still said
        await page().goto(`${testApp().baseUrl}/areas/shared-ownership-leeds`);
        await page().getByRole('heading', { level: 1, name: 'Shared ownership in Leeds' }).waitFor();
        const leeds = await said();
        expect(leeds).to.include('yorkshire');
        expect(leeds.match(/shared ownership/g)).to.have.length(1);
        expect(await seriousAxeViolations(page())).to.deep.equal([]);
        expect(problems).to.deep.equal([]);
      });

      it('shows a reduction of a home other than the headline beside that home on the listing page', async () => {
        const problems = await portalPage(page());
        await page().setViewportSize(size);
        // the search shows it for the home that matched
        await page().goto(`${testApp().baseUrl}/search?${SEARCH}&min_bedrooms=3`);
        const card = page().locator('.result-list .listing-card', { hasText: 'Tamar Reduced Yard' });
        await card.locator('.reduced').waitFor();
        await page().goto(`${testApp().baseUrl}/listings/tamar-reduced-yard`);
        await page().getByRole('heading', { name: 'Tamar Reduced Yard', level: 1 }).waitFor();
        const homes = page().locator('section[aria-labelledby="homes-title"] details');
        const second = homes.filter({ hasText: 'Home 2' });
        expect(await second.locator('summary').innerText()).to.match(/reduced on \d+ \w+ \d{4}/i);
        // the headline home was not reduced
        expect(await homes.filter({ hasText: 'Home 1' }).locator('summary').innerText()).to.not.match(/reduced/i);
        expect(await seriousAxeViolations(page())).to.deep.equal([]);
        expect(problems).to.deep.equal([]);
      });

      it('names the household’s filters in a saved search’s summary, as the search’s heading does', async () => {
        const problems = await portalPage(page());
        await page().setViewportSize(size);
        const customer = await passwordCustomer();
        const query = {
          occupancy_type: 'for-sale',
          location: 'Plymouth',
          radius: 5,
          work_postcode: 'PL1 1AB',
          max_distance_from_work: 10,
          max_monthly_cost: 900,
          household_income: 40000,
          affordable_only: '1',
          eligible_only: '1',
        };
        const saved = await api.post(`${P}/profile/saved-searches`, { name: 'Near work', query }, bearer(customer.accessToken));
        expect(saved.status, JSON.stringify(saved.body)).to.equal(201);
        await signInPage(page(), customer);
        await page().goto(`${testApp().baseUrl}/account/saved-searches`);
        const summary = await page().locator('article.saved-search', { hasText: 'Near work' }).locator('.saved-summary').innerText();
        for (const words of ['within 10 miles of work', '£900 a month', 'that you can afford', 'that you are eligible for']) expect(summary).to.include(words);
        expect(problems).to.deep.equal([]);
      });

      it('makes each map pin a tap target that opens its pop-up by tap, click or keyboard, with the card’s price, highlighting its card', async () => {
        const phone = size.width < 500;
        const context: BrowserContext = await (await browser()).newContext({ viewport: size, hasTouch: phone });
        try {
          const map = await context.newPage();
          const problems = await portalPage(map);
          await map.goto(`${testApp().baseUrl}/search?${SEARCH}&sort_by=price-low-high`);
          const card = map.locator('.result-list .listing-card', { hasText: 'Tamar Shared Quay' });
          await card.waitFor();
          const cardPrice = await card.locator('.price').innerText();
          if (phone) await map.getByRole('button', { name: /^Map/ }).click();
          const pin = map.locator('.map-pin[title="Tamar Shared Quay"]');
          await pin.waitFor();
          const box = (await pin.boundingBox())!;
          expect(Math.min(box.width, box.height)).to.be.at.least(phone ? 44 : 24);
          if (phone) await pin.tap();
          else await pin.click();
          const popup = map.locator('.leaflet-popup');
          await popup.waitFor();
          const said = await popup.innerText();
          expect(said).to.include('£200,000');
          expect(said).to.include('share from £50,000');
          expect(cardPrice).to.include('£200,000').and.include('share from £50,000');
          expect(await card.getAttribute('class')).to.match(/\bis-highlighted\b/);
          // closed, then opened again from the keyboard
          await popup.getByRole('button', { name: /close/i }).click();
          await popup.waitFor({ state: 'detached' });
          expect(await card.getAttribute('class')).to.not.match(/\bis-highlighted\b/);
          await pin.focus();
          await map.keyboard.press('Enter');
          await popup.waitFor();
          expect(await popup.innerText()).to.include('£200,000');
          if (!phone) {
            // a card pointed at highlights its pin
            await popup.getByRole('button', { name: /close/i }).click();
            await card.hover();
            expect(await pin.getAttribute('class')).to.match(/\bis-highlighted\b/);
          }
          expect(await seriousAxeViolations(map)).to.deep.equal([]);
          expect(problems).to.deep.equal([]);
        } finally {
          await context.close();
        }
      });
    });
  }
});
