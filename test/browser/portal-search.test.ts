// The portal's search page in real Chromium, over the search fixture (listings in Leeds, Bristol and
// Cardiff): a place chosen from the autocomplete, a facet that changes the other facets' counts, the
// address kept in step (back button), a drawn area, a listing opened from the results, the phone layout
// (results first, filters and the map as sheets), a failed search in people's words, the scroll position
// kept on back and a new page of results opened at its top, cards whose numbers agree (a shared
// ownership share of its price, a First Home's discount of its market value), an unknown
// address as the portal's 404 page, and axe-core's accessibility check.
import { expect } from 'chai';
import { testApp } from '../support/test-app.ts';
import { searchFixture } from '../support/search-fixture.ts';
import { eventually } from '../support/factories.ts';
import { usePage } from '../support/browser.ts';
import { portalPage, seriousAxeViolations } from '../support/portal.ts';

const facetCounts = (page: ReturnType<ReturnType<typeof usePage>>, legend: string) =>
  page
    .locator('fieldset.facet', { has: page.locator('legend', { hasText: legend }) })
    .locator('label')
    .allInnerTexts();

describe('browser: the portal search page', function () {
  this.timeout(60_000);
  const page = usePage();

  before(async function () {
    this.timeout(60_000);
    await searchFixture();
  });

  it('searches by a place chosen from the autocomplete, and a facet changes the counts of the others', async () => {
    const problems = await portalPage(page());
    const res = await page().goto(`${testApp().baseUrl}/search`);
    expect(res?.status()).to.equal(200);
    expect(res?.headers()['content-security-policy']).to.include("script-src 'self'");

    await page().getByRole('combobox', { name: 'Place or postcode' }).fill('leed');
    const option = page()
      .getByRole('option', { name: /^Leeds\b/ })
      .first();
    await option.waitFor();
    await option.click();
    await page().waitForURL(/location=Leeds/);
    const results = page().locator('.result-list');
    await results.getByRole('link', { name: 'Aire Quay' }).waitFor();
    // the list shows the whole country until the Leeds answer arrives: Cardiff's listing then goes
    await eventually(async () => expect(await results.getByRole('link', { name: 'Canton Court' }).count()).to.equal(0), 10_000);
    // featured listings are marked
    expect(await page().locator('.listing-card.is-featured').count()).to.be.greaterThan(0);

    const before = await facetCounts(page(), 'Bedrooms');
    const summaryBefore = await page().locator('#results-summary').innerText();
    await page()
      .getByRole('checkbox', { name: /^House \(\d+\)/ })
      .check();
    await page().waitForURL(/types%5B%5D=house|types\[\]=house/);
    await page().waitForFunction(`document.querySelector('#results-summary')?.textContent !== ${JSON.stringify(summaryBefore)}`);
    // the facets come again with the new counts
    await eventually(async () => expect(await facetCounts(page(), 'Bedrooms')).to.not.deep.equal(before), 10_000);
    const after = await facetCounts(page(), 'Bedrooms');
    expect(after).to.not.deep.equal(before);
    // an option with no match is disabled
    const oneBedroom = page().getByRole('checkbox', { name: /^1 bedroom \(0\)/ });
    expect(await oneBedroom.isDisabled()).to.equal(true);

    // the address holds the search: back goes to the search before the facet
    await page().goBack();
    await page().waitForURL((url) => !url.search.includes('types'));
    expect(
      await page()
        .getByRole('checkbox', { name: /^House/ })
        .isChecked(),
    ).to.equal(false);
    expect(problems).to.deep.equal([]);
  });

  it('searches an area drawn on the map (markers only: no tiles load here)', async () => {
    const problems = await portalPage(page());
    await page().goto(`${testApp().baseUrl}/search?occupancy_type=for-sale&location=Cardiff&radius=5`);
    const marker = page().locator('.leaflet-marker-icon').first();
    await marker.waitFor();
    await page().getByRole('button', { name: 'Draw an area' }).click();
    await page().getByText('Click the map at each corner').waitFor();
    const box = (await marker.boundingBox())!;
    const x = box.x + box.width / 2;
    const y = box.y + box.height / 2;
    for (const [dx, dy] of [
      [-60, -60],
      [60, -60],
      [60, 60],
      [-60, 60],
    ]) {
      await page().mouse.click(x + dx!, y + dy!);
    }
    await page()
      .getByRole('button', { name: /Search this area \(4 points\)/ })
      .click();
    await page().waitForURL(/area=/);
    const area = new URL(page().url()).searchParams.get('area')!;
    expect(area.split(';')).to.have.length(4);
    await page().locator('#results-summary', { hasText: 'in the area drawn' }).waitFor();
    await page().locator('.result-list').getByRole('link', { name: 'Canton Court' }).waitFor();
    expect(await page().locator('.leaflet-interactive').count()).to.be.greaterThan(0);
    expect(problems).to.deep.equal([]);
  });

  it('opens a listing from the results', async () => {
    const problems = await portalPage(page());
    const { listings } = await searchFixture();
    await page().goto(`${testApp().baseUrl}/search?occupancy_type=for-sale&location=Leeds&radius=5`);
    await page().locator('.result-list').getByRole('link', { name: 'Headingley Mews' }).click();
    await page().waitForURL(`**/listings/${listings.leedsMarket!.slug}`);
    await page().getByRole('heading', { level: 1, name: 'Headingley Mews' }).waitFor();
    // its homes, with prices, energy charts drawn from the numbers and the pin on the map
    expect(await page().locator('.listing-price .price-main').innerText()).to.match(/^£/);
    expect(await page().locator('figure.rating-chart figcaption').first().textContent()).to.match(/Energy efficiency: [A-G] \(\d+\)/);
    await page().locator('.map-small .leaflet-marker-icon').waitFor();
    expect(problems).to.deep.equal([]);
  });

  it('on a 375 px phone: the first result above the fold, filters and the map opened from sticky buttons', async () => {
    const problems = await portalPage(page());
    await page().setViewportSize({ width: 375, height: 740 });
    await page().goto(`${testApp().baseUrl}/search?occupancy_type=for-sale&location=Leeds&radius=5`);
    const firstCard = page().locator('.result-list .listing-card').first();
    await firstCard.waitFor();
    expect(await page().evaluate<number>('document.documentElement.scrollWidth')).to.be.at.most(375);
    // the first home's name and price are on the first screen; the filters and the map are not in the way
    const title = (await firstCard.locator('.card-title').boundingBox())!;
    const price = (await firstCard.locator('.price-main').boundingBox())!;
    expect(title.y + title.height).to.be.lessThan(740);
    expect(price.y + price.height).to.be.lessThan(740);
    // the keywords box and Search too, beside each other under the place and its radius
    const keywords = (await page().getByRole('searchbox', { name: 'Keywords' }).boundingBox())!;
    const search = (await page().getByRole('button', { name: 'Search', exact: true }).boundingBox())!;
    expect(keywords.y + keywords.height).to.be.lessThan(title.y);
    expect(Math.abs(keywords.y + keywords.height - (search.y + search.height))).to.be.lessThan(4);
    expect(await page().locator('#search-filters').isVisible()).to.equal(false);
    expect(await page().locator('.results-map .map').isVisible()).to.equal(false);
    expect(await page().locator('#results-summary').innerText()).to.match(/^3 developments, 6 homes for sale within 5 miles of Leeds$/);

    // the buttons stay at hand while scrolling
    await page().mouse.wheel(0, 1500);
    // (polled from here: the page's CSP forbids the evaluated predicates of waitForFunction)
    await eventually(async () => expect(await page().evaluate<number>('scrollY')).to.be.greaterThan(500), 5000);
    const filtersButton = page().getByRole('button', { name: /^Filters/ });
    const bar = (await filtersButton.boundingBox())!;
    expect(bar.y).to.be.at.least(0).and.below(80);

    // the filters: a full-screen sheet; a choice in it searches again and the sheet stays until closed
    await filtersButton.click();
    const sheet = page().locator('#search-filters');
    await sheet.waitFor();
    const box = (await sheet.boundingBox())!;
    expect([box.x, box.y, box.width, box.height]).to.deep.equal([0, 0, 375, 740]);
    expect(
      await page()
        .getByRole('checkbox', { name: /^House \(\d+\)/ })
        .isVisible(),
    ).to.equal(true);
    // the material information filters are in the sheet too
    for (const legend of ['EPC band', 'Council tax band']) expect(await sheet.locator('fieldset.facet legend', { hasText: legend }).count(), legend).to.equal(1);
    await sheet.locator('.more-filters summary').click();
    expect(await sheet.getByLabel('Floor area from (m²)').isVisible()).to.equal(true);
    expect(await sheet.getByLabel('Service charge up to (£ per month)').isVisible()).to.equal(true);
    expect(await seriousAxeViolations(page())).to.deep.equal([]);
    await page()
      .getByRole('checkbox', { name: /^House \(\d+\)/ })
      .check();
    await page().waitForURL(/types%5B%5D=house|types\[\]=house/);
    await sheet.getByRole('button', { name: /^Show 2 developments, 2 homes$/ }).click();
    expect(await sheet.isVisible()).to.equal(false);
    expect(await page().evaluate('document.activeElement?.textContent')).to.match(/^Filters \(1\)/);

    // the map on demand, with the list a button away
    await page().getByRole('button', { name: 'Map' }).click();
    await page().locator('.results-map .leaflet-marker-icon').first().waitFor();
    expect((await page().locator('.results-map .map').boundingBox())!.width).to.be.greaterThan(300);
    await page().getByRole('button', { name: 'Show the list' }).click();
    await firstCard.waitFor();
    expect(await page().locator('.results-map .map').isVisible()).to.equal(false);
    expect(problems).to.deep.equal([]);
  });

  it('says a failed search in people’s words and leaves a page that can put it right', async () => {
    const problems = await portalPage(page());
    await page().goto(
      `${testApp().baseUrl}/search?occupancy_type=for-sale&location=Leeds&radius=5&min_full_value=300000&max_full_value=100000`,
    );
    await page().locator('#results-summary', { hasText: 'The search did not work' }).waitFor();
    const problem = await page().locator('.search-failed .problem').innerText();
    expect(problem).to.include('Maximum price must not be below the minimum price.');
    expect(problem).to.not.match(/max_full_value|min_full_value/);
    // the filters are still there: clearing the minimum searches again
    await page().getByLabel('Minimum price (£)').fill('');
    await page().getByRole('button', { name: 'Apply price' }).click();
    await page()
      .locator('#results-summary', { hasText: /for sale within 5 miles of Leeds$/ })
      .waitFor();
    expect(problems.filter((p) => !p.includes('422'))).to.deep.equal([]);
  });

  it('opens a new page of results at their top, and comes back to the same place from a listing', async () => {
    await portalPage(page());
    await page().setViewportSize({ width: 375, height: 740 });
    await page().goto(`${testApp().baseUrl}/search?occupancy_type=for-sale&location=Leeds&radius=5&max_featured=0&size=2`);
    const next = page().getByRole('link', { name: 'Next page' });
    await next.scrollIntoViewIfNeeded();
    await next.click();
    await page().waitForURL(/page=2/);
    await page().locator('.pagination [aria-current="page"]', { hasText: '2' }).waitFor();
    await eventually(async () => {
      const top = (await page().locator('#results-summary').boundingBox())!.y;
      expect(top).to.be.at.least(0).and.below(200);
    }, 5000);

    // back from a listing to where the reader was
    await page().goto(`${testApp().baseUrl}/search?occupancy_type=for-sale&location=Leeds&radius=5`);
    const last = page().locator('.result-list .listing-card').last();
    await last.waitFor();
    await last.scrollIntoViewIfNeeded();
    await page().waitForTimeout(100);
    const y = await page().evaluate<number>('scrollY');
    expect(y).to.be.greaterThan(500);
    await last.locator('.card-title a').click();
    await page().getByRole('heading', { level: 1 }).waitFor();
    await page().goBack();
    await last.waitFor();
    await eventually(async () => expect(Math.abs((await page().evaluate<number>('scrollY')) - y)).to.be.below(5), 5000);
  });

  it('shows shared ownership cards whose share price is the share of the full price, and a price sort in order of the figure in bold', async () => {
    await portalPage(page());
    await page().goto(`${testApp().baseUrl}/search?occupancy_type=for-sale&location=Leeds&radius=5&max_featured=0&sort_by=price-low-high`);
    await page().locator('.result-list .listing-card').first().waitFor();
    const cards = await page().locator('.result-list .listing-card .price').allInnerTexts();
    const pounds = (text: string) => Number(text.replace(/[£,]/g, ''));
    let shared = 0;
    for (const card of cards) {
      // under a price sort a shared ownership card leads with the full price it is ordered by, the share after it
      const match = /^£([\d,]+)\s+share from £([\d,]+) \((\d+)%\)/.exec(card);
      if (!match) continue;
      shared++;
      expect(pounds(match[2]!), card).to.equal(Math.round((Number(match[3]) / 100) * pounds(match[1]!)));
    }
    expect(shared).to.be.greaterThan(0);
    const shown = cards.map((c) => pounds(/^£[\d,]+/.exec(c)![0]));
    expect(shown).to.deep.equal([...shown].sort((a, b) => a - b));
  });

  it("shows a First Home's price with its discount and market value, in agreement, on its card and its page", async () => {
    const problems = await portalPage(page());
    await page().goto(`${testApp().baseUrl}/search?occupancy_type=for-sale&location=Leeds&radius=5&max_featured=0`);
    const card = page().locator('.result-list .listing-card', { has: page().getByRole('link', { name: 'Holbeck Yard' }) });
    const price = await card.locator('.price').innerText();
    const match = /^£([\d,]+), (\d+)% below the market value of £([\d,]+)/.exec(price);
    expect(match, price).to.not.equal(null);
    const [asked, percent, value] = [Number(match![1]!.replace(/,/g, '')), Number(match![2]), Number(match![3]!.replace(/,/g, ''))];
    expect([asked, percent, value]).to.deep.equal([200000, 31, 290000]);
    // the percentage is the discount's, rounded down: never more than the figures give
    expect(percent).to.equal(Math.floor(((value - asked) * 100) / value));
    // the figures replace the scheme's general rule
    expect(await card.innerText()).to.not.include('at least 30%');

    await card.getByRole('link', { name: 'Holbeck Yard' }).click();
    await page().getByRole('heading', { level: 1, name: 'Holbeck Yard' }).waitFor();
    expect(await page().locator('.listing-price .price').innerText()).to.match(/^£200,000, 31% below the market value of £290,000/);
    expect(await seriousAxeViolations(page())).to.deep.equal([]);
    expect(problems).to.deep.equal([]);
  });

  it('answers an unknown address and an unknown listing with 404 and the portal’s page', async () => {
    await portalPage(page());
    const res = await page().goto(`${testApp().baseUrl}/no-such-page`);
    expect(res?.status()).to.equal(404);
    await page().getByRole('heading', { level: 1, name: 'Page not found' }).waitFor();
    await page().getByRole('link', { name: 'Search for homes' }).first().waitFor();
    const listing = await page().goto(`${testApp().baseUrl}/listings/no-such-listing`);
    expect(listing?.status()).to.equal(404);
    await page().getByRole('heading', { level: 1, name: 'Listing not found' }).waitFor();
    expect(await seriousAxeViolations(page())).to.deep.equal([]);
  });

  it('has no serious or critical accessibility violations (axe-core)', async () => {
    await portalPage(page());
    await page().goto(`${testApp().baseUrl}/search?occupancy_type=for-sale&location=Leeds&radius=5`);
    await page().locator('.result-list .listing-card').first().waitFor();
    await page().locator('fieldset.facet').first().waitFor();
    expect(await seriousAxeViolations(page())).to.deep.equal([]);
  });
});
