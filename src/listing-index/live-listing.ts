// The live-listing rule, written once: which indexed listings the public may see, and on which portal.
// Every read of live listings filters by these clauses; predicate/listing-predicate.ts mirrors them
// in process for alert matching.
// Whether a listing is live is a stored field (`live`, document/listing-document.ts): published and past
// its publication time when its document was built. A listing scheduled for later is indexed with
// `live: false` and indexed again once its time has come (jobs/state-job.ts), so no request carries
// the time: identical searches are identical requests whenever they are sent, and answers kept for them
// stay valid until the index changes (docs/search.md, "Live listings").

/** The clauses of a live listing, as filters of a bool query. */
export function liveListingClauses(): object[] {
  return [LIVE_CLAUSE];
}

const LIVE_CLAUSE = { term: { live: true } };

/** Listings shown on a portal: those with no portal list, or naming it. */
export function portalClause(portalId: number): object {
  return { bool: { should: [{ term: { allPortals: true } }, { term: { portalIds: portalId } }], minimum_should_match: 1 } };
}

/**
 * Listings indexed as not yet live whose publication time has passed by `now`: their documents are out
 * of date (the state job queues them; at most `size` a run).
 */
export function dueToGoLiveRequest(now: Date, size: number): Record<string, unknown> {
  return {
    size,
    _source: false,
    sort: [{ publishAt: 'asc' }],
    query: { bool: { filter: [{ term: { live: false } }, { term: { published: true } }, { range: { publishAt: { lte: now.toISOString() } } }] } },
  };
}
