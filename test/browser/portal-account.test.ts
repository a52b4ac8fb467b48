// The portal's account journeys in real Chromium: sign-in by magic link through the test mailbox,
// register interest on a listing and see the decision with its messages, book an open-day viewing from
// an application and cancel it, and an editor's preview of an unpublished listing; axe-core checks the
// listing and account pages.
import { expect } from 'chai';
import { api } from '../support/api.ts';
import { testApp } from '../support/test-app.ts';
import { createAccount, eventually, type TestAccount } from '../support/factories.ts';
import { usePage } from '../support/browser.ts';
import { expectMail } from '../support/smtp-sink.ts';
import { passwordCustomer, uniqueEmail } from '../support/customers.ts';
import { applied, daysFromNow, insertSlot, pushAppListing } from '../support/applications.ts';
import { searchFixture } from '../support/search-fixture.ts';
import { editorKey } from '../support/content.ts';
import { portalPage, seriousAxeViolations, signInPage } from '../support/portal.ts';

describe('browser: the portal account', function () {
  this.timeout(60_000);
  const page = usePage();
  let account: TestAccount;

  before(async () => {
    account = await createAccount({ tier: 'premium' });
  });

  it('signs in by a magic link from the mailbox and shows the profile', async () => {
    const problems = await portalPage(page());
    const email = uniqueEmail('portal');
    await page().goto(`${testApp().baseUrl}/sign-in?next=/account`);
    await page().getByLabel('Email address').fill(email);
    const { link } = await expectMail(email, async () => {
      await page().getByRole('button', { name: 'Email me a link' }).click();
      await page().getByRole('heading', { name: 'Check your email' }).waitFor();
    });
    // this environment sends its e-mails: no word of a local mailbox
    expect(await page().locator('main').innerText()).to.not.match(/local mailbox|localhost/);
    expect(link).to.match(new RegExp(`^${testApp().baseUrl}/sign-in/link/\\d+/[\\w-]+$`));

    await page().goto(link);
    await page().waitForURL('**/account');
    await page().getByText(`Signed in as ${email}`).waitFor();
    await page().getByRole('link', { name: 'My account' }).waitFor();
    // the link works once
    await page().goto(link);
    await page().getByText('This sign-in link does not work any more').waitFor();
    expect(problems.filter((p) => !p.includes('404') && !p.includes('401'))).to.deep.equal([]);
  });

  it('registers interest on a listing and shows the decision with its messages', async () => {
    const problems = await portalPage(page());
    const listing = await pushAppListing(account);
    const customer = await passwordCustomer({ firstName: 'Ada', lastName: 'Lovelace' });
    await signInPage(page(), customer);
    await page().goto(`${testApp().baseUrl}/listings/${listing.slug}`);
    await page().getByRole('heading', { name: 'Register your interest' }).waitFor();
    expect(await seriousAxeViolations(page())).to.deep.equal([]);

    // the listing's eligibility fields (income, deposit) and priority field (key worker)
    await page().getByLabel('Annual household income (£)').fill('95000');
    await page().getByLabel('Deposit or savings (£)').fill('20000');
    await page().getByRole('group', { name: 'Are you a key worker?' }).getByLabel('Yes').check();
    await page().getByRole('button', { name: 'Register interest' }).click();

    const decision = page().locator('.decision');
    await decision.waitFor();
    expect(await decision.locator('.decision-status').innerText()).to.equal('You are not eligible for this home');
    const messages = await decision.locator('.decision-messages li').allInnerTexts();
    expect(messages.join(' ')).to.match(/income/i);
    expect(problems).to.deep.equal([]);
  });

  it('marks required fields, words the 422s, offers available homes only, never names the chosen home as failed and eligible, and remembers the interest', async () => {
    const problems = await portalPage(page());
    const listing = await pushAppListing(account, {
      // deposits on the share at 10%: 7,500 for each home but Flat 2 (15,000)
      properties: [{}, { fullMarketPrice: 600000 }, { availabilityStatus: 'closed' }, { availabilityStatus: 'under-offer' }, {}],
    });
    // the listing's other rules known from the profile: without them no other home can be said to be eligible
    const customer = await passwordCustomer({ eligibleCitizen: true, homeOwnershipStatus: 1 });
    await signInPage(page(), customer);
    await page().goto(`${testApp().baseUrl}/listings/${listing.slug}`);
    await page().getByRole('heading', { name: 'Register your interest' }).waitFor();

    // "Which home?" offers the available homes only
    const options = await page().getByLabel('Which home?').locator('option').allInnerTexts();
    expect(options.map((o) => o.split(' – ')[0])).to.deep.equal(['Any available home in this development', 'Flat 1', 'Flat 2', 'Flat 5']);
    // the listing's eligibility fields are required, and say so
    const income = page().getByLabel(/^Annual household income \(£\)/);
    expect(await income.getAttribute('required')).to.not.equal(null);
    expect(await page().locator('label[for="ri-annualHouseholdIncome"]').innerText()).to.match(/\*$/);

    // a 422 in people's words, at the field
    await page().getByRole('button', { name: 'Register interest' }).click();
    const error = page().locator('#ri-annualHouseholdIncome-error');
    await error.waitFor();
    expect(await error.innerText()).to.equal('Annual household income is needed to register interest in this home.');
    expect(await page().locator('.listing-side').innerText()).to.not.match(/annualHouseholdIncome|is required for this listing/);

    // interest in Flat 2 with a deposit below its own: failed, and Flat 2 is never among the homes eligible for
    // (an income over the listing's limit would fail every home, and name none)
    await page().getByLabel('Which home?').selectOption({ label: 'Flat 2 – 2 bedrooms' });
    await income.fill('45000');
    await page()
      .getByLabel(/^Deposit or savings \(£\)/)
      .fill('10000');
    await page().getByRole('button', { name: 'Register interest' }).click();
    const decision = page().locator('.decision');
    await decision.waitFor();
    expect(await decision.locator('.decision-status').innerText()).to.equal('You are not eligible for this home');
    const said = await decision.innerText();
    const eligibleLine = said.split('\n').find((line) => /eligible for other homes|also eligible for/.test(line)) ?? '';
    // the other available homes the customer qualifies for; not the chosen one, nor a sold or under-offer one
    expect(eligibleLine).to.equal('You are eligible for other homes here: Flat 1, Flat 5.');
    // the home applied for is named as such, and nowhere else
    expect(said).to.include('You applied for Flat 2 (2 bedrooms):');
    expect(said.replace('You applied for Flat 2', '')).to.not.match(/Flat 2|Flat 3|Flat 4/);

    // back on the page: the interest registered, not a blank form
    await page().reload();
    await page()
      .getByRole('heading', { name: /^You registered interest on \d{1,2} \w+ \d{4}$/ })
      .waitFor();
    expect(await page().locator('.listing-side').innerText()).to.include('You are not eligible for this home');
    expect(await page().getByRole('heading', { name: 'Register your interest' }).count()).to.equal(0);
    expect(await seriousAxeViolations(page())).to.deep.equal([]);
    expect(problems.filter((p) => !p.includes('422'))).to.deep.equal([]);
  });

  it('says a sold home is sold instead of offering a form the service would refuse', async () => {
    const problems = await portalPage(page());
    const listing = await pushAppListing(account, { properties: [{ availabilityStatus: 'closed' }] });
    await signInPage(page(), await passwordCustomer());
    await page().goto(`${testApp().baseUrl}/listings/${listing.slug}`);
    await page().getByRole('heading', { name: 'This home is sold' }).waitFor();
    expect(await page().getByRole('button', { name: 'Register interest' }).count()).to.equal(0);
    expect(problems).to.deep.equal([]);
  });

  it('books an open-day viewing from an application, changes its time, then cancels it', async () => {
    const problems = await portalPage(page());
    const listing = await pushAppListing(account);
    await insertSlot(listing.id, new Date(`${daysFromNow(6)}T10:00:00Z`));
    await insertSlot(listing.id, new Date(`${daysFromNow(6)}T11:30:00Z`));
    const customer = await passwordCustomer();
    await applied(customer, listing.id);
    await signInPage(page(), customer);

    await page().goto(`${testApp().baseUrl}/account/applications`);
    // a new customer: this is the one application
    const application = page().locator('article.application');
    await application.getByRole('heading', { name: /Wharf/ }).waitFor();
    await application.getByRole('button', { name: /^Book 10:00/ }).click();
    // the confirmation, or the application shown again with its next viewing, whichever the page is at
    await page().getByText(/You are booked for the open day on|Next viewing: .* at 10:00/).first().waitFor();
    expect(await seriousAxeViolations(page())).to.deep.equal([]);

    await page().getByRole('link', { name: 'Viewings' }).click();
    await page().waitForURL('**/account/appointments');
    const viewing = page().locator('article.appointment');
    await viewing.getByText('Confirmed').waitFor();
    await viewing.getByRole('button', { name: 'Change time' }).click();
    await viewing.getByRole('button', { name: /at 11:30/ }).click();
    await eventually(async () => expect(await viewing.innerText()).to.include('11:30'));
    await viewing.getByRole('button', { name: 'Cancel viewing' }).click();
    await viewing.getByRole('button', { name: 'Yes, cancel it' }).click();
    await page().getByText('No viewings booked').waitFor();
    await page().getByLabel('Show').selectOption('all');
    await page().locator('article.appointment', { hasText: 'Cancelled' }).waitFor();
    expect(problems).to.deep.equal([]);
  });

  it('saves the profile, updates an application and archives it', async () => {
    const problems = await portalPage(page());
    const listing = await pushAppListing(account);
    const customer = await passwordCustomer({ firstName: 'Grace', lastName: 'Hopper' });
    await applied(customer, listing.id);
    await signInPage(page(), customer);

    await page().goto(`${testApp().baseUrl}/account`);
    await page().getByLabel('First name').fill('Amazing Grace');
    await page().getByRole('button', { name: 'Save profile' }).click();
    await page().getByText('Your profile is saved.').waitFor();
    await page().reload();
    await eventually(async () => expect(await page().getByLabel('First name').inputValue()).to.equal('Amazing Grace'));

    await page().goto(`${testApp().baseUrl}/account/applications`);
    const application = page().locator('article.application');
    await application.getByRole('heading', { name: /Wharf/ }).waitFor();
    await application.getByLabel('Message to the provider').fill('Mornings suit me best');
    await application.getByRole('button', { name: 'Update application' }).click();
    await application.getByText('Saved.').waitFor();
    page().once('dialog', (dialog) => void dialog.accept());
    await application.getByRole('button', { name: 'Archive application' }).click();
    await eventually(async () => expect(await page().locator('article.application').count()).to.equal(0));
    await page().getByLabel('Show archived applications').check();
    await page().locator('article.application', { hasText: 'Wharf' }).waitFor();
    expect(problems).to.deep.equal([]);
  });

  it('shows an unpublished listing through a preview link with a preview banner, and to nobody else', async () => {
    await portalPage(page());
    const { listings } = await searchFixture();
    const key = await editorKey();
    await page().goto(`${testApp().baseUrl}/listings/${listings.leedsDraft!.slug}`);
    await page().getByRole('heading', { name: 'Listing not found' }).waitFor();
    const link = await api.post(`/api/rest/listings/${listings.leedsDraft!.id}/preview-link`, undefined, { headers: { 'X-Api-Key': key } });
    expect(link.status, link.text).to.equal(201);
    expect(link.body.url).to.not.include(key);
    await page().goto(link.body.url);
    await page().getByRole('heading', { level: 1, name: 'Draft Quay' }).waitFor();
    expect(await page().locator('.preview-banner').innerText()).to.match(/^Preview/);
  });
});
