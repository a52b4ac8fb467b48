// Which price cut of a listing is news to its saved searches: the latest of any home it still offers
// (not sold or let), not only the headline's. A home that is sold or let is no longer advertised, so its
// cut is nobody's news; a listing whose every home is sold or let has none.

interface IndexedHome {
  availabilityStatus?: string | null;
  priceReducedOn?: string | null;
}

/** The day (YYYY-MM-DD) of the latest price cut of a home not sold or let, or null. */
export function advertisedReductionDay(homes: readonly IndexedHome[]): string | null {
  let latest: string | null = null;
  for (const home of homes) {
    if (home.availabilityStatus === 'closed' || !home.priceReducedOn) continue;
    if (latest === null || home.priceReducedOn > latest) latest = home.priceReducedOn;
  }
  return latest;
}
