// Passwordless sign-in as a newcomer does it in development: ask for a magic link, open the mailbox's web
// inbox, click the link in the e-mail, and get an access token. The development application answers no
// magicLink, so the e-mail is the only way to the link.
import { expect } from 'chai';
import { api } from '../support/api.ts';
import { startVariantApp, type VariantApp } from '../support/test-app.ts';
import { deliverMails, smtpSink } from '../support/smtp-sink.ts';
import { usePage } from '../support/browser.ts';
import { P, bearer, clientIp, fromIp, uniqueEmail } from '../support/customers.ts';

describe('browser: magic-link sign-in through the mailbox', () => {
  const page = usePage();
  let development: VariantApp;

  before(async () => {
    // the default portal origins: the service's own origin, which the link below points at
    development = await startVariantApp({ APP_ENV: 'development', PORTAL_ORIGINS: undefined });
  });

  after(async () => {
    await development?.close();
  });

  it('shows the e-mail in the web inbox; its link signs the customer in', async () => {
    const email = uniqueEmail('browser');
    // the link points at the service's own auth-token endpoint, which answers the access token as JSON
    const url = `${development.baseUrl}${P}/auth-token`;
    const requested = await api.post(`${development.baseUrl}${P}/passwordless-access`, { url, email }, fromIp(clientIp()));
    expect(requested.status).to.equal(201);
    expect(requested.body).to.not.have.property('magicLink');
    // the e-mail outbox's delivery, which the test application runs no worker of
    await deliverMails();

    await page().goto((await smtpSink()).webUrl);
    await page().getByPlaceholder('Search emails').fill(email);
    await page().getByText(email).first().click();
    await page().getByText('Your sign-in link').first().waitFor();
    const signIn = page().frameLocator('iframe').first().getByRole('link', { name: 'Sign in' });
    expect(await signIn.getAttribute('href')).to.match(new RegExp(`^${url}/\\d+/[\\w-]+$`));

    // the message is shown in a sandboxed frame: the link opens there
    const opened = page().waitForEvent('framenavigated', { predicate: (frame) => frame.url().startsWith(`${url}/`) });
    await signIn.click();
    const frame = await opened;
    await frame.waitForLoadState();
    const answer = JSON.parse(await frame.locator('body').innerText()) as { accessToken: string; expiresAt: string };
    expect(answer.accessToken).to.be.a('string');
    expect(new Date(answer.expiresAt).getTime()).to.be.greaterThan(Date.now());

    const profile = await api.get(`${P}/profile`, bearer(answer.accessToken));
    expect(profile.status).to.equal(200);
    expect(profile.body.email).to.equal(email);
  });
});
