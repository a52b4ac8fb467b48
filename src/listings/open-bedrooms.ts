// The bedroom counts a listing item and listing details give (`bedrooms`): those of the homes still to
// be had. A sold or let home ("closed") counts only when every home is sold or let, so that a card never
// offers a size nobody can have while another home is on offer.

/** Sorted, unique counts of the homes not closed; of all of them when every one is closed. */
export function openBedroomCounts(homes: readonly { bedrooms: number; closed: boolean }[]): number[] {
  const open = homes.filter((h) => !h.closed);
  return [...new Set((open.length ? open : homes).map((h) => h.bedrooms))].sort((a, b) => a - b);
}
