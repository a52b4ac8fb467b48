// The alert e-mail: one per customer per run, at most 10 listings (name, price, bedrooms, monthly cost,
// reduction, image, link)
// grouped by saved search, a link to the rest, and the one-click unsubscribe headers (RFC 8058).
import { mailHtml, type MailBlock } from '../mail/mail-layout.ts';
import type { MailMessage } from '../mail/mailer.ts';
import type { OutboxMessage, RenderedMail } from '../mail/mail-outbox.ts';
import type { AlertKind } from './alert-matcher.ts';
import { dateInWords } from '../core/date-time-format.ts';

export const MAX_LISTINGS_PER_MAIL = 10;

export interface AlertListing {
  kind: AlertKind;
  name: string;
  /** "£250,000", "£950 a month", "Price to be announced" */
  price: string;
  /** "2 to 3 bedrooms", "Studio" (null when not known) */
  bedrooms: string | null;
  /** what the headline home costs a month to buy, in words (null to rent, where the price is the rent, or when unknown) */
  monthlyCost: string | null;
  /** the customer's affordability of the home, in words (null when their profile cannot tell) */
  affordability?: string | null;
  /** the date of the reduction (YYYY-MM-DD), for price-reduced */
  reducedOn: string | null;
  imageUrl: string | null;
  url: string;
}

export interface AlertSection {
  savedSearchName: string;
  listings: AlertListing[];
  /** matches of this saved search left out of the e-mail */
  more: number;
  moreUrl: string;
  /** one-click (POST), for the header */
  unsubscribeUrl: string;
  /** the page a person opens, for the body */
  unsubscribePageUrl: string;
}


const reduced = (l: AlertListing) => (l.reducedOn ? `Reduced on ${dateInWords(l.reducedOn)}` : 'Reduced');
/** the price, then bedrooms and the monthly cost when known */
const figures = (l: AlertListing) => [l.price, ...(l.bedrooms ? [l.bedrooms] : []), ...(l.monthlyCost ? [l.monthlyCost] : [])];
const line = (l: AlertListing) =>
  [
    `${l.kind === 'price-reduced' ? 'Reduced' : 'New'}: ${l.name}`,
    figures(l).join(' · '),
    ...(l.affordability ? [l.affordability] : []),
    ...(l.kind === 'price-reduced' && l.reducedOn ? [reduced(l)] : []),
  ].join('\n  ');

/** names the matches (AlertMatch ids: saved search, listing and event) an e-mail carries, for tracing */
export const ALERT_MATCHES_HEADER = 'X-Alert-Matches';

export function alertMail(to: string, firstName: string, sections: AlertSection[], matchIds: readonly bigint[] = []): MailMessage {
  const count = sections.reduce((n, s) => n + s.listings.length + s.more, 0);
  const subject = count === 1 ? `A new match for "${sections[0]!.savedSearchName}"` : `${count} new matches for your saved searches`;
  const text = [
    `Hello ${firstName},`,
    '',
    ...sections.flatMap((s) => [
      `${s.savedSearchName}:`,
      ...s.listings.map((l) => `- ${line(l)}\n  ${l.url}`),
      ...(s.more ? [`  and ${s.more} more: ${s.moreUrl}`] : []),
      `  Stop these alerts: ${s.unsubscribePageUrl}`,
      '',
    ]),
  ].join('\n');
  const html = mailHtml({
    title: count === 1 ? 'A new match for your saved search' : `${count} new matches for your saved searches`,
    preheader: sections.flatMap((s) => s.listings.map((l) => l.name)).slice(0, 3).join(', '),
    blocks: [
      { kind: 'text', text: `Hello ${firstName},` },
      ...sections.flatMap((s): MailBlock[] => [
        { kind: 'heading', text: s.savedSearchName },
        ...s.listings.map(
          (l): MailBlock => ({
            kind: 'card',
            title: l.name,
            url: l.url,
            imageUrl: l.imageUrl,
            badge: l.kind === 'price-reduced' ? reduced(l) : 'New',
            lines: [...figures(l), ...(l.affordability ? [l.affordability] : [])],
          }),
        ),
        ...(s.more ? [{ kind: 'button', label: `See ${s.more} more`, url: s.moreUrl } as MailBlock] : []),
      ]),
    ],
    footer: [
      { kind: 'text', text: 'You get this e-mail because you saved these searches with alerts on.' },
      ...sections.map((s): MailBlock => ({ kind: 'link', label: `Stop the alerts of "${s.savedSearchName}"`, url: s.unsubscribePageUrl })),
    ],
  });
  return {
    to,
    subject,
    text,
    html,
    headers: {
      'List-Unsubscribe': `<${sections[0]!.unsubscribeUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      ...(matchIds.length ? { [ALERT_MATCHES_HEADER]: matchIds.join(' ') } : {}),
    },
  };
}

/** The alert e-mail as a template of the e-mail outbox (mail/mail-outbox.ts). */
export class SavedSearchAlertMail implements OutboxMessage {
  readonly template = 'saved-search-alert';
  constructor(
    private readonly firstName: string,
    private readonly sections: AlertSection[],
    private readonly matchIds: readonly bigint[] = [],
  ) {}

  render(): RenderedMail {
    const { subject, text, html, headers } = alertMail('', this.firstName, this.sections, this.matchIds);
    return { subject, text, html, ...(headers ? { headers } : {}) };
  }
}
