// After applying, in real Chromium at 1366 px and at 375 px: the application's progress as a stepper
// (stages done, current and to come, the place in the queue and the provider's note; an unsuccessful one
// offered no open day); register interest pre-filled from the profile, saying its answers go to the
// profile, sending only what was changed, and its result brought into view with focus on a phone;
// viewings with their address and "Add to calendar" (an iCalendar file); a question before cancelling and
// a message once cancelled; "Forgot password?" and the index pages of news, guides and areas.
// axe-core finds nothing serious on these pages.
import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { api } from '../support/api.ts';
import { testApp } from '../support/test-app.ts';
import { createAccount, eventually, withKey, type TestAccount } from '../support/factories.ts';
import { usePage } from '../support/browser.ts';
import { bearer, P, passwordCustomer } from '../support/customers.ts';
import { applied, daysFromNow, insertSlot, PASSING, pushAppListing, slotIds } from '../support/applications.ts';
import { portalPage, seriousAxeViolations, signInPage } from '../support/portal.ts';
import { ProgressMail } from '../../src/applications/progress-mail.ts';
import { alertMail } from '../../src/alerts/alert-mail.ts';
import { InterestRegisteredMail } from '../../src/applications/interest-registered-mail.ts';
import { ViewingBookedMail } from '../../src/appointments/viewing-booked-mail.ts';

const WIDTHS = [
  { name: 'desktop', width: 1366, height: 800 },
  { name: 'phone', width: 375, height: 740 },
] as const;

/** Whether the element's top is on the screen (within the viewport's height). */
async function inView(page: Page, selector: string): Promise<boolean> {
  return page.evaluate<boolean>(`(() => {
    const box = document.querySelector(${JSON.stringify(selector)}).getBoundingClientRect();
    return box.top >= 0 && box.top < window.innerHeight;
  })()`);
}

/** Waits until the page's focused element has this id (or class). */
async function focusedOn(page: Page, test: string): Promise<void> {
  await eventually(async () => expect(await page.evaluate<boolean>(`!!document.activeElement && (${test})(document.activeElement)`)).to.equal(true), 5000, 50);
}

describe('browser: application progress and viewings', function () {
  this.timeout(90_000);
  const page = usePage();
  let account: TestAccount;

  before(async () => {
    account = await createAccount();
  });

  for (const size of WIDTHS) {
    describe(`at ${size.width} px`, () => {
      beforeEach(async () => {
        await page().setViewportSize({ width: size.width, height: size.height });
      });

      it('shows the progress of an application as a stepper, with the place in the queue, the note and where to send documents; a closed application (unsuccessful, failed) its stages reached and "closed", no stage to come and no open day', async () => {
        const problems = await portalPage(page());
        const listing = await pushAppListing(account);
        await insertSlot(listing.id, new Date(`${daysFromNow(8)}T10:00:00Z`));
        const customer = await passwordCustomer();
        const moving = await applied(customer, listing.id);
        for (const stage of ['in-review', 'documents-requested'])
          expect((await api.patch(`/api/rest/leads/${moving.id}`, { stage, position: 4, note: stage === 'documents-requested' ? 'Please send your last three payslips.' : null }, withKey(account))).status).to.equal(200);
        const other = await pushAppListing(account, { listing: { name: `Closed ${size.name}` } });
        await insertSlot(other.id, new Date(`${daysFromNow(8)}T10:00:00Z`));
        const closed = await applied(customer, other.id);
        expect((await api.patch(`/api/rest/leads/${closed.id}`, { stage: 'unsuccessful', note: 'All homes are let.' }, withKey(account))).status).to.equal(200);
        const third = await pushAppListing(account, { listing: { name: `Failed ${size.name}` } });
        await insertSlot(third.id, new Date(`${daysFromNow(8)}T10:00:00Z`));
        expect((await applied(customer, third.id, { annualHouseholdIncome: 500_000 })).eligibilityStatus).to.equal('failed');
        await signInPage(page(), customer);

        await page().goto(`${testApp().baseUrl}/account/applications`);
        const card = page().locator('article.application', { hasText: 'Please send' });
        const stepper = card.getByRole('list', { name: 'Progress of your application' });
        await stepper.waitFor();
        expect(await stepper.locator('[aria-current="step"] .step-name').innerText()).to.equal('Documents requested');
        expect(await stepper.locator('.step-done .step-name').allInnerTexts()).to.deep.equal(['Application received', 'In review']);
        expect(await stepper.locator('.step-to-come .step-name').allInnerTexts()).to.deep.equal(['Viewing offered', 'Offer made', 'Offer accepted', 'Completed']);
        expect(await card.locator('.progress-now').innerText()).to.match(/Where your application is: Documents requested · your place in the queue: 4/);
        expect(await card.locator('.progress-note').innerText()).to.include('Please send your last three payslips.');
        // where the documents go: the provider's contact e-mail
        const documents = card.locator('.progress-documents');
        expect(await documents.innerText()).to.include('Where to send your documents').and.include('homes@example.org');
        expect(await documents.getByRole('link', { name: 'homes@example.org' }).getAttribute('href')).to.equal('mailto:homes@example.org');
        await card.getByRole('button', { name: /^Book 10:00/ }).waitFor();

        const ended = page().locator('article.application', { hasText: `Closed ${size.name}` });
        expect(await ended.locator('[aria-current="step"] .step-name').innerText()).to.equal('Unsuccessful');
        expect(await ended.locator('.progress-note').innerText()).to.include('All homes are let.');
        expect(await ended.getByRole('button', { name: /^Book / }).count()).to.equal(0);
        expect(await ended.innerText()).to.not.include('Book a place at an open day');
        // closed: the stages reached and where it ended, marked closed; no stage to come
        expect(await ended.locator('.step-to-come').count()).to.equal(0);
        expect(await ended.locator('.step-done .step-name').allInnerTexts()).to.deep.equal(['Application received']);
        expect(await ended.locator('[aria-current="step"] .step-closed-word').innerText()).to.equal('Closed');
        expect(await ended.locator('.progress-now').innerText()).to.match(/Where your application is: Unsuccessful · closed/);

        // one that failed its eligibility is closed too: never "Completed (to come)"
        const failed = page().locator('article.application', { hasText: `Failed ${size.name}` });
        const failedSteps = failed.getByRole('list', { name: 'Progress of your application' });
        expect(await failedSteps.locator('.step-to-come').count()).to.equal(0);
        expect(await failedSteps.innerText()).to.not.include('Completed');
        expect(await failedSteps.locator('.step-done .step-name').allInnerTexts()).to.deep.equal(['Application received']);
        expect(await failedSteps.locator('[aria-current="step"] .step-name').innerText()).to.equal('Not eligible');
        expect(await failedSteps.locator('[aria-current="step"] .step-closed-word').innerText()).to.equal('Closed');
        expect(await failed.locator('.progress-now').innerText()).to.match(/Where your application is: Not eligible · closed/);
        expect(await failed.getByRole('button', { name: /^Book / }).count()).to.equal(0);
        if (size.name === 'phone') {
          // the steps run down the screen: the current step's mark is below the first one's
          const marks = await stepper.locator('.step-mark').evaluateAll((els) => els.map((e) => e.getBoundingClientRect().top));
          expect(marks[1]).to.be.greaterThan(marks[0]!);
          expect(await page().evaluate<number>('document.documentElement.scrollWidth')).to.be.at.most(375);
        }
        expect(await seriousAxeViolations(page())).to.deep.equal([]);
        expect(problems).to.deep.equal([]);
      });

      it('pre-fills register interest from the profile, says the answers are saved to it, sends only what changed, and brings the result into view with focus', async () => {
        const problems = await portalPage(page());
        const listing = await pushAppListing(account, { listing: { name: `Prefill ${size.name}` } });
        const customer = await passwordCustomer({ ...PASSING, annualHouseholdIncome: 41000 });
        await signInPage(page(), customer);
        await page().goto(`${testApp().baseUrl}/listings/${listing.slug}`);
        await page().getByRole('heading', { name: 'Register your interest' }).waitFor();
        const income = page().getByLabel(/^Annual household income \(£\)/);
        await eventually(async () => expect(await income.inputValue()).to.equal('41000'), 5000, 50);
        expect(await page().getByLabel(/^Deposit or savings \(£\)/).inputValue()).to.equal('50000');
        const submit = page().getByRole('button', { name: 'Register interest' });
        const note = await page().locator(`#${await submit.getAttribute('aria-describedby')}`).innerText();
        expect(note).to.match(/saved to your profile/);
        expect(await income.count()).to.equal(1);

        await page().getByLabel(/^Deposit or savings \(£\)/).fill('45000');
        await page().getByLabel('Message to the provider (optional)').fill('A long message. '.repeat(30));
        const [request] = await Promise.all([page().waitForRequest((r) => r.url().includes('/register-interest') && r.method() === 'POST'), submit.click()]);
        const sent = JSON.parse(request.postData() ?? '{}') as Record<string, unknown>;
        // of the profile, only what changed (beside the message, and the one home to be had: the listing's)
        expect(Object.keys(sent).sort()).to.deep.equal(['additionalInfo', 'deposit', 'property']);
        expect(sent.deposit).to.equal(45000);

        await page().locator('.decision').waitFor();
        await focusedOn(page(), "(e) => e.id === 'decision-title'");
        expect(await inView(page(), '#decision-title')).to.equal(true);
        expect(await page().locator('.decision-status').innerText()).to.equal('You are eligible');
        const profile = await api.get(`${P}/profile`, bearer(customer.accessToken));
        expect(profile.body).to.include({ deposit: 45000, annualHouseholdIncome: 41000 });
        expect(await seriousAxeViolations(page())).to.deep.equal([]);
        expect(problems).to.deep.equal([]);
      });

      it('gives a viewing its address and "Add to calendar", asks before cancelling and says when it is cancelled', async () => {
        const problems = await portalPage(page());
        const listing = await pushAppListing(account, { listing: { name: `Viewing ${size.name}` } });
        await insertSlot(listing.id, new Date(`${daysFromNow(9)}T13:00:00Z`));
        const customer = await passwordCustomer();
        const app = await applied(customer, listing.id);
        const [slot] = await slotIds(listing.id);
        const booked = await api.post(`${P}/profile/applications/${app.id}/appointments`, { slot }, bearer(customer.accessToken));
        expect(booked.status).to.equal(201);
        await signInPage(page(), customer);

        await page().goto(`${testApp().baseUrl}/account/appointments`);
        const viewing = page().locator('article.appointment');
        await viewing.getByText('Confirmed').waitFor();
        expect(await viewing.locator('.appointment-address').innerText()).to.equal(`Address: ${booked.body.address}`);
        const calendar = viewing.getByRole('link', { name: /^Add to calendar/ });
        const href = (await calendar.getAttribute('href'))!;
        expect(href).to.equal(booked.body.ics);
        const file = await page().request.get(new URL(href, testApp().baseUrl).href);
        expect(file.status()).to.equal(200);
        expect(file.headers()['content-type']).to.match(/^text\/calendar/);
        expect(await file.text()).to.match(/^BEGIN:VCALENDAR/).and.include('BEGIN:VEVENT');
        expect(await seriousAxeViolations(page())).to.deep.equal([]);

        // asked first; "No" keeps it
        await viewing.getByRole('button', { name: 'Cancel viewing' }).click();
        const question = viewing.locator('.confirm .question');
        await question.waitFor();
        expect(await question.innerText()).to.match(/^Cancel your open day on .+\? This cannot be undone/);
        await focusedOn(page(), "(e) => e.classList.contains('question')");
        expect(await seriousAxeViolations(page())).to.deep.equal([]);
        await viewing.getByRole('button', { name: 'No, keep it' }).click();
        await focusedOn(page(), "(e) => e.textContent.trim() === 'Cancel viewing'");
        expect((await api.get(`${P}/profile/appointments`, bearer(customer.accessToken))).body.data[0].status).to.equal('confirmed');

        await viewing.getByRole('button', { name: 'Cancel viewing' }).click();
        await viewing.getByRole('button', { name: 'Yes, cancel it' }).click();
        const status = page().getByRole('status').filter({ hasText: 'is cancelled' });
        await status.waitFor();
        expect(await status.innerText()).to.match(new RegExp(`^Your open day at Viewing ${size.name} on .+ is cancelled\\.$`));
        expect((await api.get(`${P}/profile/appointments`, bearer(customer.accessToken))).body.data[0].status).to.equal('cancelled');
        expect(problems).to.deep.equal([]);
      });
    });
  }

  it('lays the progress, alert, registration and booking e-mails out within a phone\'s width, in text large enough to read', async () => {
    const progress = new ProgressMail({
        firstName: 'Ada',
        listingName: 'Canal Wharf, a development with a rather long name by the water',
        stage: 'documents-requested',
        position: 3,
        note: 'Please send your last three payslips and a bank statement: https://provider.example.org/averylongaddressthatgoesonandonwithoutanyplacetobreakitatall',
        sendDocumentsTo: { provider: 'Canal Homes', email: 'documents@canal-homes.example.org' },
        url: 'https://portal.example.org/account/applications#application-1',
        changeId: 1,
    }).render();
    const alert = alertMail('ada@example.org', 'Ada', [
      {
        savedSearchName: 'Two bedrooms near Leeds',
        listings: [
          { kind: 'price-reduced', name: 'Meadow View', price: 'Shares from £55,000 (full price £220,000)', bedrooms: '2 to 3 bedrooms', monthlyCost: 'About £812 a month to buy', reducedOn: '2026-11-20', imageUrl: null, url: 'https://portal.example.org/listings/meadow-view' },
          { kind: 'new-listing', name: 'Canal Wharf', price: '£950 a month', bedrooms: 'Studio', monthlyCost: null, reducedOn: null, imageUrl: null, url: 'https://portal.example.org/listings/canal-wharf' },
        ],
        more: 3,
        moreUrl: 'https://portal.example.org/account/saved-searches/1',
        unsubscribeUrl: 'https://portal.example.org/api/rest/portal/alerts/unsubscribe/t',
        unsubscribePageUrl: 'https://portal.example.org/alerts/unsubscribe/t',
      },
    ]);
    await page().setViewportSize({ width: 375, height: 740 });
    const registered = new InterestRegisteredMail({
      firstName: 'Ada',
      listingName: 'Canal Wharf, a development with a rather long name by the water',
      propertyName: 'Flat 12',
      provider: 'Canal Homes',
      decision: { status: 'failed', messages: ['Your household income of £95,000 is above the limit of £80,000 for this home.'] },
      url: 'https://portal.example.org/account/applications#application-1',
    }).render();
    const booked = new ViewingBookedMail({
      firstName: 'Ada',
      listingName: 'Canal Wharf',
      kind: 'open day',
      startsAt: new Date('2026-12-12T10:30:00Z'),
      durationMin: 45,
      address: '1 Canal Street, Leeds, LS1 4AB',
      remarks: null,
      url: 'https://portal.example.org/account/applications#application-1',
      ics: 'BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n',
      appointmentId: 1,
    }).render();
    for (const mail of [progress, alert, registered, booked]) {
      await page().setContent(mail.html);
      expect(await page().evaluate<number>('document.documentElement.scrollWidth'), mail.subject).to.be.at.most(375);
      const sizes = await page().evaluate<number[]>(
        `[...document.querySelectorAll('p, a, li')].filter((e) => e.textContent.trim()).map((e) => parseFloat(getComputedStyle(e).fontSize))`,
      );
      expect(Math.min(...sizes), mail.subject).to.be.at.least(13);
      const button = await page().locator('a').filter({ hasText: /See your application|See 3 more/ }).boundingBox();
      expect(button!.height, mail.subject).to.be.at.least(40);
      expect(mail.text).to.not.match(/<[a-z]/i);
    }
  });

  it('offers "Forgot password?" on sign-in, which sends a reset link, and the index pages of news, guides and areas', async () => {
    const problems = await portalPage(page());
    const customer = await passwordCustomer();
    await page().goto(`${testApp().baseUrl}/sign-in`);
    await page().getByLabel('With my password').check();
    await page().getByLabel('Email address').fill(customer.email);
    await page().getByRole('link', { name: 'Forgot password?' }).click();
    await page().waitForURL('**/sign-in/forgot-password**');
    expect(await page().getByLabel('Email address').inputValue()).to.equal(customer.email);
    await page().getByRole('button', { name: 'Send me a reset link' }).click();
    await page().getByRole('status').filter({ hasText: 'The link works once' }).waitFor();
    expect(await seriousAxeViolations(page())).to.deep.equal([]);

    for (const [path, heading] of [
      ['/news', 'News'],
      ['/guides', 'Guides'],
      ['/areas', 'Areas'],
    ] as const) {
      const res = await fetch(`${testApp().baseUrl}${path}`, { headers: { accept: 'text/html' } });
      expect(res.status, path).to.equal(200);
      await page().goto(`${testApp().baseUrl}${path}`);
      await page().getByRole('heading', { level: 1, name: heading }).waitFor();
      await page().locator('main .loading').waitFor({ state: 'detached' }).catch(() => undefined);
      expect(await seriousAxeViolations(page()), path).to.deep.equal([]);
    }
    await page().getByRole('navigation', { name: 'More' }).getByRole('link', { name: 'News' }).click();
    await page().waitForURL('**/news');
    expect(problems).to.deep.equal([]);
  });
});
