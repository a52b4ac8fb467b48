// The keywords as engine clauses on the listing's `keywordText` (whitespace-analysed prepared tokens):
// a word is a term query, a phrase a match_phrase. Required terms score (the `relevance` sort).
import type { KeywordQuery, KeywordTerm } from './keyword-query.ts';
import { termText } from './keyword-query.ts';

export const KEYWORD_FIELD = 'keywordText';

function termClause(term: KeywordTerm): object {
  return term.length === 1 ? { term: { [KEYWORD_FIELD]: term[0] } } : { match_phrase: { [KEYWORD_FIELD]: termText(term) } };
}

export function keywordClauses(q: Readonly<KeywordQuery>): { must: object[]; mustNot: object[] } {
  return { must: q.required.map(termClause), mustNot: q.excluded.map(termClause) };
}
