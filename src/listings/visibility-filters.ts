// Which indexed listings the public may see: published, and past their publication time.
export function liveListingFilters(now: Date): object[] {
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
