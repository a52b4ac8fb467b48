// The e-mails of applying and booking, through the one e-mail outbox: registering interest sends one
// e-mail (the home, the decision in words, what happens next), booking an open day one (date, time,
// address, with the appointment's iCalendar file attached, valid RFC 5545). Each goes out once: two
// deliveries side by side, or a restarted one, send nothing twice; one claimed by a delivery that then died
// is never sent again.
import { expect } from 'chai';
import ICAL from 'ical.js';
import { api } from '../support/api.ts';
import { createAccount, type TestAccount } from '../support/factories.ts';
import { bearer, P, passwordCustomer, type SignedIn } from '../support/customers.ts';
import { applied, daysFromNow, pushAppListing, slotIds, type PushedListing } from '../support/applications.ts';
import { attachmentsOf, mailsTo, smtpSink, type ReceivedMail } from '../support/smtp-sink.ts';
import { testApp } from '../support/test-app.ts';
import { KEEP_DAYS, MailDelivery } from '../../src/mail/mail-delivery.ts';
import { startBackground } from '../../src/background.ts';

const APPS = `${P}/profile/applications`;

/** A delivery of its own, as a restarted (or another) worker process would have. */
function freshDelivery(): MailDelivery {
  const { runtime, built } = testApp();
  return new MailDelivery(runtime.prisma, built.customers.mailer, runtime.logger, runtime.jobs);
}

const registrationMails = async (c: SignedIn) => (await mailsTo(c.email)).filter((m) => m.subject.startsWith('We have your interest in'));
const bookingMails = async (c: SignedIn) => (await mailsTo(c.email)).filter((m) => m.subject.startsWith('Your open day at'));

/** A series' value on /metrics (0 when absent). */
async function metric(name: string, labels: string): Promise<number> {
  const res = await api.get('/metrics');
  expect(res.status).to.equal(200);
  const line = res.text.split('\n').find((l) => l.startsWith(`${name}{${labels}}`));
  return line ? Number(line.slice(line.lastIndexOf(' ') + 1)) : 0;
}

/** Every line of an iCalendar file ends in CR LF, none is longer than 75 octets (RFC 5545 3.1). */
function expectRfc5545Lines(ics: string): void {
  expect(ics.endsWith('\r\n'), 'the file ends with CR LF').to.equal(true);
  const lines = ics.slice(0, -2).split('\r\n');
  for (const line of lines) {
    expect(line, 'no bare LF or CR in a line').to.not.match(/[\r\n]/);
    expect(Buffer.byteLength(line, 'utf8'), line).to.be.at.most(75);
  }
}

describe('e-mails of applying and booking (the e-mail outbox)', function () {
  this.timeout(60_000);
  let account: TestAccount;
  let listing: PushedListing;
  let name: string;

  before(async () => {
    await smtpSink();
    account = await createAccount();
    listing = await pushAppListing(account, {
      listing: {
        name: 'Canal; Wharf, "North"',
        openDays: [
          { date: daysFromNow(10), time: '10:30', durationMin: 45, capacity: 20 },
          { date: daysFromNow(11), time: '14:00', durationMin: 30, capacity: 20 },
        ],
      },
    });
    name = (await api.get(`${P}/listings/${listing.id}`)).body.name;
  });

  it('acknowledges a registration of interest with one e-mail: the home, the decision in words and what happens next', async () => {
    const customer = await passwordCustomer({ firstName: 'Ada' });
    const app = await applied(customer, listing.id);
    await Promise.all([testApp().built.mails.delivery.runOnce(), freshDelivery().runOnce()]);
    expect((await freshDelivery().runOnce()).emails).to.equal(0);

    const mails = await registrationMails(customer);
    expect(mails).to.have.length(1);
    const [mail] = mails as [ReceivedMail];
    expect(mail.subject).to.equal(`We have your interest in ${name}`);
    expect(mail.text).to.include('Hello Ada').and.include(name).and.include('You are eligible');
    expect(mail.text).to.include('What happens next');
    expect(mail.text).to.include(`/account/applications#application-${app.id}`);
    expect(mail.html).to.include('<meta charset="utf-8">').and.include('name="viewport"');
    expect(mail.html).to.include('Canal; Wharf, &quot;North&quot;');
  });

  it('says a failed decision in its own words', async () => {
    const customer = await passwordCustomer();
    const app = await applied(customer, listing.id, { annualHouseholdIncome: 500_000 });
    expect(app.eligibilityStatus).to.equal('failed');
    await testApp().built.mails.delivery.runOnce();
    const [mail] = await registrationMails(customer);
    expect(mail!.text).to.include('You are not eligible').and.match(/income/i);
  });

  it('confirms a booking with one e-mail: date, time and address, with its iCalendar file attached (RFC 5545)', async () => {
    const customer = await passwordCustomer({ firstName: 'Grace' });
    const app = await applied(customer, listing.id);
    const [slot] = await slotIds(listing.id);
    const booked = await api.post(`${APPS}/${app.id}/appointments`, { slot, remarks: 'Bringing my brother; and a pram, too' }, bearer(customer.accessToken));
    expect(booked.status, booked.text).to.equal(201);
    await Promise.all([testApp().built.mails.delivery.runOnce(), freshDelivery().runOnce()]);
    await freshDelivery().runOnce();

    const mails = await bookingMails(customer);
    expect(mails).to.have.length(1);
    const [mail] = mails as [ReceivedMail];
    expect(mail.subject).to.equal(`Your open day at ${name}`);
    expect(mail.text).to.include(booked.body.address).and.include('10:30');
    expect(mail.text).to.match(/\d{1,2} [A-Z][a-z]+ \d{4}/);
    expect(mail.html).to.include('<meta charset="utf-8">').and.include('name="viewport"');

    const attachments = await attachmentsOf(mail);
    expect(attachments).to.have.length(1);
    const [ics] = attachments;
    expect(ics!.contentType).to.match(/^text\/calendar/);
    expectRfc5545Lines(ics!.content);
    // commas and semicolons of the text escaped, so the summary reads back as the listing's name
    expect(ics!.content).to.include('Canal\\; Wharf\\, "North"');
    const event = new ICAL.Event(new ICAL.Component(ICAL.parse(ics!.content)).getFirstSubcomponent('vevent')!);
    expect(event.startDate.toJSDate().toISOString()).to.equal(booked.body.dateTime);
    expect(event.location).to.equal(booked.body.address);
    expect(event.summary).to.equal(`Open day: ${name}`);
    expect(event.description).to.include('Bringing my brother; and a pram, too');
  });

  it('e-mails a change of slot once, with the moved event (same UID, new time) attached', async () => {
    const customer = await passwordCustomer();
    const app = await applied(customer, listing.id);
    const [first, second] = await slotIds(listing.id);
    const booked = await api.post(`${APPS}/${app.id}/appointments`, { slot: first }, bearer(customer.accessToken));
    expect(booked.status, booked.text).to.equal(201);
    const moved = await api.put(`${P}/profile/appointments/${booked.body.id}`, { slot: second }, bearer(customer.accessToken));
    expect(moved.status, moved.text).to.equal(200);
    await testApp().built.mails.delivery.runOnce();
    const mails = await bookingMails(customer);
    expect(mails.map((m) => m.subject)).to.deep.equal([`Your open day at ${name}`, `Your open day at ${name} has moved`]);
    expect(mails[1]!.text).to.include('14:00').and.include('has moved');
    const [bookedIcs] = await attachmentsOf(mails[0]!);
    const [movedIcs] = await attachmentsOf(mails[1]!);
    const eventOf = (ics: string) => new ICAL.Event(new ICAL.Component(ICAL.parse(ics)).getFirstSubcomponent('vevent')!);
    expect(eventOf(movedIcs!.content).uid).to.equal(eventOf(bookedIcs!.content).uid);
    expect(eventOf(movedIcs!.content).startDate.toJSDate().toISOString()).to.equal(moved.body.dateTime);
  });

  it('counts the e-mails sent by template on /metrics, and those waiting', async () => {
    const sent = 'template="interest-registered",outcome="sent"';
    await testApp().built.mails.delivery.runOnce();
    const before = await metric('portal_mails_total', sent);
    const customer = await passwordCustomer();
    await applied(customer, listing.id);
    expect(await metric('portal_mails_waiting', 'template="interest-registered"')).to.be.at.least(1);
    await testApp().built.mails.delivery.runOnce();
    expect(await metric('portal_mails_total', sent)).to.equal(before + 1);
    expect(await registrationMails(customer)).to.have.length(1);
  });

  it('sends as soon as the change commits when the mail-delivery role runs (woken by NOTIFY, not the minute)', async () => {
    const { runtime, built } = testApp();
    const role = startBackground(runtime, built, ['mail-delivery']);
    try {
      expect(role.started).to.deep.equal(['mail-delivery']);
      const customer = await passwordCustomer();
      await applied(customer, listing.id);
      const mailbox = await smtpSink();
      const mail = await mailbox.waitFor((m) => m.to.includes(customer.email.toLowerCase()) && m.subject.startsWith('We have your interest in'), 10_000);
      expect(mail.subject).to.equal(`We have your interest in ${name}`);
    } finally {
      await role.stop();
    }
  });

  it(`deletes the e-mails claimed more than ${KEEP_DAYS} days ago (the state job), and keeps the others`, async () => {
    const prisma = testApp().runtime.prisma;
    const day = 86_400_000;
    const row = (claimedAt: Date | null) => ({ template: 'test', to: 'old@example.org', subject: 's', text: 't', html: 'h', claimedAt, sentAt: claimedAt });
    const old = await prisma.outgoingMail.create({ data: row(new Date(Date.now() - (KEEP_DAYS + 1) * day)) });
    const recent = await prisma.outgoingMail.create({ data: row(new Date(Date.now() - (KEEP_DAYS - 1) * day)) });
    const { StateJob } = await import('../../src/jobs/state-job.ts');
    expect((await new StateJob(prisma, testApp().runtime.logger).runOnce()).mailsForgotten).to.be.at.least(1);
    expect(await prisma.outgoingMail.findUnique({ where: { id: old.id } })).to.equal(null);
    expect(await prisma.outgoingMail.findUnique({ where: { id: recent.id } })).to.not.equal(null);
  });

  it('never sends again an e-mail claimed by a delivery that then died', async () => {
    const customer = await passwordCustomer();
    await applied(customer, listing.id);
    // the claim is committed before the e-mail goes out: a process dying right after it leaves the row claimed
    await testApp().runtime.prisma.outgoingMail.updateMany({ where: { to: customer.email, sentAt: null }, data: { claimedAt: new Date() } });
    await freshDelivery().runOnce();
    expect(await registrationMails(customer)).to.have.length(0);
  });
});
