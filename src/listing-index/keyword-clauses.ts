// The keywords as engine clauses on the listing's `keywordText` (whitespace-analysed prepared tokens):
// a word is a term query, a phrase a match_phrase. The required terms filter the search and, sorted by
// relevance, score too (search-sort.ts); the excluded ones must not match.
import type { KeywordQuery, KeywordTerm } from '../keywords/keyword-query.ts';
import { termText } from '../keywords/keyword-query.ts';

export const KEYWORD_FIELD = 'keywordText';

function termClause(term: KeywordTerm): object {
  return term.length === 1 ? { term: { [KEYWORD_FIELD]: term[0] } } : { match_phrase: { [KEYWORD_FIELD]: termText(term) } };
}

export function keywordClauses(q: Readonly<KeywordQuery>): { required: object[]; excluded: object[] } {
  return { required: q.required.map(termClause), excluded: q.excluded.map(termClause) };
}
