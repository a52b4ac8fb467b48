// A listing's monthly costs and affordability thresholds for its document (affordability/): what
// `monthlyCostFrom`, `max_monthly_cost`, the `monthly-cost-low-high` sort and `affordable_only` read.
// Worked out with the lending assumptions the index is built with (the default portal's).
import type { PriceFields } from '../../listings/price-rules.ts';
import { depositNeededOf, monthlyCostOf, type CostedProperty } from '../../affordability/affordability.ts';
import { shareOptionsOf, thresholdsOf, undominated, type ShareOption } from '../../affordability/affordability-thresholds.ts';
import type { LendingAssumptions } from '../../affordability/lending.ts';
import type { ListingEligibility } from '../../eligibility/listing-eligibility.ts';

/** The indexed fields of one property (nested `properties`); nulls when its price is unknown. */
export interface PropertyCostFields {
  monthlyCost: number | null;
  affordShareValue: number | null;
  /** the deposit the minimum share needs (the one deposit rule), which affordable_only compares with the savings */
  affordMinSavings: number | null;
  /** the listing's cap on household income (a number past any income without one) */
  affordMaxIncome: number | null;
  affordMinIncome: number | null;
  affordFullLoanCost: number | null;
}

/** The terms of a listing that every home's costing reads: its deposit percentage and eligibility limits. */
export interface ListingMoneyTerms {
  depositPercentage: number | null;
  minDeposit: number | null;
  maxHouseholdIncome: number | null;
}

/** What a search needs to work out an item's distances and affordability, stored beside the presented item. */
export interface ItemFacts {
  latitude: number;
  longitude: number;
  properties: CostedProperty[];
  /** the listing's rules and the eligibility fields it names, which the item's `eligibility` is decided by; absent in documents written before */
  rules?: { eligibility: ListingEligibility; eligibilityFields: string[] };
}

export const ITEM_FACTS_FIELD = 'itemFacts';

/**
 * A property as its costing reads it. `providerDeposit`: the property's own `depositValue` as its
 * provider sent it, which the one deposit rule takes in for shared ownership too (the price rules show a
 * shared-ownership depositValue computed against the share, and a standard sale's stated one already).
 */
export function costedProperty(
  id: number,
  forSale: boolean,
  prices: PriceFields,
  availabilityStatus: string,
  terms: ListingMoneyTerms,
  propertyNumber: string | null = null,
  providerDeposit: number | null = null,
): CostedProperty {
  return {
    id,
    forSale,
    availabilityStatus,
    propertyNumber,
    depositPercentage: terms.depositPercentage,
    minDeposit: terms.minDeposit,
    maxHouseholdIncome: terms.maxHouseholdIncome,
    // a standard sale's deposit as its price states it; shared ownership's as its provider sent it (the
    // listing's percentage of the share is in the rule already)
    statedDeposit: !forSale ? null : prices.isSharedOwnership ? providerDeposit : prices.depositValue,
    isSharedOwnership: prices.isSharedOwnership,
    fullMarketPrice: prices.fullMarketPrice,
    minSharePercentage: prices.minSharePercentage,
    subsidisedMonthlyRent: prices.subsidisedMonthlyRent,
    monthlyServiceCharge: prices.monthlyServiceCharge,
    annualGroundRent: prices.annualGroundRent,
    monthlyRent: prices.monthlyRent,
  };
}

export function propertyCostFields(p: CostedProperty, lending: LendingAssumptions): PropertyCostFields {
  const t = thresholdsOf(p, lending);
  return {
    monthlyCost: monthlyCostOf(p, lending),
    affordShareValue: t?.shareValue ?? null,
    affordMinSavings: t?.minSavings ?? null,
    affordMaxIncome: t?.maxIncome ?? null,
    affordMinIncome: t?.minIncome ?? null,
    affordFullLoanCost: t?.fullLoanCost ?? null,
  };
}

/**
 * The listing's `poolShares`: every share the costing would try of every priced home of its pool (the
 * listing's own, `inPool`), as the four values eligible_only's money clause compares with a
 * household's bounds, less those another beats. Empty when no home of the pool is priced.
 */
export function poolShareOptions(pool: readonly CostedProperty[], lending: LendingAssumptions): ShareOption[] {
  return undominated(pool.flatMap((p) => shareOptionsOf(p, lending)));
}

/** Property details' `depositNeeded`: the deposit its minimum share needs (null to rent or unpriced). */
export const depositNeededOfProperty = depositNeededOf;
