// Material information (what UK trading standards expect a listing to state), derived from a property's
// stored fields: its EPC band, and the price per square metre.
export const COUNCIL_TAX_BANDS = ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'I'] as const;
export const EPC_BANDS = ['A', 'B', 'C', 'D', 'E', 'F', 'G'] as const;

// the lowest energy efficiency rating of each band, A first
const EPC_BAND_FLOORS: readonly [string, number][] = [
  ['A', 92],
  ['B', 81],
  ['C', 69],
  ['D', 55],
  ['E', 39],
  ['F', 21],
  ['G', 1],
];

/** The EPC band of an energy efficiency rating (1 to 100); null for none or 0, which no certificate gives. */
export function epcBandOf(rating: number | null | undefined): string | null {
  if (rating === null || rating === undefined || !Number.isFinite(rating)) return null;
  return EPC_BAND_FLOORS.find(([, floor]) => rating >= floor)?.[0] ?? null;
}

/** The full market price per square metre in whole pounds; null to rent, or when either is unknown. */
export function pricePerSquareMetre(forSale: boolean, fullMarketPrice: number | null, floorArea: number | null): number | null {
  if (!forSale || fullMarketPrice === null || floorArea === null || floorArea <= 0) return null;
  return Math.round(fullMarketPrice / floorArea);
}

export interface MaterialInformation {
  councilTaxBand: string | null;
  epcBand: string | null;
  tenure: string;
  leaseYears: number | null;
  monthlyServiceCharge: number | null;
  annualGroundRent: number | null;
  floorArea: number | null;
  pricePerSquareMetre: number | null;
  broadbandMbps: number | null;
}

export interface MaterialSource {
  forSale: boolean;
  councilTaxBand: string | null;
  energyEfficiencyRatingCurrent: number | null;
  tenure: string;
  leaseYears: number | null;
  floorArea: number | null;
  broadbandMbps: number | null;
}

/** `prices`: the property's prices after the price rules (service charge and ground rent are for sale only). */
export function materialInformationOf(
  p: MaterialSource,
  prices: { fullMarketPrice: number | null; monthlyServiceCharge: number | null; annualGroundRent: number | null },
): MaterialInformation {
  return {
    councilTaxBand: p.councilTaxBand,
    epcBand: epcBandOf(p.energyEfficiencyRatingCurrent),
    tenure: p.tenure,
    leaseYears: p.leaseYears,
    monthlyServiceCharge: prices.monthlyServiceCharge,
    annualGroundRent: prices.annualGroundRent,
    floorArea: p.floorArea,
    pricePerSquareMetre: pricePerSquareMetre(p.forSale, prices.fullMarketPrice, p.floorArea),
    broadbandMbps: p.broadbandMbps,
  };
}
