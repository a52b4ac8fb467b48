// The portal's search page in real Chromium, over the search fixture (listings in Leeds, Bristol and
// Cardiff): a place chosen from the autocomplete, a facet that changes the other facets' counts, the
// address kept in step (back button), a drawn area, a listing opened from the results, the page at a
// phone's width, and axe-core's accessibility check.
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

  it('fits a 375 px wide phone: one column, nothing wider than the screen', async () => {
    await portalPage(page());
    await page().setViewportSize({ width: 375, height: 740 });
    await page().goto(`${testApp().baseUrl}/search?occupancy_type=for-sale&location=Leeds&radius=5`);
    await page().locator('.result-list .listing-card').first().waitFor();
    expect(await page().evaluate<number>('document.documentElement.scrollWidth')).to.be.at.most(375);
    const list = (await page().locator('.result-list').boundingBox())!;
    const filters = (await page().locator('.filters').boundingBox())!;
    expect(list.width).to.be.greaterThan(300);
    expect(filters.y).to.be.greaterThan(list.y);
  });

  it('has no serious or critical accessibility violations (axe-core)', async () => {
    await portalPage(page());
    await page().goto(`${testApp().baseUrl}/search?occupancy_type=for-sale&location=Leeds&radius=5`);
    await page().locator('.result-list .listing-card').first().waitFor();
    await page().locator('fieldset.facet').first().waitFor();
    expect(await seriousAxeViolations(page())).to.deep.equal([]);
  });
});
