// Every e-mail template of the outbox against its snapshot in fixtures/mails/: the subject, the plain text
// and the HTML (with the one layout's charset and viewport), and the files attached. A change of wording
// or layout shows here as a diff; UPDATE_MAIL_SNAPSHOTS=1 writes the snapshots again, to be read and
// committed with the change.
import { expect } from 'chai';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import type { OutboxMessage } from '../../src/mail/mail-outbox.ts';
import { InterestRegisteredMail } from '../../src/applications/interest-registered-mail.ts';
import { ProgressMail } from '../../src/applications/progress-mail.ts';
import { ViewingBookedMail } from '../../src/appointments/viewing-booked-mail.ts';
import { SavedSearchAlertMail } from '../../src/alerts/alert-mail.ts';
import { SignInLinkMail } from '../../src/auth/sign-in-link-mail.ts';

const URL_OF_APPLICATION = 'https://portal.example.org/account/applications#application-7';

const CASES: { name: string; message: OutboxMessage }[] = [
  {
    name: 'interest-registered-passed',
    message: new InterestRegisteredMail({
      firstName: 'Ada',
      listingName: 'Canal Wharf',
      propertyName: 'Flat 2',
      provider: 'Canal Homes',
      decision: { status: 'passed', messages: [] },
      url: URL_OF_APPLICATION,
    }),
  },
  {
    name: 'interest-registered-failed',
    message: new InterestRegisteredMail({
      firstName: null,
      listingName: 'Meadow <View> & "Co"',
      propertyName: null,
      provider: 'Meadow Homes',
      decision: { status: 'failed', messages: ['Your household income of £95,000 is above the limit of £80,000 for this home.'] },
      url: URL_OF_APPLICATION,
    }),
  },
  {
    name: 'viewing-booked',
    message: new ViewingBookedMail({
      firstName: 'Grace',
      listingName: 'Canal Wharf',
      kind: 'open day',
      // 10:30 in London in winter
      startsAt: new Date('2026-12-12T10:30:00Z'),
      durationMin: 45,
      address: '1 Canal Street, Leeds, LS1 4AB',
      remarks: 'Bringing my brother',
      url: URL_OF_APPLICATION,
      ics: 'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nEND:VCALENDAR\r\n',
      appointmentId: 31,
    }),
  },
  {
    name: 'viewing-moved',
    message: new ViewingBookedMail({
      firstName: null,
      listingName: 'Canal Wharf',
      kind: 'open day',
      // 14:00 in London in summer (BST)
      startsAt: new Date('2027-06-05T13:00:00Z'),
      durationMin: 30,
      address: null,
      remarks: null,
      url: URL_OF_APPLICATION,
      ics: 'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nEND:VCALENDAR\r\n',
      appointmentId: 31,
      moved: true,
    }),
  },
  {
    name: 'application-progress-documents-requested',
    message: new ProgressMail({
      firstName: 'Ada',
      listingName: 'Canal Wharf',
      stage: 'documents-requested',
      position: 3,
      note: 'Your last three payslips, please.',
      sendDocumentsTo: { provider: 'Canal Homes', email: 'documents@canal-homes.example.org' },
      url: URL_OF_APPLICATION,
      changeId: 12,
    }),
  },
  {
    name: 'application-progress-unsuccessful',
    message: new ProgressMail({
      firstName: null,
      listingName: 'Canal Wharf',
      stage: 'unsuccessful',
      position: null,
      note: null,
      sendDocumentsTo: null,
      url: URL_OF_APPLICATION,
      changeId: 13,
    }),
  },
  {
    name: 'saved-search-alert',
    message: new SavedSearchAlertMail(
      'Ada',
      [
        {
          savedSearchName: 'Leeds up to £250,000',
          listings: [
            {
              kind: 'new-listing',
              name: 'Canal Wharf',
              price: 'Shares from £62,500 (full price £250,000)',
              bedrooms: '2 bedrooms',
              monthlyCost: '£1,012 a month',
              affordability: 'You can afford this: about £1,012 a month',
              reducedOn: null,
              imageUrl: 'https://portal.example.org/media/a.jpg',
              url: 'https://portal.example.org/listings/canal-wharf',
            },
            {
              kind: 'price-reduced',
              name: 'Meadow View',
              price: '£240,000',
              bedrooms: 'Studio',
              monthlyCost: null,
              reducedOn: '2026-11-28',
              imageUrl: null,
              url: 'https://portal.example.org/listings/meadow-view',
            },
          ],
          more: 3,
          moreUrl: 'https://portal.example.org/account/saved-searches/4',
          unsubscribeUrl: 'https://portal.example.org/api/rest/portal/saved-searches/unsubscribe/t0k3n',
          unsubscribePageUrl: 'https://portal.example.org/unsubscribe/t0k3n',
        },
      ],
      [41n, 42n],
    ),
  },
  // the sign-in e-mails, one template each
  { name: 'sign-in-link', message: new SignInLinkMail('sign-in', 'https://portal.example.org/sign-in/7/s1gn-1n', 30) },
  { name: 'change-email-link', message: new SignInLinkMail('change-email', 'https://portal.example.org/change-email/7/ch4nge', 30) },
  {
    name: 'confirm-email-link',
    message: new SignInLinkMail('confirm-email', 'https://portal.example.org/sign-in/7/c0nf1rm?next=%2Faccount&x="1"', 30),
  },
  { name: 'reset-password-link', message: new SignInLinkMail('reset-password', 'https://portal.example.org/reset-password/7/r3set', 15) },
];

const fixture = (name: string, part: string) => new URL(`fixtures/mails/${name}.${part}`, import.meta.url);

describe('e-mail templates (snapshots in fixtures/mails/)', () => {
  for (const { name, message } of CASES) {
    it(`renders ${name} (template ${message.template}) as its snapshot`, () => {
      const mail = message.render();
      const parts: Record<string, string> = {
        'subject.txt': `${mail.subject}\n`,
        'text.txt': mail.text,
        html: mail.html,
        'extras.json': `${JSON.stringify({ headers: mail.headers ?? {}, attachments: mail.attachments ?? [] }, null, 2)}\n`,
      };
      if (process.env.UPDATE_MAIL_SNAPSHOTS === '1')
        for (const [part, content] of Object.entries(parts)) writeFileSync(fixture(name, part), content);
      for (const [part, content] of Object.entries(parts)) {
        expect(existsSync(fixture(name, part)), `fixtures/mails/${name}.${part} (UPDATE_MAIL_SNAPSHOTS=1 writes it)`).to.equal(true);
        expect(content, `${name}.${part}`).to.equal(readFileSync(fixture(name, part), 'utf8'));
      }
      expect(mail.html).to.match(
        /^<!DOCTYPE html><html lang="en-GB"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">/,
      );
      expect(mail.subject).to.not.match(/[\r\n]/);
    });
  }

  it('escapes what the change gives in the HTML', () => {
    const html = CASES.find((c) => c.name === 'interest-registered-failed')!.message.render().html;
    expect(html).to.include('Meadow &lt;View&gt; &amp; &quot;Co&quot;').and.not.include('<View>');
  });

  it('names each template once', () => {
    expect(new Set(CASES.map((c) => c.message.template))).to.deep.equal(
      new Set([
        'interest-registered',
        'viewing-booked',
        'application-progress',
        'saved-search-alert',
        'sign-in-link',
        'change-email-link',
        'confirm-email-link',
        'reset-password-link',
      ]),
    );
  });
});
