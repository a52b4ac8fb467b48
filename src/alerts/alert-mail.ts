// The alert e-mail: one per customer per run, at most 10 listings (name, price, reduction, image, link)
// grouped by saved search, a link to the rest, and the one-click unsubscribe headers (RFC 8058).
import escapeHtml from 'escape-html';
import type { MailMessage } from '../mail/mailer.ts';
import type { AlertKind } from './alert-matcher.ts';

export const MAX_LISTINGS_PER_MAIL = 10;

export interface AlertListing {
  kind: AlertKind;
  name: string;
  /** "£250,000", "£950 a month", "Price to be announced" */
  price: string;
  /** the date of the reduction, for price-reduced */
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


const line = (l: AlertListing) => `${l.kind === 'price-reduced' ? 'Reduced: ' : 'New: '}${l.name}, ${l.price}${l.reducedOn ? ` (reduced on ${l.reducedOn})` : ''}`;

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
  const html = [
    `<p>Hello ${escapeHtml(firstName)},</p>`,
    ...sections.map(
      (s) =>
        `<h2>${escapeHtml(s.savedSearchName)}</h2><ul>` +
        s.listings
          .map(
            (l) =>
              `<li>${l.imageUrl ? `<img src="${escapeHtml(l.imageUrl)}" alt="" width="160"><br>` : ''}<a href="${escapeHtml(l.url)}">${escapeHtml(l.name)}</a>, ${escapeHtml(l.price)}` +
              `${l.kind === 'price-reduced' ? ` <strong>reduced${l.reducedOn ? ` on ${escapeHtml(l.reducedOn)}` : ''}</strong>` : ' <strong>new</strong>'}</li>`,
          )
          .join('') +
        `</ul>${s.more ? `<p><a href="${escapeHtml(s.moreUrl)}">See ${s.more} more</a></p>` : ''}<p><a href="${escapeHtml(s.unsubscribePageUrl)}">Stop these alerts</a></p>`,
    ),
  ].join('');
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
