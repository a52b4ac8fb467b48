// The text of feed files as written by CRMs: UTF-8 or Windows-1252 bytes, HTML descriptions, prices
// with thousands separators and pound signs, and dates that may be all zeros.
import iconv from 'iconv-lite';
import { Parser } from 'htmlparser2';

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** UTF-8 when the bytes are valid UTF-8 (a BOM is dropped), else Windows-1252, which every byte decodes. */
export function decodeFeedText(bytes: Uint8Array): string {
  try {
    return utf8.decode(bytes).replace(/^\uFEFF/, '');
  } catch {
    // iconv-lite: Node's own TextDecoder reads windows-1252 as Latin-1 in builds without full ICU
    return iconv.decode(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), 'windows-1252');
  }
}

/**
 * Characters no provider text may carry: C0 and C1 controls other than tab and line feed (a carriage
 * return is read as a line break first), DEL, and the bidirectional overrides and isolates that would
 * turn text around on the page (U+202A–U+202E, U+2066–U+2069).
 */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
export const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/g;

export const withoutControls = (text: string) => text.replace(/\r\n?/g, '\n').replace(CONTROL_CHARACTERS, '');

/** The longest description a feed may send, markup included (checked before it is cleaned; 50,000 characters are kept). */
export const MAX_DESCRIPTION_CHARS = 100_000;
/** The longest of any other text of a feed (a summary, a feature, a caption, an address line). */
export const MAX_LINE_CHARS = 10_000;

const BLOCKS = new Set(['p', 'div', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'ul', 'ol', 'table', 'tr']);
const HIDDEN = new Set(['script', 'style']);

/** The text of HTML by htmlparser2's tokenizer (one pass, linear in the length, whatever the markup). */
function textOf(html: string): string {
  const parts: string[] = [];
  let hidden = 0;
  const parser = new Parser(
    {
      onopentag(name) {
        if (HIDDEN.has(name)) hidden++;
        else if (name === 'br') parts.push('\n');
        else if (BLOCKS.has(name)) parts.push('\n\n');
        else if (name === 'li') parts.push('\n• ');
      },
      onclosetag(name) {
        if (HIDDEN.has(name)) hidden = Math.max(0, hidden - 1);
        else if (BLOCKS.has(name)) parts.push('\n\n');
      },
      ontext(text) {
        if (hidden === 0) parts.push(text);
      },
    },
    { decodeEntities: true, lowerCaseTags: true, recognizeSelfClosing: true },
  );
  parser.end(html);
  return parts.join('');
}

/**
 * HTML (as descriptions carry it) kept as plain text: paragraphs and line breaks become new lines,
 * list items lines of their own, tags go, entities are decoded, and a literal `\r\n` some exporters
 * write becomes a line break. Nothing of the markup survives to be shown as markup, and no control
 * character survives at all. Every step is linear: a hostile description costs its length, no more.
 */
export function htmlToText(html: string): string {
  if (html === '') return '';
  const source = html.replace(/\\r\\n|\\n/g, '\n');
  // text without markup or entities (most of a file's short values) needs no parser
  return withoutControls(/[<&]/.test(source) ? textOf(source) : source)
    .replace(/[ \t\u00a0]+/g, ' ')
    .replace(/ ?\n ?/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** One line of plain text: tags and entities gone, white space collapsed. */
export function plainLine(text: string | undefined): string {
  return htmlToText(text ?? '').replace(/\s+/g, ' ').trim();
}

/** `159,950`, `£1,200.50`, `-500,000`: the number; null when empty; NaN when it is not a price at all. */
export function parseMoney(text: string | undefined): number | null {
  const cleaned = (text ?? '').replace(/[£,\s]/g, '').replace(/^GBP/i, '');
  if (cleaned === '') return null;
  return /^-?\d+(\.\d+)?$/.test(cleaned) ? Number(cleaned) : NaN;
}

/** A whole number, or null when empty or not one. */
export function parseCount(text: string | undefined): number | null {
  const cleaned = (text ?? '').trim();
  return /^\d+$/.test(cleaned) ? Number(cleaned) : null;
}

/** `YYYY-MM-DD[ HH:MM:SS]` as an instant (UK exporters write local time; taken as UTC); null for empty or `0000-00-00`. */
export function parseFeedDate(text: string | undefined): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?/.exec((text ?? '').trim());
  if (!m || Number(m[1]) === 0 || Number(m[2]) === 0 || Number(m[3]) === 0) return null;
  const date = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4] ?? 0), Number(m[5] ?? 0), Number(m[6] ?? 0)));
  return Number.isNaN(date.getTime()) || date.getUTCDate() !== Number(m[3]) ? null : date;
}

/** At most `max` characters, cut at a word boundary with an ellipsis when longer. */
export function truncateWords(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}
