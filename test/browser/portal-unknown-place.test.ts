// The portal's search page in real Chromium when the place typed is unknown: it says so, and never
// counts homes "within 3 miles" of a place it did not find; a real district (LS1) is searched as found.
import { expect } from 'chai';
import { testApp } from '../support/test-app.ts';
import { searchFixture } from '../support/search-fixture.ts';
import { usePage } from '../support/browser.ts';
import { portalPage } from '../support/portal.ts';

describe('browser: the portal search page with an unknown place', function () {
  this.timeout(60_000);
  const page = usePage();

  before(async function () {
    this.timeout(60_000);
    await searchFixture();
  });

  it('says it could not find the place and shows homes across the UK', async () => {
    const problems = await portalPage(page());
    await page().goto(`${testApp().baseUrl}/search?occupancy_type=for-sale&location=zzzz&radius=3`);
    const notice = page().getByText('We could not find zzzz: showing homes across the UK.');
    await notice.waitFor();
    const summary = await page().locator('#results-summary').innerText();
    expect(summary).to.match(/^\d+ developments?, \d+ homes? for sale across the UK$/);
    expect(summary).to.not.include('zzzz');
    expect(problems).to.deep.equal([]);
  });

  it('searches a postcode district as a place it found', async () => {
    const problems = await portalPage(page());
    await page().goto(`${testApp().baseUrl}/search?occupancy_type=for-sale&location=LS1&radius=3`);
    await page().locator('#results-summary', { hasText: /within 3 miles of LS1$/ }).waitFor();
    expect(await page().getByText('We could not find').count()).to.equal(0);
    expect(problems).to.deep.equal([]);
  });

  it('finds Yorkshire, a region, and searches all of it: no radius around a region', async () => {
    const problems = await portalPage(page());
    await page().goto(`${testApp().baseUrl}/search?occupancy_type=for-sale&location=Yorkshire&radius=0`);
    await page().locator('#results-summary', { hasText: /for sale in Yorkshire and The Humber$/ }).waitFor();
    expect(await page().getByLabel('Within', { exact: true }).isDisabled()).to.equal(true);
    // a radius asked in the address is replaced by the region itself
    await page().goto(`${testApp().baseUrl}/search?occupancy_type=for-sale&location=Yorkshire&radius=3`);
    await page().waitForURL((url) => url.searchParams.get('radius') === '0');
    await page().locator('#results-summary', { hasText: /for sale in Yorkshire and The Humber$/ }).waitFor();
    expect(await page().getByText('We could not find').count()).to.equal(0);
    expect(problems).to.deep.equal([]);
  });

  it('names the place data and its licence beside the tiles on the map', async () => {
    await page().setViewportSize({ width: 1280, height: 900 });
    await page().goto(`${testApp().baseUrl}/search?occupancy_type=for-sale&location=LS1&radius=3`);
    const attribution = page().locator('.leaflet-control-attribution').first();
    await attribution.getByText(/ONS Postcode Directory/).waitFor();
    expect(await attribution.getByRole('link', { name: 'Open Government Licence v3.0' }).count()).to.equal(1);
  });
});
