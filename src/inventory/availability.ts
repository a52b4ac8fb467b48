// Availability codes and their names, which depend on the occupancy type.
export const AVAILABILITY_CODES = ['coming-soon', 'available', 'under-offer', 'closed'] as const;
export type AvailabilityCode = (typeof AVAILABILITY_CODES)[number];

const NAMES: Record<'sale' | 'rent', Record<AvailabilityCode, string>> = {
  sale: { 'coming-soon': 'Coming soon', available: 'Available', 'under-offer': 'Under offer', closed: 'Sold' },
  rent: { 'coming-soon': 'Coming soon', available: 'Available to rent', 'under-offer': 'Let agreed', closed: 'Let' },
};

export function availabilityStatus(code: string, forSale: boolean): { code: string; name: string } {
  return { code, name: NAMES[forSale ? 'sale' : 'rent'][code as AvailabilityCode] ?? code };
}

/** A listing is as available as its most available property. */
export function listingAvailability(codes: string[]): AvailabilityCode {
  for (const code of ['available', 'coming-soon', 'under-offer'] as const) if (codes.includes(code)) return code;
  return 'closed';
}
