// Application progress: a provider moves its lead through the stages (PATCH leads/{id}); the customer's
// application shows the progress with its history; each change is e-mailed once through the outbox, never
// twice across a restart of the delivery or with two deliveries side by side; lead.updated is queued for the
// provider's webhook; an unsuccessful application is offered no open day.
import { expect } from 'chai';
import { api } from '../support/api.ts';
import { createAccount, withKey, type TestAccount } from '../support/factories.ts';
import { bearer, disableCustomer, P, passwordCustomer, type SignedIn } from '../support/customers.ts';
import { applied, daysFromNow, pushAppListing, slotIds, type PushedListing } from '../support/applications.ts';
import { headersOf, mailsTo, smtpSink } from '../support/smtp-sink.ts';
import { testApp } from '../support/test-app.ts';
import { MailDelivery } from '../../src/mail/mail-delivery.ts';
import { PROGRESS_STAGES } from '../../src/lead-lifecycle/application-progress.ts';
import { PROGRESS_CHANGE_HEADER } from '../../src/applications/progress-mail.ts';

const APPS = `${P}/profile/applications`;
const lead = (id: number) => `/api/rest/leads/${id}`;

/** A delivery of its own, as a restarted (or another) worker process would have. */
function freshDelivery(): MailDelivery {
  const { runtime, built } = testApp();
  return new MailDelivery(runtime.prisma, built.customers.mailer, runtime.logger, runtime.jobs);
}

const progressMails = async (c: SignedIn) => (await mailsTo(c.email)).filter((m) => m.subject.startsWith('Your application for'));

describe('application progress', function () {
  this.timeout(60_000);
  let account: TestAccount;
  let listing: PushedListing;

  before(async () => {
    await smtpSink();
    account = await createAccount();
    listing = await pushAppListing(account, { listing: { openDays: [{ date: daysFromNow(10), time: '10:00', durationMin: 60, capacity: 20 }] } });
  });

  it('moves a lead through every stage: the application shows each with its history, one e-mail per change, never twice across a restart', async () => {
    const customer = await passwordCustomer({ firstName: 'Ada' });
    const app = await applied(customer, listing.id);
    const initial = await api.get(`${APPS}/${app.id}`, bearer(customer.accessToken));
    expect(initial.body.progress).to.include({ stage: 'received', position: null, note: null });
    expect(initial.body.progress.history.map((h: { stage: string }) => h.stage)).to.deep.equal(['received']);

    // the place in the queue first (no new stage), then every other stage in turn
    const changes = [
      { stage: 'received', position: 12, note: null },
      ...PROGRESS_STAGES.slice(1).map((stage, i) => ({ stage, position: i < 3 ? 10 - i : null, note: `Step ${i + 1}: <b>& "more"</b>` })),
    ];
    const delivery = testApp().built.mails.delivery;
    for (const [i, change] of changes.entries()) {
      const res = await api.patch(lead(app.id), change, withKey(account));
      expect(res.status, res.text).to.equal(200);
      expect(res.body.progress).to.include({ stage: change.stage, position: change.position, note: change.note });
      const seen = await api.get(`${APPS}/${app.id}`, bearer(customer.accessToken));
      expect(seen.body.progress).to.include({ stage: change.stage, position: change.position, note: change.note });
      expect(seen.body.progress.history.map((h: { stage: string }) => h.stage)).to.deep.equal(['received', ...changes.slice(1, i + 1).map((c) => c.stage)]);
      // every other change is e-mailed at once; the others wait for the next run
      if (i % 2 === 0) await delivery.runOnce();
    }
    // the same progress again is no change: no e-mail, no new history
    const again = await api.patch(lead(app.id), changes.at(-1)!, withKey(account));
    expect(again.status).to.equal(200);
    await Promise.all([delivery.runOnce(), freshDelivery().runOnce()]);
    // a restarted worker finds nothing left to send
    expect((await freshDelivery().runOnce()).emails).to.equal(0);

    const mails = await progressMails(customer);
    expect(mails).to.have.length(changes.length);
    const ids = await Promise.all(mails.map(async (m) => (await headersOf(m))[PROGRESS_CHANGE_HEADER.toLowerCase()]));
    expect(new Set(ids).size).to.equal(changes.length);
    expect(mails.map((m) => m.subject)).to.include(`Your application for ${(await api.get(`${P}/listings/${listing.id}`)).body.name}: Offer made`);
    const history = (await api.get(`${APPS}`, bearer(customer.accessToken))).body.data.find((a: { id: number }) => a.id === app.id).progress.history;
    expect(history.map((h: { stage: string }) => h.stage)).to.deep.equal(PROGRESS_STAGES);
    for (let i = 1; i < history.length; i++) expect(Date.parse(history[i].at)).to.be.at.least(Date.parse(history[i - 1].at));

    // the e-mail: HTML readable on a phone, with a plain-text part; the note escaped in the HTML
    const first = mails.find((m) => m.text.includes('Your place in the queue: 12'))!;
    expect(first.text).to.include('Hello Ada').and.include(`/account/applications#application-${app.id}`);
    const noted = mails.find((m) => m.text.includes('Step 2'))!;
    expect(noted.text).to.include('Step 2: <b>& "more"</b>');
    expect(noted.html).to.include('name="viewport"').and.include('Step 2: &lt;b&gt;&amp; &quot;more&quot;&lt;/b&gt;').and.not.include('<b>&');
  });

  it('does not send again a change whose e-mail was claimed by a worker that then died', async () => {
    const customer = await passwordCustomer();
    const app = await applied(customer, listing.id);
    expect((await api.patch(lead(app.id), { stage: 'in-review' }, withKey(account))).status).to.equal(200);
    // the claim is committed before the e-mail goes out: a process dying right after it leaves the row claimed
    await testApp().runtime.prisma.outgoingMail.updateMany({ where: { to: customer.email, template: 'application-progress' }, data: { claimedAt: new Date() } });
    await freshDelivery().runOnce();
    expect(await progressMails(customer)).to.have.length(0);
    expect((await api.patch(lead(app.id), { stage: 'documents-requested', note: 'Payslips, please' }, withKey(account))).status).to.equal(200);
    await freshDelivery().runOnce();
    expect((await progressMails(customer)).map((m) => m.subject)).to.deep.equal([`Your application for ${(await api.get(`${P}/listings/${listing.id}`)).body.name}: Documents requested`]);
  });

  it('e-mails a disabled customer nothing: no e-mail is enqueued for them', async () => {
    const customer = await passwordCustomer();
    const app = await applied(customer, listing.id);
    await disableCustomer(customer.id);
    expect((await api.patch(lead(app.id), { stage: 'in-review' }, withKey(account))).status).to.equal(200);
    await freshDelivery().runOnce();
    await freshDelivery().runOnce();
    expect(await progressMails(customer)).to.have.length(0);
    expect(await testApp().runtime.prisma.outgoingMail.count({ where: { to: customer.email, template: 'application-progress' } })).to.equal(0);
  });

  it('answers 422 per field, 404 for a lead of another account or none, 401 without a key', async () => {
    const customer = await passwordCustomer();
    const app = await applied(customer, listing.id);
    const bad = await api.patch(lead(app.id), { stage: 'hired', position: 0, note: 'x'.repeat(501) }, withKey(account));
    expect(bad.status).to.equal(422);
    expect(bad.body.errors).to.have.keys('stage', 'position', 'note');
    const typed = await api.patch(lead(app.id), { stage: 'in-review', position: '3', note: 5 }, withKey(account));
    expect(typed.status).to.equal(422);
    expect(typed.body.errors).to.have.keys('position', 'note');
    const empty = await api.patch(lead(app.id), {}, withKey(account));
    expect(empty.status).to.equal(422);
    expect(empty.body.errors).to.have.keys('stage');
    expect((await api.patch(lead(app.id), { stage: 'in-review', note: 'x'.repeat(500) }, withKey(account))).status).to.equal(200);

    const other = await createAccount();
    expect((await api.patch(lead(app.id), { stage: 'completed' }, withKey(other))).status).to.equal(404);
    expect((await api.patch(lead(2_000_000_000), { stage: 'completed' }, withKey(account))).status).to.equal(404);
    expect((await api.patch(lead(app.id), { stage: 'completed' })).status).to.equal(401);
    const seen = await api.get(`${APPS}/${app.id}`, bearer(customer.accessToken));
    expect(seen.body.progress.stage).to.equal('in-review');
  });

  it('queues lead.updated with the progress for the webhook of the lead\'s account', async () => {
    const hooked = await createAccount();
    const theirs = await pushAppListing(hooked);
    expect((await api.put('/api/rest/account/webhook', { url: 'http://127.0.0.1:9/leads', events: ['lead.updated'] }, withKey(hooked))).status).to.equal(200);
    const customer = await passwordCustomer();
    const app = await applied(customer, theirs.id);
    expect((await api.patch(lead(app.id), { stage: 'viewing-offered', position: 2, note: 'Saturday works' }, withKey(hooked))).status).to.equal(200);
    const deliveries = await testApp().runtime.prisma.webhookDelivery.findMany({ where: { leadId: app.id } });
    expect(deliveries.map((d) => d.type)).to.deep.equal(['lead.updated']);
    const event = JSON.parse(deliveries[0]!.body);
    expect(event.data.progress).to.include({ stage: 'viewing-offered', position: 2, note: 'Saturday works' });
    // the same again is no change, so no event
    await api.patch(lead(app.id), { stage: 'viewing-offered', position: 2, note: 'Saturday works' }, withKey(hooked));
    expect(await testApp().runtime.prisma.webhookDelivery.count({ where: { leadId: app.id } })).to.equal(1);
  });

  it('offers no open day to an unsuccessful application, and refuses to book one', async () => {
    const customer = await passwordCustomer();
    const app = await applied(customer, listing.id);
    const [slot] = await slotIds(listing.id);
    const offered = await api.get(`${APPS}/${app.id}/available-appointments`, bearer(customer.accessToken));
    expect(offered.body.data).to.have.length(1);
    expect((await api.patch(lead(app.id), { stage: 'unsuccessful', note: 'The home has been let.' }, withKey(account))).status).to.equal(200);
    const none = await api.get(`${APPS}/${app.id}/available-appointments`, bearer(customer.accessToken));
    expect(none.status).to.equal(200);
    expect(none.body.data).to.deep.equal([]);
    const booked = await api.post(`${APPS}/${app.id}/appointments`, { slot }, bearer(customer.accessToken));
    expect(booked.status).to.equal(409);
  });

  for (const stage of ['unsuccessful', 'withdrawn'] as const) {
    it(`cancels the upcoming open day of an application moved to ${stage}, keeps its past one, and refuses a new booking (409)`, async () => {
      const customer = await passwordCustomer();
      const app = await applied(customer, listing.id);
      const [slot] = await slotIds(listing.id);
      const booked = await api.post(`${APPS}/${app.id}/appointments`, { slot }, bearer(customer.accessToken));
      expect(booked.status, booked.text).to.equal(201);
      const prisma = testApp().runtime.prisma;
      const past = await prisma.appointment.create({ data: { applicationId: app.id, startsAt: new Date(Date.now() - 86_400_000), durationMin: 30 } });

      expect((await api.patch(lead(app.id), { stage }, withKey(account))).status).to.equal(200);
      const seen = await api.get(`${APPS}/${app.id}`, bearer(customer.accessToken));
      const statusOf = (id: number) => seen.body.appointments.find((a: { id: number }) => a.id === id).status;
      expect(statusOf(booked.body.id)).to.equal('cancelled');
      expect(statusOf(past.id)).to.equal('confirmed');
      expect(seen.body.nextAppointmentDateTime).to.equal(null);
      const upcoming = await api.get(`${P}/profile/appointments`, { ...bearer(customer.accessToken), query: { upcoming: '1' } });
      expect(upcoming.body.data.map((a: { applicationId?: number; id: number }) => a.id)).to.not.include(booked.body.id);
      // the lead the provider reads back shows it cancelled too
      const theirs = await api.get(lead(app.id), withKey(account));
      expect(theirs.body.appointments.find((a: { id: number }) => a.id === booked.body.id).status).to.equal('cancelled');

      const again = await api.post(`${APPS}/${app.id}/appointments`, { slot }, bearer(customer.accessToken));
      expect(again.status).to.equal(409);
      expect(again.body.message).to.match(/no open day can be booked/);
    });
  }

  it('cancels the upcoming open day of an application whose update fails its eligibility, and refuses a new booking (409)', async () => {
    const customer = await passwordCustomer();
    const app = await applied(customer, listing.id);
    const [slot] = await slotIds(listing.id);
    const booked = await api.post(`${APPS}/${app.id}/appointments`, { slot }, bearer(customer.accessToken));
    expect(booked.status, booked.text).to.equal(201);
    const updated = await api.put(`${APPS}/${app.id}`, { annualHouseholdIncome: 500_000 }, bearer(customer.accessToken));
    expect(updated.status, updated.text).to.equal(200);
    expect(updated.body.eligibilityStatus).to.equal('failed');
    expect(updated.body.appointments.map((a: { status: string }) => a.status)).to.deep.equal(['cancelled']);
    expect((await api.post(`${APPS}/${app.id}/appointments`, { slot }, bearer(customer.accessToken))).status).to.equal(409);
  });

  it("tells where to send the documents while documents are requested: the provider's note and contact e-mail, in the progress and its e-mail", async () => {
    const customer = await passwordCustomer();
    const app = await applied(customer, listing.id);
    const note = 'Your last three payslips, please.';
    const moved = await api.patch(lead(app.id), { stage: 'documents-requested', note }, withKey(account));
    expect(moved.status).to.equal(200);
    const seen = await api.get(`${APPS}/${app.id}`, bearer(customer.accessToken));
    const provider = (await api.get(`${P}/listings/${listing.id}`)).body.housingProvider;
    expect(provider.contactEmail).to.equal('homes@example.org');
    expect(seen.body.progress).to.include({ stage: 'documents-requested', note });
    expect(seen.body.progress.sendDocumentsTo).to.deep.equal({ provider: provider.name, email: 'homes@example.org' });
    expect(moved.body.progress.sendDocumentsTo).to.deep.equal({ provider: provider.name, email: 'homes@example.org' });

    await testApp().built.mails.delivery.runOnce();
    const [mail] = await progressMails(customer);
    expect(mail!.text).to.include(note).and.include('homes@example.org').and.include(provider.name);
    expect(mail!.html).to.include('mailto:homes@example.org');

    // a later stage asks for nothing
    expect((await api.patch(lead(app.id), { stage: 'viewing-offered' }, withKey(account))).status).to.equal(200);
    expect((await api.get(`${APPS}/${app.id}`, bearer(customer.accessToken))).body.progress.sendDocumentsTo).to.equal(null);
  });

  it('offers no open day to an application that failed its eligibility', async () => {
    const customer = await passwordCustomer();
    const app = await applied(customer, listing.id, { annualHouseholdIncome: 500_000 });
    expect(app.eligibilityStatus).to.equal('failed');
    const none = await api.get(`${APPS}/${app.id}/available-appointments`, bearer(customer.accessToken));
    expect(none.body.data).to.deep.equal([]);
  });
});
