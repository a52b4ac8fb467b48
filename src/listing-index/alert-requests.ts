// Alert matching's reads: the live listings of a batch, with the source fields the in-process predicates
// read, and one listing judged against many saved searches' queries at once, each query named so that
// the hit says which matched (read them with matchedQueryNames).
import { liveListingClauses } from './live-listing.ts';
import { idsClause } from './listing-clauses.ts';

/** The live listings among `ids`, with these source fields. */
export function alertListingsRequest(ids: readonly number[], sourceFields: readonly string[]): Record<string, unknown> {
  return { size: ids.length, _source: [...sourceFields], query: { bool: { filter: [idsClause(ids), ...liveListingClauses()] } } };
}

export interface NamedQuery {
  name: string;
  query: object;
}

/** The listing, when it matches at least one of the queries, with the names of those it matches. */
export function namedQueriesOnListingRequest(listingId: number, named: readonly NamedQuery[]): Record<string, unknown> {
  return {
    size: 1,
    _source: false,
    query: {
      bool: {
        filter: [idsClause([listingId])],
        should: named.map(({ name, query }) => ({ bool: { filter: [query], _name: name } })),
        minimum_should_match: 1,
      },
    },
  };
}
