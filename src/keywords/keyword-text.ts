// A listing's text as keyword tokens, prepared here rather than by the engine's analysis (the core
// engine has no stemmer; see docs/decisions.md): the same preparation at index time and at query time,
// so that the engine compares prepared tokens only (the index's `keywordText` field is split on
// whitespace, nothing more).
// - lower case, accents dropped, apostrophes inside words dropped ("children's" is "childrens");
// - each word stemmed with the Porter stemmer, so that singular and plural meet ("gardens", "garden");
// - a word that the text negates carries NEGATED before it: after `no`, `not`, `without` or `non`, up
//   to the end of the clause (a full stop, comma, semicolon, colon, ! or ?, or a line end). "Sorry, no
//   pets." holds `~pet`, which the word `pets` (`pet`) does not match.
import { stemmer } from 'stemmer';

export const NEGATED = '~';

const NEGATORS: ReadonlySet<string> = new Set(['no', 'not', 'without', 'non']);
const CLAUSE_END = /[.,;:!?\r\n]+/;
const WORD = /[\p{L}\p{N}]+/gu;
const APOSTROPHE_IN_WORD = /(?<=[\p{L}\p{N}])['\u2019](?=[\p{L}\p{N}])/gu;
// very long "words" (a URL, a run of digits) are kept but cut, so that a token stays a token
const MAX_TOKEN = 40;

/** One word as a token: lower case, no accents, stemmed (numbers as they are). */
export function stem(word: string): string {
  const w = word.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase().slice(0, MAX_TOKEN);
  return /^\p{N}+$/u.test(w) || w.length < 3 ? w : stemmer(w);
}

/** The words of a text, in order. */
function wordsOf(text: string): string[] {
  return text.replace(APOSTROPHE_IN_WORD, '').match(WORD) ?? [];
}

/**
 * The tokens of a text, in order, negated ones marked. With `negation` false (a query's bare words) no
 * word is marked.
 */
export function tokensOf(text: string, negation = true): string[] {
  const out: string[] = [];
  for (const clause of text.split(CLAUSE_END)) {
    let negated = false;
    for (const word of wordsOf(clause)) {
      const token = stem(word);
      out.push(negated ? NEGATED + token : token);
      if (negation && NEGATORS.has(token)) negated = true;
    }
  }
  return out;
}

/**
 * The listing's texts as the index's `keywordText` values: one string of whitespace-separated tokens
 * per text (several values, so that a phrase never runs from one text into the next). Blank texts are
 * left out.
 */
export function keywordTextOf(texts: readonly (string | null | undefined)[]): string[] {
  const out: string[] = [];
  for (const text of texts) {
    if (!text) continue;
    const tokens = tokensOf(text);
    if (tokens.length) out.push(tokens.join(' '));
  }
  return out;
}
