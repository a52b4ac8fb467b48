// The `keywords` search parameter: bare words (every one must occur), "a phrase" (those words in that
// order) and -word or -"a phrase" (listings holding it are left out). Each word and phrase is prepared as
// the listing's text is (keyword-text.ts): a bare word is never negated, a phrase is read as text, so
// "no pets" in quotes finds listings that say "no pets". A word the preparation splits ("pet-friendly")
// is a phrase of its parts, as in the text.
import { LRUCache } from 'lru-cache';
import { tokensOf } from './keyword-text.ts';

export const MAX_KEYWORDS_LENGTH = 100;

/** A word (one token) or a phrase (tokens in order). */
export type KeywordTerm = readonly string[];

export interface KeywordQuery {
  required: KeywordTerm[];
  excluded: KeywordTerm[];
}

// quoted phrases (an unclosed quote runs to the end), or runs of anything but whitespace and quotes
const PART = /(-?)"([^"]*)"?|(-?)([^\s"]+)/g;
const same = (a: KeywordTerm, b: KeywordTerm) => a.length === b.length && a.every((t, i) => t === b[i]);

function parse(text: string): KeywordQuery {
  const q: KeywordQuery = { required: [], excluded: [] };
  for (const m of text.matchAll(PART)) {
    const phrase = m[2] !== undefined;
    const minus = phrase ? m[1] === '-' : m[3] === '-';
    const tokens = tokensOf(phrase ? m[2]! : m[4]!, phrase);
    if (tokens.length === 0) continue;
    const list = minus ? q.excluded : q.required;
    if (!list.some((t) => same(t, tokens))) list.push(tokens);
  }
  return q;
}

const parsed = new LRUCache<string, KeywordQuery>({ max: 2000 });

/** The parsed keywords (the same object for the same text: read-only); null when they hold no word at all. */
export function parseKeywords(text: string | null | undefined): Readonly<KeywordQuery> | null {
  if (!text) return null;
  let q = parsed.get(text);
  if (!q) {
    q = parse(text);
    parsed.set(text, q);
  }
  return q.required.length || q.excluded.length ? q : null;
}

/** Whether a search sends keywords that hold a word (the `relevance` sort is offered then). */
export const hasKeywords = (text: string | null | undefined): boolean => parseKeywords(text) !== null;

/** The term as text for the engine's whitespace-analysed field. */
export const termText = (term: KeywordTerm): string => term.join(' ');

/** Whether the term occurs in one of the prepared texts (keywordTextOf's values): its tokens side by side. */
export function termOccurs(term: KeywordTerm, texts: readonly string[]): boolean {
  for (const text of texts) {
    const tokens = text.split(' ');
    for (let i = 0; i + term.length <= tokens.length; i++) {
      let j = 0;
      while (j < term.length && tokens[i + j] === term[j]) j++;
      if (j === term.length) return true;
    }
  }
  return false;
}

/** The keywords' verdict on a listing's prepared texts: every required term occurs and no excluded one does. */
export function keywordsMatch(q: Readonly<KeywordQuery>, texts: readonly string[]): boolean {
  return q.required.every((t) => termOccurs(t, texts)) && !q.excluded.some((t) => termOccurs(t, texts));
}
