// Which indexed listings the public may see: published, and past their publication time. The time is
// taken to the minute, so that identical searches within a minute are identical requests (cacheable).
export function liveListingFilters(at: Date): object[] {
  const now = new Date(Math.floor(at.getTime() / 60_000) * 60_000);
  return [
    { term: { published: true } },
    { term: { withdrawn: false } },
    { bool: { should: [{ bool: { must_not: { exists: { field: 'publishAt' } } } }, { range: { publishAt: { lte: now.toISOString() } } }], minimum_should_match: 1 } },
  ];
}

/** Listings shown on a portal: those with no portal list, or naming it. */
export function portalFilter(portalId: number): object {
  return { bool: { should: [{ term: { allPortals: true } }, { term: { portalIds: portalId } }], minimum_should_match: 1 } };
}
