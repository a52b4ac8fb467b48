// The home seeker's forms and answers, in real Chromium at a laptop's 1366x768 and a phone's 375x812:
// error summaries whose errors are links to their fields (profile, sign-up, sign-in), the home page's
// "What can I afford?" and scheme choice sent as the search's own parameters, the decision after
// registering interest naming the home applied for and its cost (never offering a home applied for),
// an ineligible listing's reasons given once, the stepper down the listing page's side panel, a viewing
// booked from the applications page confirmed with its address and calendar file, and what the account
// pages say after a password sign-up, a password reset and a used reset link.
import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { api } from '../support/api.ts';
import { testApp } from '../support/test-app.ts';
import { createAccount, type TestAccount } from '../support/factories.ts';
import { usePage } from '../support/browser.ts';
import { P, clientIp, fromIp, passwordCustomer, uniqueEmail } from '../support/customers.ts';
import { applied, daysFromNow, insertSlot, pushAppListing, type PushedListing } from '../support/applications.ts';
import { searchFixture } from '../support/search-fixture.ts';
import { portalPage, seriousAxeViolations, signInPage } from '../support/portal.ts';

const SIZES = [
  { width: 1366, height: 768 },
  { width: 375, height: 812 },
];

/** the id of the focused element, or its class when it has none, once it is `expected` (or the last seen after a while) */
async function focused(page: Page, expected?: string): Promise<string> {
  const now = () => page.evaluate<string>("document.activeElement?.id || document.activeElement?.className || ''");
  for (let i = 0; i < 20 && expected !== undefined; i++) {
    const seen = await now();
    if (seen.includes(expected)) return seen;
    await page.waitForTimeout(50);
  }
  return now();
}

/** how many times `text` occurs in `within` */
const occurrences = (within: string, text: string) => within.split(text).length - 1;

/** the search requests the page made to the API */
function searchRequests(page: Page): URL[] {
  const seen: URL[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (/\/api\/rest\/portal\/search$/.test(url.pathname)) seen.push(url);
  });
  return seen;
}

describe('browser: error summaries, the home page, decisions and account messages', function () {
  this.timeout(90_000);
  const page = usePage();
  let account: TestAccount;
  // one home available of two: "any home" is that one
  let oneLeft: PushedListing;
  // three homes available
  let three: PushedListing;
  // the default rules: income up to £80,000, British or EU/EEA citizens, first-time buyers and the like
  let ruled: PushedListing;
  let withOpenDay: PushedListing;

  before(async function () {
    this.timeout(90_000);
    await searchFixture();
    account = await createAccount({ tier: 'premium' });
    oneLeft = await pushAppListing(account, { properties: [{}, { availabilityStatus: 'closed' }] });
    three = await pushAppListing(account, { properties: [{}, {}, {}] });
    ruled = await pushAppListing(account);
    withOpenDay = await pushAppListing(account);
    await insertSlot(withOpenDay.id, new Date(`${daysFromNow(8)}T10:00:00Z`), 20);
  });

  for (const size of SIZES) {
    describe(`at ${size.width}x${size.height}`, () => {
      it('sums up the profile’s errors at the top, focused, each a link that moves focus to its field', async () => {
        const problems = await portalPage(page());
        await page().setViewportSize(size);
        await signInPage(page(), await passwordCustomer());
        await page().goto(`${testApp().baseUrl}/account`);
        await page().getByLabel('Date of birth').fill('2090-01-01');
        await page().getByRole('button', { name: 'Save profile' }).click();
        const summary = page().locator('.error-summary');
        await summary.waitFor();
        expect(await focused(page(), 'error-summary')).to.equal('error-summary');
        // at the top of the form, before its first field
        const [summaryTop, firstFieldTop] = await Promise.all([
          summary.evaluate((el) => el.getBoundingClientRect().top),
          page()
            .getByLabel('First name')
            .evaluate((el) => el.getBoundingClientRect().top),
        ]);
        expect(summaryTop).to.be.below(firstFieldTop);
        const link = summary.getByRole('link', { name: 'Date of birth must be a date in the past.' });
        expect(await link.getAttribute('href')).to.equal('#profile-dateOfBirth');
        await link.click();
        expect(await focused(page(), 'profile-dateOfBirth')).to.equal('profile-dateOfBirth');
        expect(await seriousAxeViolations(page())).to.deep.equal([]);
        expect(problems.filter((p) => !p.includes('422'))).to.deep.equal([]);
      });

      it('sums up sign-up and sign-in errors as links to their fields, and the summary takes focus', async () => {
        const problems = await portalPage(page());
        await page().setViewportSize(size);
        const taken = await passwordCustomer();
        await page().goto(`${testApp().baseUrl}/sign-in`);
        await page().getByLabel('Create an account with a password').check();
        await page().getByLabel('Email address').fill(uniqueEmail('weak'));
        await page().getByLabel('Password', { exact: true }).fill('123456');
        await page().getByRole('button', { name: 'Create account' }).click();
        const summary = page().locator('.error-summary');
        await summary.waitFor();
        expect(await focused(page(), 'error-summary')).to.equal('error-summary');
        const passwordLink = summary.getByRole('link').first();
        expect(await passwordLink.getAttribute('href')).to.equal('#password');
        await passwordLink.click();
        expect(await focused(page(), 'password')).to.equal('password');
        expect(await page().getByLabel('Password', { exact: true }).getAttribute('aria-invalid')).to.equal('true');

        // an address taken already: the link goes to the email address
        await page().getByLabel('Email address').fill(taken.email);
        await page().getByLabel('Password', { exact: true }).fill('a much better passphrase');
        await page().getByRole('button', { name: 'Create account' }).click();
        await summary.getByRole('link', { name: /e-mail address is already registered/ }).waitFor();
        expect(await focused(page(), 'error-summary')).to.equal('error-summary');
        await summary.getByRole('link', { name: /e-mail address is already registered/ }).click();
        expect(await focused(page(), 'email')).to.equal('email');

        // a wrong password at sign-in
        await page().getByLabel('With my password').check();
        await page().getByLabel('Email address').fill(taken.email);
        await page().getByLabel('Password', { exact: true }).fill('not the password');
        await page().getByRole('button', { name: 'Sign in' }).click();
        const wrong = summary.getByRole('link', { name: 'The email address or the password is not right.' });
        await wrong.waitFor();
        expect(await focused(page(), 'error-summary')).to.equal('error-summary');
        await wrong.click();
        expect(await focused(page(), 'email')).to.equal('email');
        expect(await seriousAxeViolations(page())).to.deep.equal([]);
        expect(problems.filter((p) => !p.includes('422') && !p.includes('401'))).to.deep.equal([]);
      });

      it('offers "What can I afford?" and a scheme choice on the home page, sent as the search’s own parameters', async () => {
        const problems = await portalPage(page());
        await page().setViewportSize(size);
        const requests = searchRequests(page());
        await page().goto(`${testApp().baseUrl}/`);
        const hero = page().locator('.hero');
        await hero.getByRole('radio', { name: 'Shared ownership' }).check();
        const details = hero.locator('details.afford-box');
        if (!(await details.evaluate((el) => el.hasAttribute('open')))) await details.locator('summary').click();
        const box = page().getByRole('form', { name: 'What can I afford?' });
        await box.getByLabel('Household income a year (£)').fill('34000');
        await box.getByLabel('Savings for a deposit (£)').fill('6000');
        await box.getByLabel('Where you work (postcode, optional)').fill('LS1 4AP');
        if (size.width > 1000) {
          // beside the place box on a laptop
          const [place, afford] = await Promise.all([
            page().getByRole('combobox', { name: 'Place or postcode' }).boundingBox(),
            details.boundingBox(),
          ]);
          expect(afford!.x).to.be.above(place!.x + place!.width);
          expect(afford!.y).to.be.below(place!.y + place!.height);
        }
        expect(await seriousAxeViolations(page())).to.deep.equal([]);
        await box.getByRole('button', { name: 'Show what I can afford' }).click();
        await page().waitForURL(/\/search\?.*household_income=34000/);
        const address = new URL(page().url()).searchParams;
        expect(address.get('deposit')).to.equal('6000');
        expect(address.get('work_postcode')).to.equal('LS1 4AP');
        expect(address.get('occupancy_type')).to.equal('for-sale');
        expect(address.getAll('schemes[]')).to.deep.equal(['shared-ownership']);
        await page().locator('#results-summary').waitFor();
        const sent = requests.at(-1)!.searchParams;
        expect(sent.get('household_income')).to.equal('34000');
        expect(sent.get('deposit')).to.equal('6000');
        expect(sent.get('work_postcode')).to.equal('LS1 4AP');
        expect(sent.getAll('schemes[]')).to.deep.equal(['shared-ownership']);

        // to rent, with a place
        await page().goto(`${testApp().baseUrl}/`);
        await hero.getByRole('radio', { name: 'Rent' }).check();
        await page().getByRole('combobox', { name: 'Place or postcode' }).fill('Leeds');
        await page().getByRole('button', { name: 'Search homes' }).click();
        await page().waitForURL(/\/search\?/);
        const rent = new URL(page().url()).searchParams;
        expect(rent.get('occupancy_type')).to.equal('to-rent');
        expect(rent.get('location')).to.equal('Leeds');
        expect(rent.getAll('schemes[]')).to.deep.equal([]);
        expect(problems).to.deep.equal([]);
      });

      it('names the home applied for and its cost, and offers no home as "also eligible" that was applied for', async () => {
        const problems = await portalPage(page());
        await page().setViewportSize(size);
        const customer = await passwordCustomer({
          annualHouseholdIncome: 40000,
          deposit: 50000,
          eligibleCitizen: true,
          homeOwnershipStatus: 1,
        });
        await signInPage(page(), customer);
        // one home to be had of two: the interest is in it
        await page().goto(`${testApp().baseUrl}/listings/${oneLeft.slug}`);
        await page().getByRole('button', { name: 'Register interest' }).click();
        const decision = page().locator('.decision');
        await decision.waitFor();
        const said = await decision.innerText();
        expect(said).to.include('You applied for Flat 1 (2 bedrooms):');
        // the shared-ownership price of Flat 1 and its monthly cost, as the listing page gives them
        expect(said).to.include('£75,000').and.include('for a 25% share of £300,000');
        expect(said).to.match(/£[\d,]+ a month/);
        expect(said).to.not.match(/also eligible|eligible for:/);

        // a home applied for before is not offered again
        await applied(customer, three.id, { property: three.propertyIds[0] });
        await page().goto(`${testApp().baseUrl}/listings/${three.slug}`);
        await page().getByRole('button', { name: 'Register interest again' }).click();
        await page().getByRole('button', { name: 'Register interest' }).click();
        await decision.waitFor();
        const again = await decision.innerText();
        expect(again).to.include('You applied for any available home in this development.');
        const line = again.split('\n').find((l) => /eligible for/.test(l)) ?? '';
        expect(line).to.equal('You are eligible for: Flat 2, Flat 3.');
        expect(await seriousAxeViolations(page())).to.deep.equal([]);
        expect(problems).to.deep.equal([]);
      });

      it('gives an ineligible customer the reasons once on the listing page', async () => {
        const problems = await portalPage(page());
        await page().setViewportSize(size);
        const customer = await passwordCustomer({
          annualHouseholdIncome: 95000,
          deposit: 20000,
          eligibleCitizen: false,
          homeOwnershipStatus: 4,
        });
        await signInPage(page(), customer);
        await page().goto(`${testApp().baseUrl}/listings/${ruled.slug}`);
        await page().getByRole('heading', { name: 'Register your interest' }).waitFor();
        const reasons = ["above this home's limit", 'only for British or EU/EEA citizens', 'only for first-time buyers'];
        // the listing's head and columns (similar listings' cards below judge other homes)
        const pageText = async () =>
          (await page().locator('.listing-head').innerText()) + (await page().locator('.listing-columns').innerText());
        const before = await pageText();
        for (const reason of reasons) expect(occurrences(before, reason), reason).to.equal(1);
        await page().getByRole('button', { name: 'Register interest' }).click();
        await page().locator('.decision').waitFor();
        const after = await pageText();
        for (const reason of reasons) expect(occurrences(after, reason), reason).to.equal(1);
        // with the decision, where the customer is looking; the heading's line links there
        expect(await page().locator('.decision').innerText()).to.include(reasons[0]);
        expect(await page().locator('.listing-head .eligibility a').getAttribute('href')).to.equal('#register-decision');

        // after a reload: the interest registered, with the reasons
        await page().reload();
        await page()
          .getByRole('heading', { name: /^You registered interest on/ })
          .waitFor();
        const again = await pageText();
        for (const reason of reasons) expect(occurrences(again, reason), reason).to.equal(1);
        expect(await seriousAxeViolations(page())).to.deep.equal([]);
        expect(problems).to.deep.equal([]);
      });

      it('lays the stepper down the listing page’s side panel, one step under another', async () => {
        const problems = await portalPage(page());
        await page().setViewportSize(size);
        const customer = await passwordCustomer();
        await applied(customer, oneLeft.id);
        await signInPage(page(), customer);
        await page().goto(`${testApp().baseUrl}/listings/${oneLeft.slug}`);
        const steps = page().locator('.listing-side .stepper .step');
        await steps.first().waitFor();
        const boxes = await steps.evaluateAll((els) =>
          els.map((el) => el.getBoundingClientRect()).map((r) => ({ x: r.x, y: r.y, bottom: r.bottom })),
        );
        expect(boxes).to.have.length(7);
        for (const [i, box] of boxes.entries()) {
          expect(box.x, `step ${i + 1}`).to.equal(boxes[0]!.x);
          if (i > 0) expect(box.y, `step ${i + 1}`).to.be.at.least(boxes[i - 1]!.bottom);
        }
        expect(problems).to.deep.equal([]);
      });

      it('confirms a viewing booked from the applications page with its address and calendar file', async () => {
        const problems = await portalPage(page());
        await page().setViewportSize(size);
        const customer = await passwordCustomer();
        await applied(customer, withOpenDay.id);
        await signInPage(page(), customer);
        await page().goto(`${testApp().baseUrl}/account/applications`);
        const application = page().locator('article.application');
        await application.getByRole('button', { name: /^Book 10:00/ }).click();
        const confirmation = application.getByRole('status').filter({ hasText: 'You are booked for the open day on' });
        await confirmation.waitFor();
        // the application is shown again with its next viewing: the confirmation stays
        await page().getByText('Loading…').waitFor({ state: 'detached' });
        const text = await confirmation.innerText();
        expect(text).to.match(/^You are booked for the open day on .+ at 1[01]:00/);
        expect(text).to.match(/Address: Canal Street/);
        const calendar = confirmation.getByRole('link', { name: 'Add to calendar' });
        const href = (await calendar.getAttribute('href'))!;
        const file = await page().request.get(new URL(href, testApp().baseUrl).href);
        expect(file.headers()['content-type']).to.match(/^text\/calendar/);
        expect(await confirmation.evaluate((el) => el === el.ownerDocument.activeElement)).to.equal(true);
        expect(await seriousAxeViolations(page())).to.deep.equal([]);
        expect(problems).to.deep.equal([]);
      });

      it('says at a password sign-up that a link to confirm the address was sent', async () => {
        const problems = await portalPage(page());
        await page().setViewportSize(size);
        const email = uniqueEmail('signup');
        await page().goto(`${testApp().baseUrl}/sign-in?next=/account`);
        await page().getByLabel('Create an account with a password').check();
        await page().getByLabel('Email address').fill(email);
        await page().getByLabel('Password', { exact: true }).fill('a long enough passphrase');
        await page().getByRole('button', { name: 'Create account' }).click();
        await page().waitForURL('**/account');
        const notice = page().getByRole('status').filter({ hasText: 'confirm your email address' });
        await notice.waitFor();
        expect(await notice.innerText()).to.include(`We sent a link to ${email} to confirm your email address`);
        // once: not on the next page
        await page().getByRole('link', { name: 'Favourites' }).click();
        await page().getByRole('heading', { name: 'Favourites' }).waitFor();
        expect(await notice.count()).to.equal(0);
        expect(problems).to.deep.equal([]);
      });

      it('says that other sessions ended at a password reset, and that a used reset link was used, with a way to a new one', async () => {
        const problems = await portalPage(page());
        await page().setViewportSize(size);
        const customer = await passwordCustomer();
        const forgot = await api.post(
          `${P}/forgot-password`,
          { email: customer.email, url: `${testApp().baseUrl}/sign-in/reset-password` },
          fromIp(clientIp()),
        );
        expect(forgot.status, forgot.text).to.equal(200);
        const link = forgot.body.magicLink as string;
        await page().goto(link);
        await page().getByLabel('New password').fill('another long passphrase');
        await page().getByRole('button', { name: 'Change my password' }).click();
        const done = page().getByRole('status').filter({ hasText: 'Your password is changed.' });
        await done.waitFor();
        expect(await done.innerText()).to.include(
          'every session signed in to your account, on this device and on any other, has been signed out',
        );
        // the old session is over indeed
        expect((await api.get(`${P}/profile`, { headers: { Authorization: `Bearer ${customer.accessToken}` } })).status).to.equal(401);

        await page().goto(link);
        await page().getByLabel('New password').fill('yet another passphrase');
        await page().getByRole('button', { name: 'Change my password' }).click();
        const used = page().getByRole('alert').filter({ hasText: 'The password was not changed' });
        await used.waitFor();
        expect(await used.innerText()).to.include('This link was used already or has expired');
        expect(await page().locator('main').innerText()).to.not.include('We could not find that page');
        expect(await used.getByRole('link', { name: 'Send me a new reset link' }).getAttribute('href')).to.equal(
          '/sign-in/forgot-password',
        );
        expect(await seriousAxeViolations(page())).to.deep.equal([]);
        expect(problems.filter((p) => !p.includes('404'))).to.deep.equal([]);
      });
    });
  }
});
