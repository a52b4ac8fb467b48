// Eligibility on every result, in real Chromium (PORTAL-EXTRAS §11): a signed-in customer with values
// sees on each card and on the listing page whether they meet the home's rules, in the decision's words;
// nobody signed in sees no such line. At 1366 px and 375 px, with axe-core finding nothing serious.
// Listings of their own in the TR1 postcode district.
import { expect } from 'chai';
import { testApp } from '../support/test-app.ts';
import { api } from '../support/api.ts';
import { createAccount, developmentPayload, listingPayload, propertyPayload, withKey, type TestAccount } from '../support/factories.ts';
import { usePage } from '../support/browser.ts';
import { passwordCustomer } from '../support/customers.ts';
import { portalPage, seriousAxeViolations, signInPage } from '../support/portal.ts';

const AREA = 'occupancy_type=for-sale&location=TR1&radius=0&max_featured=0';
const ABOVE_LIMIT = "Your household income of £95,000 is above this home's limit of £80,000 a year.";

async function pushListing(account: TestAccount, ref: string, name: string, eligibility: Record<string, unknown>): Promise<string> {
  const k = withKey(account);
  const dev = await api.put(`/api/rest/inventory/developments/${ref}`, developmentPayload({ postcode: 'TR1 2AA', latitude: 50.2632, longitude: -5.051, displayAddress: `${name}, Truro`, localAreaName: 'Truro' }), k);
  expect(dev.status, JSON.stringify(dev.body)).to.be.oneOf([200, 201]);
  // a market sale of £100,000: with £50,000 down and £95,000 a year, affordable, so money never decides here
  const property = await api.put(
    `/api/rest/inventory/properties/${ref}`,
    propertyPayload(ref, { isSharedOwnership: false, fullMarketPrice: 100_000, minSharePercentage: null, subsidisedMonthlyRent: null, monthlyServiceCharge: null, annualGroundRent: null }),
    k,
  );
  expect(property.status, JSON.stringify(property.body)).to.be.oneOf([200, 201]);
  const res = await api.put(
    `/api/rest/listings/${ref}`,
    listingPayload(ref, [ref], { name, schemes: ['market-sale'], depositPercentage: 5, eligibility, registerInterestFields: { eligibilityFields: [], priorityFields: [] } }),
    withKey(account, { refresh: 'wait_for' }),
  );
  expect(res.status, JSON.stringify(res.body)).to.equal(201);
  return res.body.slug as string;
}

describe('browser: eligibility on every result', function () {
  this.timeout(60_000);
  const page = usePage();
  let capped: string;

  before(async () => {
    const account = await createAccount({ tier: 'premium' });
    capped = await pushListing(account, 'el-kenwyn', 'Kenwyn Row', { maxHouseholdIncome: 80_000 });
    await pushListing(account, 'el-lemon', 'Lemon Quay', {});
  });

  const card = (name: string) => page().locator('.result-list .listing-card', { has: page().getByRole('link', { name, exact: true }) });

  for (const width of [1366, 375]) {
    it(`says on each card and on the listing page whether the customer meets the rules, at ${width} px`, async () => {
      await page().setViewportSize({ width, height: width > 500 ? 900 : 740 });
      const problems = await portalPage(page());
      await page().goto(`${testApp().baseUrl}/search?${AREA}`);
      await card('Kenwyn Row').waitFor();
      expect(await card('Kenwyn Row').locator('.eligibility').count(), 'nobody signed in').to.equal(0);

      const customer = await passwordCustomer({ annualHouseholdIncome: 95_000, deposit: 50_000 });
      await signInPage(page(), customer);
      await page().goto(`${testApp().baseUrl}/search?${AREA}`);
      await card('Kenwyn Row').locator('.eligibility').waitFor();
      expect(await card('Kenwyn Row').locator('.eligibility').innerText()).to.equal(ABOVE_LIMIT);
      expect(await card('Lemon Quay').locator('.eligibility').innerText()).to.equal("You meet this home's rules");
      expect(await card('Lemon Quay').locator('.eligibility').isVisible()).to.equal(true);
      expect(await seriousAxeViolations(page())).to.deep.equal([]);

      await page().goto(`${testApp().baseUrl}/listings/${capped}`);
      await page().getByRole('heading', { name: 'Kenwyn Row', level: 1 }).waitFor();
      const line = page().locator('.listing-price .eligibility');
      expect(await line.innerText()).to.equal(ABOVE_LIMIT);
      expect(await line.isVisible()).to.equal(true);
      expect(await seriousAxeViolations(page())).to.deep.equal([]);
      expect(problems).to.deep.equal([]);
    });
  }
});
