// The spec's price rules, in one pure place. Null always means "to be announced" and stays null.

export interface PropertyPrices {
  forSale: boolean;
  isSharedOwnership: boolean;
  tenure: string | null;
  fullMarketPrice: number | null;
  /** the home's value on the open market, for a home sold below it (First Homes, Discount Market Sale) */
  openMarketValue: number | null;
  depositValue: number | null;
  minSharePercentage: number | null;
  subsidisedMonthlyRent: number | null;
  maxGovernmentLoanPercent: number | null;
  monthlyServiceCharge: number | null;
  annualGroundRent: number | null;
  reservationFee: number | null;
  monthlyRent: number | null;
  rentalDeposit: number | null;
  minTenancyMonths: number | null;
  maxTenancyMonths: number | null;
  administrationFee: number | null;
}

export interface PriceFields {
  fullMarketPrice: number | null;
  depositValue: number | null;
  minSharePercentage: number | null;
  minShareValue: number | null;
  subsidisedMonthlyRent: number | null;
  maxGovernmentLoanPercent: number | null;
  maxGovernmentLoanValue: number | null;
  monthlyServiceCharge: number | null;
  annualGroundRent: number | null;
  reservationFee: number | null;
  isSharedOwnership: boolean;
  monthlyRent: number | null;
  weeklyRent: number | null;
  rentalDeposit: number | null;
  minTenancyMonths: number | null;
  maxTenancyMonths: number | null;
  administrationFee: number | null;
  openMarketValue: number | null;
  discountPercentage: number | null;
}

const money = (value: number): number => Math.round(value * 100) / 100;
const percentOf = (amount: number | null, percent: number | null): number | null =>
  amount === null || percent === null ? null : money((amount * percent) / 100);

/** Weekly rent from monthly: twelve months spread over fifty-two weeks. */
export function weeklyFromMonthly(monthly: number | null): number | null {
  return monthly === null ? null : money((monthly * 12) / 52);
}

/**
 * How far below its open-market value a home is sold, in whole percent rounded down (a discount is never
 * overstated: 29.9% reads 29%); null unless both figures are known and the price is not above the value.
 */
export function discountPercentage(price: number | null, openMarketValue: number | null): number | null {
  if (price === null || openMarketValue === null || openMarketValue <= 0 || price > openMarketValue) return null;
  // the epsilon keeps a whole percent of prices in pence whole (binary fractions can land just below it)
  return Math.floor(((openMarketValue - price) * 100) / openMarketValue + 1e-9);
}

/**
 * The price fields of a property as the portal shows them. `depositPercentage` is the listing's
 * minimum deposit percentage; for shared ownership the deposit is taken on the share, for a standard
 * sale a given depositValue wins and the percentage of the full price is the fallback.
 */
export function applyPriceRules(p: PropertyPrices, depositPercentage: number | null): PriceFields {
  const sale = p.forSale;
  const shared = sale && p.isSharedOwnership;
  const fullMarketPrice = sale ? p.fullMarketPrice : null;
  const minSharePercentage = shared ? p.minSharePercentage : null;
  const minShareValue = shared ? percentOf(fullMarketPrice, minSharePercentage) : null;
  const depositValue = !sale
    ? null
    : shared
      ? percentOf(minShareValue, depositPercentage)
      : (p.depositValue ?? percentOf(fullMarketPrice, depositPercentage));
  const maxGovernmentLoanPercent = sale ? p.maxGovernmentLoanPercent : null;
  // a discount on the open market: a sale that is not shared ownership (whose full price is the market value)
  const openMarketValue = sale && !shared ? p.openMarketValue : null;
  return {
    fullMarketPrice,
    depositValue,
    minSharePercentage,
    minShareValue,
    subsidisedMonthlyRent: shared ? p.subsidisedMonthlyRent : null,
    maxGovernmentLoanPercent,
    maxGovernmentLoanValue: percentOf(fullMarketPrice, maxGovernmentLoanPercent),
    monthlyServiceCharge: sale ? p.monthlyServiceCharge : null,
    annualGroundRent: sale && p.tenure === 'leasehold' ? p.annualGroundRent : null,
    reservationFee: sale ? p.reservationFee : null,
    isSharedOwnership: shared,
    monthlyRent: sale ? null : p.monthlyRent,
    weeklyRent: sale ? null : weeklyFromMonthly(p.monthlyRent),
    rentalDeposit: sale ? null : p.rentalDeposit,
    minTenancyMonths: sale ? null : p.minTenancyMonths,
    maxTenancyMonths: sale ? null : p.maxTenancyMonths,
    administrationFee: p.administrationFee,
    openMarketValue,
    discountPercentage: discountPercentage(fullMarketPrice, openMarketValue),
  };
}

/** Every nullable price field, in the order the spec lists them, then the open-market value and discount this service adds. */
export const PRICE_FIELD_NAMES = [
  'fullMarketPrice',
  'depositValue',
  'minSharePercentage',
  'minShareValue',
  'subsidisedMonthlyRent',
  'maxGovernmentLoanPercent',
  'maxGovernmentLoanValue',
  'monthlyServiceCharge',
  'annualGroundRent',
  'reservationFee',
  'monthlyRent',
  'weeklyRent',
  'rentalDeposit',
  'minTenancyMonths',
  'maxTenancyMonths',
  'administrationFee',
  'openMarketValue',
  'discountPercentage',
] as const satisfies readonly (keyof PriceFields)[];
