// The text of feed files as written by CRMs: UTF-8 or Windows-1252 bytes, HTML descriptions, prices
// with thousands separators and pound signs, and dates that may be all zeros.
import iconv from 'iconv-lite';

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

const ENTITIES: Record<string, string> = {
  amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', pound: '£', euro: '€', ndash: '–', mdash: '—',
  lsquo: '‘', rsquo: '’', ldquo: '“', rdquo: '”', hellip: '…', frac12: '½', frac14: '¼', frac34: '¾', sup2: '²',
  deg: '°', copy: '©', reg: '®', trade: '™', middot: '·', bull: '•', times: '×', eacute: 'é', egrave: 'è',
};

export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z][a-z0-9]*);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return code > 0 && code <= 0x10ffff && (code < 0xd800 || code > 0xdfff) ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

/**
 * HTML (as descriptions carry it) kept as plain text: paragraphs and line breaks become new lines,
 * list items lines of their own, tags go, entities are decoded, and a literal `\r\n` some exporters
 * write becomes a line break. Nothing of the markup survives to be shown as markup.
 */
export function htmlToText(html: string): string {
  const text = html
    .replace(/\\r\\n|\\n/g, '\n')
    .replace(/<\s*(script|style)\b[^>]*>[\s\S]*?<\s*\/\s*\1\s*>/gi, '')
    .replace(/<\s*br\s*\/?\s*>/gi, '\n')
    .replace(/<\s*\/?\s*(p|div|h[1-6]|ul|ol|table|tr)\b[^>]*>/gi, '\n\n')
    .replace(/<\s*li\b[^>]*>/gi, '\n• ')
    .replace(/<[^>]*>/g, '');
  return decodeEntities(text)
    .replace(/\r\n?/g, '\n')
    .replace(/[ \t\u00a0]+/g, ' ')
    .replace(/ *\n */g, '\n')
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
