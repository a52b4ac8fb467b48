// Saved searches in the portal, in real Chromium: "Save this search" on the search page (its name, its
// alert frequency, its 422 messages, the sign-in offered to others), the account's saved searches
// (alert settings, rename, matches, the link back to the search, delete; axe-core on the section), and
// the unsubscribe page the alert e-mails link to.
import { randomBytes } from 'node:crypto';
import { expect } from 'chai';
import { testApp } from '../support/test-app.ts';
import { usePage } from '../support/browser.ts';
import { api } from '../support/api.ts';
import { bearer, P, passwordCustomer } from '../support/customers.ts';
import { searchFixture } from '../support/search-fixture.ts';
import { portalPage, seriousAxeViolations, signInPage } from '../support/portal.ts';

const savedOf = (customerId: number) => testApp().runtime.prisma.savedSearch.findMany({ where: { customerId }, orderBy: { id: 'asc' } });

describe('browser: the portal saved searches', function () {
  this.timeout(60_000);
  const page = usePage();

  before(async () => {
    await searchFixture();
  });

  it('saves the search from the search page, then changes, renames and deletes it in the account', async () => {
    const problems = await portalPage(page());
    const customer = await passwordCustomer();
    await signInPage(page(), customer);
    await page().goto(`${testApp().baseUrl}/search?occupancy_type=for-sale&location=Leeds&radius=5&min_bedrooms=1&page=1`);
    await page()
      .getByRole('heading', { name: /homes? for sale within 5 miles of Leeds$/ })
      .waitFor();

    await page().getByRole('button', { name: 'Save this search' }).click();
    const name = page().getByLabel('Name of this search');
    expect(await name.inputValue()).to.equal('Leeds');
    expect(await page().getByLabel('E-mail me new matches').inputValue()).to.equal('daily');
    // a name is needed: the 422's message is shown at the field
    await name.fill('  ');
    await page().getByRole('button', { name: 'Save search' }).click();
    await page().locator('#save-search-name-error').waitFor();
    expect(await savedOf(customer.id)).to.have.length(0);

    await name.fill('Leeds flats');
    await page().getByRole('button', { name: 'Save search' }).click();
    await page().getByText('Saved as “Leeds flats”').waitFor();
    const [row] = await savedOf(customer.id);
    expect(row!.query).to.deep.equal({ occupancy_type: 'for-sale', location: 'Leeds', radius: '5', min_bedrooms: '1' });
    expect(row!.alertFrequency).to.equal('daily');

    // the link in the message shows that saved search
    await page().getByRole('link', { name: 'See your saved searches' }).click();
    await page().waitForURL(`**/account/saved-searches/${row!.id}`);
    await page().getByRole('heading', { level: 3, name: 'Leeds flats' }).waitFor();
    await page().getByRole('link', { name: 'All your saved searches' }).click();
    await page().waitForURL('**/account/saved-searches');

    const card = page().locator('article.saved-search', { hasText: 'Leeds flats' });
    await card.locator('.saved-summary').getByText(/Leeds/).waitFor();
    expect(await seriousAxeViolations(page())).to.deep.equal([]);

    // alert settings
    await card.getByLabel('How often').selectOption('weekly');
    await card.getByLabel('Price reductions').uncheck();
    await card.getByRole('button', { name: 'Save alert settings' }).click();
    await card.getByText('Alert settings saved.').waitFor();
    const [changed] = await savedOf(customer.id);
    expect([changed!.alertFrequency, changed!.alertNewListings, changed!.alertPriceReductions]).to.deep.equal(['weekly', true, false]);
    await page().reload();
    expect(await card.getByLabel('How often').inputValue()).to.equal('weekly');
    expect(await card.getByLabel('Price reductions').isChecked()).to.equal(false);

    // its matches, then the search itself
    await card.getByRole('button', { name: /^See matches/ }).click();
    // the total counts listings: developments, with the homes beside them only when the facets tell them
    await card.getByRole('heading', { level: 4, name: /^\d+ developments?(, \d+ homes?)? match(es)?$/ }).waitFor();
    expect(await card.locator('.saved-matches .listing-card').count()).to.be.greaterThan(0);
    expect((await savedOf(customer.id))[0]!.lastViewedAt).to.be.an.instanceOf(Date);
    await card.getByRole('link', { name: /^Open this search/ }).click();
    // the stored query's parameters, in whatever order it keeps them
    await page().waitForURL((url) => url.pathname === '/search');
    const opened = new URL(page().url()).searchParams;
    expect(Object.fromEntries([...opened].sort())).to.deep.equal({
      location: 'Leeds',
      min_bedrooms: '1',
      occupancy_type: 'for-sale',
      radius: '5',
    });
    await page()
      .getByRole('heading', { name: /homes? for sale within 5 miles of Leeds$/ })
      .waitFor();
    await page().goBack();

    // rename
    await card.getByRole('button', { name: /^Rename/ }).click();
    await card.getByLabel('New name').fill('Leeds homes');
    await card.getByRole('button', { name: 'Save name' }).click();
    const renamed = page().locator('article.saved-search', { hasText: 'Leeds homes' });
    await renamed.getByRole('heading', { level: 3, name: 'Leeds homes' }).waitFor();
    expect((await savedOf(customer.id))[0]!.name).to.equal('Leeds homes');

    // delete, once confirmed
    page().once('dialog', (dialog) => void dialog.accept());
    await renamed.getByRole('button', { name: /^Delete/ }).click();
    await page().getByText('No saved searches yet').waitFor();
    expect(await savedOf(customer.id)).to.have.length(0);
    expect(problems.filter((p) => !p.includes('422'))).to.deep.equal([]);
  });

  it('shows the search’s own 422 messages, and offers others a sign-in that comes back', async () => {
    const problems = await portalPage(page());
    await page().goto(`${testApp().baseUrl}/search?occupancy_type=for-sale&location=Leeds&radius=5`);
    const signIn = page().getByRole('link', { name: 'Sign in to save this search' });
    await signIn.waitFor();
    expect(await signIn.getAttribute('href')).to.equal(
      `/sign-in?next=${encodeURIComponent('/search?occupancy_type=for-sale&location=Leeds&radius=5')}`,
    );
    expect(problems).to.deep.equal([]);

    const customer = await passwordCustomer();
    await signInPage(page(), customer);
    await page().goto(`${testApp().baseUrl}/search?occupancy_type=for-sale&location=Leeds&radius=-5`);
    await page().getByRole('button', { name: 'Save this search' }).click();
    await page().getByRole('button', { name: 'Save search' }).click();
    const alert = page().locator('.save-search .problem');
    await alert.getByText('This search was not saved').waitFor();
    expect(await alert.locator('li').allInnerTexts()).to.satisfy((lines: string[]) => lines.includes('Distance must not be negative.'));
    expect(await savedOf(customer.id)).to.have.length(0);
  });

  it('stops a saved search’s alerts from the unsubscribe page, and says when the link is not known', async () => {
    const problems = await portalPage(page());
    const customer = await passwordCustomer();
    const created = await api.post(
      `${P}/profile/saved-searches`,
      { name: 'Bristol', query: { location: 'Bristol', radius: 3 }, alerts: { frequency: 'instant' } },
      bearer(customer.accessToken),
    );
    expect(created.status).to.equal(201);
    const { unsubscribeToken } = await testApp().runtime.prisma.savedSearch.findUniqueOrThrow({ where: { id: created.body.id } });

    await page().goto(`${testApp().baseUrl}/alerts/unsubscribe/${unsubscribeToken}`);
    await page().getByRole('heading', { level: 1, name: 'Stop e-mail alerts' }).waitFor();
    // opening the page changes nothing
    expect((await testApp().runtime.prisma.savedSearch.findUniqueOrThrow({ where: { id: created.body.id } })).alertFrequency).to.equal(
      'instant',
    );
    await page().getByRole('button', { name: 'Stop these alerts' }).click();
    await page().getByText('You will get no more alerts for this saved search').waitFor();
    expect((await testApp().runtime.prisma.savedSearch.findUniqueOrThrow({ where: { id: created.body.id } })).alertFrequency).to.equal(
      'off',
    );

    await page().goto(`${testApp().baseUrl}/alerts/unsubscribe/${randomBytes(32).toString('base64url')}`);
    await page().getByRole('button', { name: 'Stop these alerts' }).click();
    await page().getByText('This link is not known').waitFor();
    expect(problems.filter((p) => !p.includes('404'))).to.deep.equal([]);
  });
});
