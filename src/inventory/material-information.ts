// Material information (what UK trading standards expect a listing to state), derived from a property's
// stored fields: its EPC band, and the price per square metre.
export const COUNCIL_TAX_BANDS = ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'I'] as const;
export const EPC_BANDS = ['A', 'B', 'C', 'D', 'E', 'F', 'G'] as const;
export type CouncilTaxBand = (typeof COUNCIL_TAX_BANDS)[number];
export type EpcBand = (typeof EPC_BANDS)[number];

/** Wales's 2003 revaluation added band I; England's and Scotland's bands end at H. */
export const WELSH_ONLY_BAND = 'I';
/** the Region code (GSS) of Wales */
export const WALES_REGION_CODE = 'W92000004';

/**
 * Why a property may not have this council tax band, or null when it may: band I only in Wales, told by
 * the region of its development's local authority (null: the development names none, so Wales is not
 * known either).
 */
export function councilTaxBandProblem(band: string | null, region: { code: string; name: string } | null): string | null {
  if (band !== WELSH_ONLY_BAND || region?.code === WALES_REGION_CODE) return null;
  const where = region ? `this development is in ${region.name}` : "this development's local authority is not known (send the development's localAuthority or a known postcode)";
  return `councilTaxBand I is a band of properties in Wales only: ${where}`;
}

// the lowest energy efficiency rating of each band, A first
const EPC_BAND_FLOORS: readonly [EpcBand, number][] = [
  ['A', 92],
  ['B', 81],
  ['C', 69],
  ['D', 55],
  ['E', 39],
  ['F', 21],
  ['G', 1],
];

/** The EPC band of an energy efficiency rating (1 to 100); null for none or 0, which no certificate gives. */
export function epcBandOf(rating: number | null | undefined): EpcBand | null {
  if (rating === null || rating === undefined || !Number.isFinite(rating)) return null;
  return EPC_BAND_FLOORS.find(([, floor]) => rating >= floor)?.[0] ?? null;
}

/** The full market price per square metre in whole pounds; null to rent, or when either is unknown. */
export function pricePerSquareMetre(forSale: boolean, fullMarketPrice: number | null, floorArea: number | null): number | null {
  if (!forSale || fullMarketPrice === null || floorArea === null || floorArea <= 0) return null;
  return Math.round(fullMarketPrice / floorArea);
}

export interface MaterialInformation {
  councilTaxBand: CouncilTaxBand | null;
  epcBand: EpcBand | null;
  tenure: string | null;
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
  tenure: string | null;
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
    // the column holds only the bands the sync schema accepts (property-schema.ts)
    councilTaxBand: p.councilTaxBand as CouncilTaxBand | null,
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
