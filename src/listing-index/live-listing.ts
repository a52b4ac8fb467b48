// The live-listing rule, written once: which indexed listings the public may see (published, not
// withdrawn, past their publication time), and on which portal. Every read of live listings filters by
// these clauses; predicate/listing-predicate.ts mirrors them in process for alert matching.
// The time is taken to the minute, so that identical searches within a minute are identical requests
// (cacheable).

/** The clauses of a live listing at `at`, as filters of a bool query. */
export function liveListingClauses(at: Date): object[] {
  const now = new Date(Math.floor(at.getTime() / 60_000) * 60_000);
  return [
    { term: { published: true } },
    { term: { withdrawn: false } },
    { bool: { should: [{ bool: { must_not: { exists: { field: 'publishAt' } } } }, { range: { publishAt: { lte: now.toISOString() } } }], minimum_should_match: 1 } },
  ];
}

/** Listings shown on a portal: those with no portal list, or naming it. */
export function portalClause(portalId: number): object {
  return { bool: { should: [{ term: { allPortals: true } }, { term: { portalIds: portalId } }], minimum_should_match: 1 } };
}
