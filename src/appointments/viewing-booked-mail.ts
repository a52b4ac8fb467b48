// The e-mail that confirms a booking of an open day, or its move to another slot: the day and time (UK
// time), how long, the address, with the appointment's iCalendar file attached (appointment-calendar.ts)
// for the customer's calendar (a moved one is the same event, updated).
import { mailHtml, mailText, type MailContent } from '../mail/mail-layout.ts';
import type { OutboxMessage, RenderedMail } from '../mail/mail-outbox.ts';

export interface ViewingBookedInput {
  firstName: string | null;
  listingName: string;
  /** e.g. "open day" */
  kind: string;
  startsAt: Date;
  durationMin: number;
  address: string | null;
  remarks: string | null;
  /** the application in the portal's account (to change or cancel it) */
  url: string;
  /** the appointment's iCalendar file (RFC 5545) */
  ics: string;
  appointmentId: number;
  /** a change of slot rather than a new booking */
  moved?: boolean;
}

const DAY = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' });
const TIME = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

export class ViewingBookedMail implements OutboxMessage {
  readonly template = 'viewing-booked';

  constructor(private readonly input: ViewingBookedInput) {}

  render(): RenderedMail {
    const { input } = this;
    const day = DAY.format(input.startsAt);
    const time = TIME.format(input.startsAt);
    const content: MailContent = {
      title: `Your ${input.kind} at ${input.listingName}`,
      blocks: [
        { kind: 'text', text: `Hello ${input.firstName ?? 'there'},` },
        {
          kind: 'text',
          text: input.moved
            ? `Your place at the ${input.kind} of ${input.listingName} has moved to the time below.`
            : `Your place at the ${input.kind} of ${input.listingName} is booked.`,
        },
        {
          kind: 'card',
          title: `${day} at ${time}`,
          lines: [
            `For about ${input.durationMin} minutes (UK time)`,
            input.address ? `Address: ${input.address}` : 'The provider will tell you the address.',
            ...(input.remarks ? [`Your remarks: ${input.remarks}`] : []),
          ],
        },
        { kind: 'text', text: 'The attached calendar file adds it to your calendar. To change the time or cancel, go to your application.' },
        { kind: 'button', label: 'See your application', url: input.url },
      ],
      footer: [{ kind: 'text', text: 'You get this e-mail because you booked this visit.' }],
    };
    return {
      subject: input.moved ? `Your ${input.kind} at ${input.listingName} has moved` : `Your ${input.kind} at ${input.listingName}`,
      text: mailText(content),
      html: mailHtml(content),
      attachments: [{ filename: `viewing-${input.appointmentId}.ics`, contentType: 'text/calendar; charset=utf-8; method=PUBLISH', content: input.ics }],
    };
  }
}
