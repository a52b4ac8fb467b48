// The one design of the service's e-mails: a single column at most 600 px wide that fills a phone's
// screen, with inline styles (mail programs drop <style> blocks and classes), system fonts, 16 px text,
// large tap targets, colours of 4.5:1 or more, and a preheader (the line inboxes show after the
// subject). Every e-mail also has a plain-text part, written from the same blocks.
import escapeHtml from 'escape-html';

export type MailBlock =
  /** a paragraph */
  | { kind: 'text'; text: string; muted?: boolean }
  /** a heading of a section */
  | { kind: 'heading'; text: string }
  /** a call to action, as a button (and a line of text with its address) */
  | { kind: 'button'; label: string; url: string }
  /** a framed box: a few lines, the first in bold */
  | { kind: 'card'; title: string; url?: string; lines: string[]; imageUrl?: string | null; badge?: string }
  /** a link of its own */
  | { kind: 'link'; label: string; url: string };

export interface MailContent {
  /** the e-mail's title, at the top of the body */
  title: string;
  /** the preview line inboxes show; the first paragraph when left out */
  preheader?: string;
  blocks: MailBlock[];
  /** small print at the bottom (why they get this e-mail, how to stop it) */
  footer?: MailBlock[];
}

const FONT = "-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif";
const INK = '#1f2933';
const MUTED = '#52606d';
const BRAND = '#0b5cad';
const e = (s: string) => escapeHtml(s);

function htmlBlock(b: MailBlock): string {
  switch (b.kind) {
    case 'text':
      return `<p style="margin:0 0 16px;font-size:${b.muted ? 14 : 16}px;line-height:1.5;color:${b.muted ? MUTED : INK}">${e(b.text)}</p>`;
    case 'heading':
      return `<h2 style="margin:24px 0 12px;font-size:18px;line-height:1.3;color:${INK}">${e(b.text)}</h2>`;
    case 'button':
      return (
        `<table role="presentation" cellpadding="0" cellspacing="0" style="margin:8px 0 24px"><tr>` +
        `<td style="border-radius:6px;background:${BRAND}"><a href="${e(b.url)}" style="display:inline-block;padding:14px 24px;font-size:16px;font-weight:bold;color:#ffffff;text-decoration:none;border-radius:6px">${e(b.label)}</a></td>` +
        `</tr></table>`
      );
    case 'card': {
      const title = b.url ? `<a href="${e(b.url)}" style="color:${BRAND};text-decoration:underline">${e(b.title)}</a>` : e(b.title);
      return (
        `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="margin:0 0 12px;border:1px solid #d9e2ec;border-radius:8px"><tr><td style="padding:12px 16px">` +
        (b.imageUrl ? `<img src="${e(b.imageUrl)}" alt="" width="520" style="display:block;width:100%;max-width:520px;height:auto;border-radius:4px;margin:0 0 8px">` : '') +
        (b.badge ? `<p style="margin:0 0 4px;font-size:13px;font-weight:bold;text-transform:uppercase;color:#8a3b00">${e(b.badge)}</p>` : '') +
        `<p style="margin:0 0 4px;font-size:17px;font-weight:bold;line-height:1.4;color:${INK}">${title}</p>` +
        b.lines.map((l) => `<p style="margin:0;font-size:15px;line-height:1.5;color:${INK}">${e(l)}</p>`).join('') +
        `</td></tr></table>`
      );
    }
    case 'link':
      return `<p style="margin:0 0 16px;font-size:15px;line-height:1.5"><a href="${e(b.url)}" style="color:${BRAND}">${e(b.label)}</a></p>`;
  }
}

function textBlock(b: MailBlock): string {
  switch (b.kind) {
    case 'text':
      return b.text;
    case 'heading':
      return `${b.text}\n${'-'.repeat(Math.min(b.text.length, 60))}`;
    case 'button':
    case 'link':
      return `${b.label}: ${b.url}`;
    case 'card':
      return [`${b.badge ? `${b.badge}: ` : ''}${b.title}`, ...b.lines, ...(b.url ? [b.url] : [])].map((l, i) => (i ? `  ${l}` : `* ${l}`)).join('\n');
  }
}

export function mailHtml(content: MailContent): string {
  const firstText = content.blocks.find((b) => b.kind === 'text');
  const preheader = content.preheader ?? (firstText?.kind === 'text' ? firstText.text : '');
  return (
    `<!DOCTYPE html><html lang="en-GB"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width,initial-scale=1"><meta name="color-scheme" content="light">` +
    `<title>${e(content.title)}</title></head>` +
    `<body style="margin:0;padding:0;background:#f0f4f8;font-family:${FONT}">` +
    `<div style="display:none;max-height:0;overflow:hidden;opacity:0">${e(preheader)}</div>` +
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f0f4f8"><tr><td align="center" style="padding:16px 8px">` +
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:600px;background:#ffffff;border-radius:8px"><tr><td style="padding:24px 20px;font-family:${FONT};overflow-wrap:anywhere;word-break:break-word">` +
    `<h1 style="margin:0 0 16px;font-size:22px;line-height:1.3;color:${INK}">${e(content.title)}</h1>` +
    content.blocks.map(htmlBlock).join('') +
    (content.footer?.length
      ? `<div style="margin-top:24px;padding-top:16px;border-top:1px solid #d9e2ec">${content.footer.map((b) => htmlBlock(b.kind === 'text' ? { ...b, muted: true } : b)).join('')}</div>`
      : '') +
    `</td></tr></table></td></tr></table></body></html>`
  );
}

export function mailText(content: MailContent): string {
  return [content.title, '', ...[...content.blocks, ...(content.footer?.length ? [{ kind: 'text', text: '--' } as MailBlock] : []), ...(content.footer ?? [])].flatMap((b) => [textBlock(b), ''])].join('\n');
}
