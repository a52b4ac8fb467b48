// The headline property of a listing: the one home whose prices a listing item and listing details show
// (every price field and priceReducedOn from it, never a mixture). Pure, and the one place the choice is
// made: the document builder, listing details, search (the inner hit it asks for and the order of its
// price sorts) and affordability follow the same rule.
//
// The rule: among the matching properties (all of them when no filter names any), the most advertised
// ones by availability: available, else coming soon, else under offer, else closed; among those the
// cheapest by the headline price (`fullMarketPrice` for sale, shared ownership included; `monthlyRent`
// to rent), a price to be announced (null) after every known one; then the lowest id.

/** What the choice reads of a property. */
export interface HeadlineCandidate {
  id: number;
  availabilityStatus: string;
  fullMarketPrice: number | null;
  monthlyRent: number | null;
}

/** Availability codes, most advertised first: a property's rank is its index (unknown codes last). */
export const HEADLINE_AVAILABILITY_ORDER = ['available', 'coming-soon', 'under-offer', 'closed'] as const;

export function availabilityRank(code: string): number {
  const rank = (HEADLINE_AVAILABILITY_ORDER as readonly string[]).indexOf(code);
  return rank < 0 ? HEADLINE_AVAILABILITY_ORDER.length : rank;
}

/**
 * The price a property is advertised at: its full market price for sale, its monthly rent to rent. The
 * price rules leave the other one null (a listing's properties are all for sale or all to rent).
 */
export function headlinePrice(p: Pick<HeadlineCandidate, 'fullMarketPrice' | 'monthlyRent'>): number | null {
  return p.fullMarketPrice ?? p.monthlyRent;
}

/** Negative when `a` is the better headline than `b`. */
export function compareHeadline(a: HeadlineCandidate, b: HeadlineCandidate): number {
  const rank = availabilityRank(a.availabilityStatus) - availabilityRank(b.availabilityStatus);
  if (rank !== 0) return rank;
  const pa = headlinePrice(a);
  const pb = headlinePrice(b);
  if (pa !== pb) {
    if (pa === null) return 1;
    if (pb === null) return -1;
    return pa - pb;
  }
  return a.id - b.id;
}

/**
 * The headline property among `properties`, or among those whose id is in `matchingIds` when given;
 * null when there is none to choose from.
 */
export function headlineProperty<T extends HeadlineCandidate>(properties: readonly T[], matchingIds?: Iterable<number>): T | null {
  const wanted = matchingIds === undefined ? null : new Set(matchingIds);
  let best: T | null = null;
  for (const p of properties) {
    if (wanted && !wanted.has(p.id)) continue;
    if (best === null || compareHeadline(p, best) < 0) best = p;
  }
  return best;
}
