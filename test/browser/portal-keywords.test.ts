// The portal's keyword box, the material-information facets and filters, and a listing's material
// information, in real Chromium, over listings of their own in the LE3 postcode district.
import { expect } from 'chai';
import { testApp } from '../support/test-app.ts';
import { api } from '../support/api.ts';
import { createAccount, developmentPayload, listingPayload, propertyPayload, withKey } from '../support/factories.ts';
import { usePage } from '../support/browser.ts';
import { portalPage, seriousAxeViolations } from '../support/portal.ts';

describe('browser: keywords and material information', function () {
  this.timeout(60_000);
  const page = usePage();
  let gardenSlug = '';

  before(async () => {
    const account = await createAccount({ tier: 'premium' });
    const k = withKey(account);
    await api.put('/api/rest/inventory/developments/bk-dev', developmentPayload({ postcode: 'LE3 0FB', displayAddress: 'Braunstone, Leicester', localAreaName: 'Braunstone' }), k);
    const homes: Record<string, [Record<string, unknown>, Record<string, unknown>]> = {
      garden: [
        { isSharedOwnership: false, fullMarketPrice: 240_000, floorArea: 80, councilTaxBand: 'C', broadbandMbps: 900, energyEfficiencyRatingCurrent: 84, monthlyServiceCharge: 95, annualGroundRent: 0, leaseYears: 125, propertyFeatures: [] },
        { name: 'Braunstone Gardens', shortDescription: 'A large private garden. Sorry, no pets.', schemes: ['market-sale'], eligibility: {} },
      ],
      pets: [
        { isSharedOwnership: false, fullMarketPrice: 200_000, floorArea: 55, councilTaxBand: 'B', energyEfficiencyRatingCurrent: 70, propertyFeatures: [] },
        { name: 'Braunstone Lofts', shortDescription: 'Pets welcome. Communal courtyard.', schemes: ['market-sale'], eligibility: {} },
      ],
    };
    for (const [ref, [property, listing]] of Object.entries(homes)) {
      await api.put(`/api/rest/inventory/properties/bk-${ref}`, propertyPayload('bk-dev', property), k);
      const res = await api.put(`/api/rest/listings/bk-${ref}`, listingPayload('bk-dev', [`bk-${ref}`], listing), withKey(account, { refresh: 'wait_for' }));
      expect(res.status, JSON.stringify(res.body)).to.equal(201);
      if (ref === 'garden') gardenSlug = res.body.slug;
    }
  });

  it('searches by keywords kept in the address, with relevance the first sort', async () => {
    const problems = await portalPage(page());
    await page().goto(`${testApp().baseUrl}/search?occupancy_type=for-sale&location=LE3&radius=0`);
    const results = page().locator('.result-list');
    await results.getByRole('link', { name: 'Braunstone Lofts' }).waitFor();
    await page().getByRole('searchbox', { name: 'Keywords' }).fill('pets');
    await page().getByRole('button', { name: 'Search', exact: true }).click();
    await page().waitForURL(/keywords=pets/);
    await page().locator('#results-summary', { hasText: '1 development, 1 home for sale matching \u201cpets\u201d' }).waitFor();
    // "Sorry, no pets." does not match
    expect(await results.getByRole('link', { name: 'Braunstone Gardens' }).count()).to.equal(0);
    await page().locator('#sort option', { hasText: 'Most relevant' }).first().waitFor({ state: 'attached' });
    expect(await page().locator('#sort option').first().innerText()).to.equal('Most relevant');
    // the address holds the keywords: a reload keeps them in the box
    await page().reload();
    await results.getByRole('link', { name: 'Braunstone Lofts' }).waitFor();
    expect(await page().getByRole('searchbox', { name: 'Keywords' }).inputValue()).to.equal('pets');
    expect(await seriousAxeViolations(page())).to.deep.equal([]);
    expect(problems).to.deep.equal([]);
  });

  it('filters by the EPC band facet and the floor area', async () => {
    const problems = await portalPage(page());
    await page().goto(`${testApp().baseUrl}/search?occupancy_type=for-sale&location=LE3&radius=0`);
    const results = page().locator('.result-list');
    await results.getByRole('link', { name: 'Braunstone Lofts' }).waitFor();
    await page()
      .getByRole('checkbox', { name: /^Band B \(1\)/ })
      .first()
      .check();
    await page().waitForURL(/epc_bands/);
    await page().locator('#results-summary', { hasText: /^1 development, 1 home / }).waitFor();
    await results.getByRole('link', { name: 'Braunstone Gardens' }).waitFor();
    expect(await page().locator('fieldset.facet legend', { hasText: 'Council tax band' }).count()).to.equal(1);

    await page().goto(`${testApp().baseUrl}/search?occupancy_type=for-sale&location=LE3&radius=0`);
    await results.getByRole('link', { name: 'Braunstone Lofts' }).waitFor();
    await page().locator('.more-filters summary').click();
    await page().getByLabel('Floor area from (m²)').fill('60');
    await page().getByRole('button', { name: 'Apply filters' }).click();
    await page().waitForURL(/min_floor_area=60/);
    await page().locator('#results-summary', { hasText: /^1 development, 1 home / }).waitFor();
    await results.getByRole('link', { name: 'Braunstone Gardens' }).waitFor();
    expect(problems).to.deep.equal([]);
  });

  it('shows the material information on the listing page, the EPC band beside the chart', async () => {
    const problems = await portalPage(page());
    await page().goto(`${testApp().baseUrl}/listings/${gardenSlug}`);
    const section = page().getByRole('region', { name: 'Material information' });
    await section.waitFor();
    const facts = Object.fromEntries(
      await section.locator('dl.facts > div').evaluateAll((rows) => rows.map((r) => [r.querySelector('dt')!.textContent, r.querySelector('dd')!.textContent])),
    );
    expect(facts).to.deep.equal({
      'Council tax band': 'Band C',
      'EPC rating': 'Band B',
      Tenure: 'Leasehold, 125 years',
      'Service charge': '£95 a month',
      'Ground rent': '£0 a year',
      'Floor area': '80 m² (861 sq ft)',
      Broadband: 'Ultrafast, up to 900 Mbps',
      'Price per m²': '£3,000',
    });
    expect(await page().locator('.ratings .epc-badge').innerText()).to.match(/EPC\s*B/);
    expect(await seriousAxeViolations(page())).to.deep.equal([]);
    expect(problems).to.deep.equal([]);
  });
});
