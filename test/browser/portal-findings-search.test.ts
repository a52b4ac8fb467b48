// What a home seeker reads on the search page, the cards and a listing's page, at a laptop's 1366x768
// and a phone's 375x812, against one marketplace in Exeter: a pager with its gaps, a studio said once,
// no furnishing line when every kind is allowed, a feature under one name, no tenure for renters, rent
// worded one way, a placeholder for a picture that does not load, remedies that apply when nothing
// matches, no radius where it does not apply, the price's two ends together, similar homes of the
// listing's scheme, and a page's own description and canonical address.
import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { testApp } from '../support/test-app.ts';
import { createAccount, type TestAccount } from '../support/factories.ts';
import { pushListing, type MarketPlace } from '../support/portal-listings.ts';
import { usePage } from '../support/browser.ts';
import { portalPage, seriousAxeViolations } from '../support/portal.ts';

const SIZES = [
  { width: 1366, height: 768 },
  { width: 375, height: 812 },
];
const EXETER = { postcode: 'EX1 1HS', at: [50.7236, -3.5275] as const };
/** market sales near Exeter, enough for thirteen pages of one */
const PLOTS = 12;

/** homes near Exeter, a little apart by the number in their ref */
const EXETER_MARKET: MarketPlace = {
  postcode: EXETER.postcode,
  town: 'Exeter',
  pointOf: (i) => ({ latitude: EXETER.at[0] + i * 0.001, longitude: EXETER.at[1] }),
  homeWord: 'Flat',
};
/** a development of one or more homes and its listing, near Exeter */
const listing = (account: TestAccount, ref: string, homes: Record<string, unknown>[], fields: Record<string, unknown>, dev: Record<string, unknown> = {}) =>
  pushListing(EXETER_MARKET, account, ref, homes, fields, dev);

const sale = { isSharedOwnership: false, minSharePercentage: null, subsidisedMonthlyRent: null };

/** the pager's items as read: "1", "…", "5", … (without Previous and Next) */
const pagerItems = (page: Page) =>
  page
    .locator('.pagination li')
    .evaluateAll((items) =>
      items.map((li) => (li.textContent ?? '').replace(/^Page\s*/, '').trim()).filter((t) => !/Previous|Next/.test(t)),
    );

async function openFilters(page: Page, width: number) {
  if (width < 500) await page.getByRole('button', { name: /^Filters/ }).click();
}

describe('browser: the search page, the cards and the listing page read true', function () {
  this.timeout(120_000);
  const page = usePage();

  before(async function () {
    this.timeout(120_000);
    const account = await createAccount({ tier: 'premium' });
    // a photo whose address answers 404, as a provider's moved picture does
    const BROKEN = `${testApp().baseUrl}/assets/missing-photo.jpg`;
    for (let i = 1; i <= PLOTS; i++)
      await listing(account, `pf-plot${i}`, [{ ...sale, fullMarketPrice: 200_000 + i * 1000, depositValue: null }], {
        name: `Exe Plot ${i}`,
        schemes: ['market-sale'],
      });
    // shared ownership near the plots at a like price: its similar homes should be shared ownership
    await listing(account, 'pf-so1', [{ fullMarketPrice: 205_000, minSharePercentage: 25 }], {
      name: 'Exe Shared One',
      schemes: ['shared-ownership'],
    });
    await listing(account, 'pf-so2', [{ fullMarketPrice: 260_000, minSharePercentage: 25 }], {
      name: 'Exe Shared Two',
      schemes: ['shared-ownership'],
    });
    // a one-bedroom home still for sale beside a sold three-bedroom one
    await listing(
      account,
      'pf-mixed',
      [
        { ...sale, fullMarketPrice: 150_000, bedrooms: 1 },
        { ...sale, fullMarketPrice: 300_000, bedrooms: 3, availabilityStatus: 'closed' },
      ],
      { name: 'Exe Mixed Court', schemes: ['market-sale'] },
    );
    // a studio to rent in every furnishing, one feature under two names, a photo that does not load
    await listing(
      account,
      'pf-studio',
      [
        {
          ...sale,
          forSale: false,
          fullMarketPrice: null,
          monthlyRent: 800,
          bedrooms: 0,
          propertyType: 'Studio apartment',
          tenure: 'leasehold',
          furnitureStatus: 'furnished',
          propertyFeatures: [{ section: 'Parking', values: ['Allocated parking'] }],
        },
        {
          ...sale,
          forSale: false,
          fullMarketPrice: null,
          monthlyRent: 850,
          bedrooms: 0,
          propertyType: 'Studio apartment',
          tenure: 'leasehold',
          furnitureStatus: 'part-furnished',
          propertyFeatures: [{ section: 'Parking', values: ['Allocated parking space'] }],
        },
        {
          ...sale,
          forSale: false,
          fullMarketPrice: null,
          monthlyRent: 900,
          bedrooms: 0,
          propertyType: 'Studio apartment',
          tenure: 'leasehold',
          furnitureStatus: 'unfurnished',
        },
      ],
      {
        name: 'Exe Studio Lets',
        forSale: false,
        schemes: ['market-rent'],
        depositPercentage: null,
        mainImage: { largeSize: BROKEN, mediumSize: BROKEN, thumbnail: BROKEN },
        galleryImages: [{ largeSize: BROKEN, mediumSize: BROKEN, thumbnail: BROKEN, alternativeText: 'The studio', caption: '' }],
      },
    );
  });

  for (const size of SIZES) {
    describe(`at ${size.width}x${size.height}`, () => {
      it('shows a pager with the first, the last, the neighbours and gaps between', async () => {
        const problems = await portalPage(page());
        await page().setViewportSize(size);
        await page().goto(`${testApp().baseUrl}/search?occupancy_type=for-sale&location=Exeter&radius=5&max_featured=0&size=1&page=6`);
        await page().locator('.pagination [aria-current="page"]', { hasText: '6' }).waitFor();
        const last = Number(
          await page()
            .locator('.pagination li:not(:has([rel]))')
            .last()
            .innerText()
            .then((t) => t.replace(/\D/g, '')),
        );
        expect(last).to.be.at.least(PLOTS + 1);
        expect(await pagerItems(page())).to.deep.equal(['1', '…', '5', '6', '7', '…', String(last)]);
        expect(problems).to.deep.equal([]);
      });

      it('asks for the map’s listings with the results where the map shows beside them, and on a phone only once the map is opened', async () => {
        const problems = await portalPage(page());
        await page().setViewportSize(size);
        const asked: string[] = [];
        page().on('request', (r) => {
          const url = new URL(r.url());
          if (url.pathname.startsWith('/api/rest/portal/search')) asked.push(`${url.pathname}?${url.searchParams.toString()}`);
        });
        await page().goto(`${testApp().baseUrl}/search?occupancy_type=for-sale&location=Exeter&radius=5`);
        await page().locator('.result-list .listing-card').first().waitFor();
        const search = asked.find((u) => u.startsWith('/api/rest/portal/search?'));
        expect(search, asked.join(' ')).to.be.a('string');
        const mapAsked = () => asked.filter((u) => u.startsWith('/api/rest/portal/search/map-listings?'));
        if (size.width > 760) {
          expect(search).to.not.include('without_map');
          expect(mapAsked()).to.deep.equal([]);
        } else {
          expect(search).to.include('without_map=1');
          expect(mapAsked()).to.deep.equal([]);
          await Promise.all([
            page().waitForRequest((r) => r.url().includes('/api/rest/portal/search/map-listings?')),
            page().getByRole('button', { name: /^Map/ }).click(),
          ]);
          expect(mapAsked()).to.have.length(1);
        }
        // either way the map shows the search's homes
        await page().locator('.map-pin').first().waitFor();
        expect(Number((await page().locator('.map[role="region"]').getAttribute('aria-label'))!.replace(/\D/g, ''))).to.be.at.least(PLOTS);
        expect(problems).to.deep.equal([]);
      });

      it('says a studio, its rent, its furnishing and its features once each, and no tenure to a renter', async () => {
        const problems = await portalPage(page());
        await page().setViewportSize(size);
        await page().goto(`${testApp().baseUrl}/search?occupancy_type=to-rent&location=Exeter&radius=5`);
        const card = page().locator('.result-list .listing-card', { hasText: 'Exe Studio Lets' });
        await card.waitFor();
        const text = await card.innerText();
        expect(text).to.include('Studio apartment');
        expect(text).to.not.match(/studio\W+studio/i);
        expect(text).to.include('£800 a month');
        expect(text).to.not.match(/per (month|week)/);
        expect(text.match(/£800 a month/g)).to.have.length(1);
        expect(text).to.not.match(/furnished or part-furnished or unfurnished/i);
        // the photo that did not load is a placeholder of the card's picture size, not a broken image
        await card.locator('.picture-missing').waitFor();
        expect(await card.locator('img').count()).to.equal(0);
        const box = (await card.locator('.picture-missing').boundingBox())!;
        expect(box.height).to.be.greaterThan(40);

        await card.getByRole('link', { name: 'Exe Studio Lets' }).click();
        await page().getByRole('heading', { name: 'Exe Studio Lets', level: 1 }).waitFor();
        const head = await page().locator('.listing-head').innerText();
        expect(head).to.not.match(/studio\W+studio/i);
        expect(head).to.not.match(/leasehold/i);
        expect(head).to.not.match(/per (month|week)/);
        expect(head.match(/£800 a month/g)).to.have.length(1);
        const homes = page().locator('section[aria-labelledby="homes-title"]');
        for (const summary of await homes.locator('summary').allInnerTexts()) expect(summary).to.not.match(/studio\W+studio/i);
        await homes.locator('details').first().locator('summary').click();
        const first = homes.locator('details').first();
        expect(await first.locator('.material-information').innerText()).to.not.match(/tenure/i);
        // the gallery keeps its place with a placeholder that says what is missing
        const missing = page().locator('.gallery .picture-missing').first();
        await missing.waitFor();
        expect(await missing.getAttribute('aria-label')).to.include('The studio');
        expect((await missing.boundingBox())!.height).to.be.greaterThan(100);
        // one parking feature under its fullest name
        const features = await page().locator('section[aria-labelledby="about-title"] .features').first().innerText();
        expect(features).to.include('Allocated parking space');
        expect(features.replace('Allocated parking space', '')).to.not.include('Allocated parking');
        expect(await seriousAxeViolations(page())).to.deep.equal([]);
        expect(problems).to.deep.equal([]);
      });

      it('gives a listing page the bedrooms of the homes still to be had', async () => {
        const problems = await portalPage(page());
        await page().setViewportSize(size);
        await page().goto(`${testApp().baseUrl}/listings/exe-mixed-court`);
        await page().getByRole('heading', { name: 'Exe Mixed Court', level: 1 }).waitFor();
        const head = await page().locator('.listing-head').innerText();
        expect(head).to.include('1 bedroom');
        expect(head).to.not.include('1 to 3 bedrooms');
        expect(problems).to.deep.equal([]);
      });

      it('offers the remedies that apply when nothing matches, and no radius where it does not apply', async () => {
        const problems = await portalPage(page());
        await page().setViewportSize(size);
        // around a point: widen the radius, or take off the filter that empties it
        await page().goto(`${testApp().baseUrl}/search?occupancy_type=for-sale&location=Exeter&radius=1&min_full_value=9000000`);
        const empty = page().locator('.no-matches');
        await empty.waitFor();
        expect(await empty.innerText()).to.include('Search within 3 miles');
        await empty.getByRole('button', { name: 'Remove the minimum price' }).click();
        await page().waitForURL((url) => !url.searchParams.has('min_full_value'));
        await page().locator('.result-list .listing-card').first().waitFor();

        // a county: searched as itself, the radius disabled, no radius offered as a remedy
        await page().goto(`${testApp().baseUrl}/search?occupancy_type=for-sale&location=Devon&radius=3&min_full_value=9000000`);
        await page().waitForURL((url) => url.searchParams.get('radius') === '0');
        await page().locator('.no-matches').waitFor();
        expect(await page().locator('#radius').isDisabled()).to.equal(true);
        const remedies = await page().locator('.no-matches').innerText();
        expect(remedies).to.not.match(/radius|within \d+ miles/i);
        expect(remedies).to.include('Remove the minimum price');

        // a drawn area: the radius does not apply
        const area = '50.75,-3.56;50.75,-3.49;50.70,-3.49;50.70,-3.56';
        await page().goto(`${testApp().baseUrl}/search?occupancy_type=for-sale&location=Exeter&radius=5&area=${encodeURIComponent(area)}`);
        await page().locator('.result-list .listing-card').first().waitFor();
        expect(await page().locator('#radius').isDisabled()).to.equal(true);
        expect(await seriousAxeViolations(page())).to.deep.equal([]);
        expect(problems).to.deep.equal([]);
      });

      it('puts the minimum and maximum price together', async () => {
        const problems = await portalPage(page());
        await page().setViewportSize(size);
        await page().goto(`${testApp().baseUrl}/search?occupancy_type=for-sale&location=Exeter&radius=5`);
        await page().locator('.result-list .listing-card').first().waitFor();
        await openFilters(page(), size.width);
        const price = page().locator('#search-filters fieldset', { has: page().locator('legend', { hasText: /^Price$/ }) });
        await price.getByLabel('Minimum price (£)').fill('204000');
        const max = price.getByLabel('Maximum price (£)');
        expect(await max.isVisible()).to.equal(true);
        await price.getByRole('button', { name: 'Apply price' }).click();
        await page().waitForURL(/min_full_value=204000/);
        expect(await page().locator('#search-filters .more-filters').getByLabel('Minimum price (£)').count()).to.equal(0);
        expect(problems).to.deep.equal([]);
      });

      it('shows similar homes of the listing’s own scheme, and gives listing and search pages their own description and canonical address', async () => {
        const problems = await portalPage(page());
        await page().setViewportSize(size);
        await page().goto(`${testApp().baseUrl}/listings/exe-shared-one`);
        await page().getByRole('heading', { name: 'Exe Shared One', level: 1 }).waitFor();
        const similar = page().locator('section[aria-labelledby="similar-title"] .listing-card');
        await similar.first().waitFor();
        for (const card of await similar.all()) expect(await card.locator('ul.tags').innerText()).to.match(/shared ownership/i);
        expect(await similar.allInnerTexts()).to.satisfy((texts: string[]) => texts.some((t) => t.includes('Exe Shared Two')));
        const canonical = await page().locator('link[rel="canonical"]').getAttribute('href');
        expect(canonical).to.equal(`${testApp().baseUrl}/listings/exe-shared-one`);
        const description = await page().locator('meta[name="description"]').getAttribute('content');
        expect(description).to.include('Exe Shared One');

        await page().goto(
          `${testApp().baseUrl}/search?occupancy_type=for-sale&location=Exeter&radius=5&sort_by=price-low-high&page=2&size=5`,
        );
        await page().locator('.result-list .listing-card').first().waitFor();
        await page().waitForFunction(`document.querySelector('link[rel="canonical"]') !== null`);
        const searchCanonical = new URL((await page().locator('link[rel="canonical"]').getAttribute('href'))!);
        expect(searchCanonical.pathname).to.equal('/search');
        expect(searchCanonical.searchParams.get('location')).to.equal('Exeter');
        expect(searchCanonical.searchParams.has('sort_by')).to.equal(false);
        expect(await page().locator('meta[name="description"]').getAttribute('content')).to.match(/for sale within 5 miles of Exeter/);
        expect(problems).to.deep.equal([]);
      });
    });
  }
});
