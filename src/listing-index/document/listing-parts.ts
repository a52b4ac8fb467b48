// What the listing document's view and indexed fields are both made from, worked out once per listing:
// its live properties priced (price rules, history, latest reduction), the headline property, the merged
// features, and the costs with the lending assumptions the index is built with (listing-costs.ts).
import type { LoadedListing } from './listing-loader.ts';
import { applyPriceRules, type PriceFields } from '../../listings/price-rules.ts';
import { availabilityRank, headlineProperty } from '../../listings/headline.ts';
import { listingAvailability, type AvailabilityCode } from '../../inventory/availability.ts';
import { latestReductionOn, priceHistoryOf } from '../../listings/price-reductions.ts';
import { costedProperty, depositNeededOfProperty, poolShareOptions, propertyCostFields, type PropertyCostFields } from './listing-costs.ts';
import { listingMonthlyCostFrom, poolOf, poolRank } from '../../listings/listing-affordability.ts';
import type { LendingAssumptions } from '../../affordability/lending.ts';
import type { ShareOption } from '../../affordability/affordability-thresholds.ts';
import type { CostedProperty } from '../../affordability/affordability.ts';
import type { ListingEligibility } from '../../eligibility/listing-eligibility.ts';
import { asArray, mergeFeatures, type FeatureSection } from './document-values.ts';

/** A property as the loader reads it, with its price changes. */
export type LoadedProperty = LoadedListing['properties'][number]['property'];

export interface PricedProperty {
  property: LoadedProperty;
  prices: PriceFields;
  priceHistory: ReturnType<typeof priceHistoryOf>;
  /**
   * the UK day of its latest reduction, however long ago, when the home is of the listing's pool and not
   * sold or let (PORTAL-EXTRAS §10: a reduction is news only for the pool's homes); else null
   */
  reducedOn: string | null;
}

export interface ListingParts {
  /** the listing's properties that are not deleted, in the listing's order */
  properties: LoadedProperty[];
  perProperty: PricedProperty[];
  /** the price fields of the headline property (headline.ts): every price field and the reduction come from it */
  prices: PriceFields;
  priceReducedOn: string | null;
  /** each property's feature sections, and all of them merged */
  features: FeatureSection[][];
  propertyFeatures: FeatureSection[];
  availability: AvailabilityCode;
  schemes: { text: string; slug: string; color: string }[];
  eligibility: ListingEligibility;
  costed: CostedProperty[];
  costFields: PropertyCostFields[];
  depositsNeeded: (number | null)[];
  monthlyCostFrom: number | null;
  /** every share the costing tries of the pool's priced homes (listing-costs.ts poolShareOptions) */
  poolShares: ShareOption[];
  /** the headline property's place in perProperty */
  headlineAt: number;
  /** a property's own costing (its monthly cost and deposit needed): every money line of an item follows one home */
  ownCosts: (i: number) => { monthlyCost: number | null; depositNeeded: number | null };
  /** the availability rank of the listing's pool (listing-affordability.ts) */
  bestRank: number | null;
}

function pricedProperty(p: LoadedProperty, depositPercentage: number | null, bestRank: number | null): PricedProperty {
  const prices = applyPriceRules(p, depositPercentage);
  const priceHistory = priceHistoryOf(p.priceChanges, p.forSale);
  const news = p.availabilityStatus !== 'closed' && availabilityRank(p.availabilityStatus) === bestRank;
  return { property: p, prices, priceHistory, reducedOn: news ? latestReductionOn([priceHistory]) : null };
}

/** Null when the listing is not on the marketplace at all (withdrawn, or nothing left to advertise). */
export function listingParts(listing: LoadedListing, lending: LendingAssumptions): ListingParts | null {
  const { development } = listing;
  const properties = listing.properties.map((lp) => lp.property).filter((p) => p.deletedAt === null);
  if (listing.withdrawnAt || development.deletedAt || properties.length === 0) return null;

  const schemes = listing.schemes.map((ls) => ({ text: ls.scheme.text, slug: ls.scheme.slug, color: ls.scheme.color }));
  const bestRank = poolRank(properties);
  const perProperty = properties.map((p) => pricedProperty(p, listing.depositPercentage, bestRank));
  const headline = headlineProperty(
    perProperty.map((entry) => ({ id: entry.property.id, availabilityStatus: entry.property.availabilityStatus, fullMarketPrice: entry.prices.fullMarketPrice, monthlyRent: entry.prices.monthlyRent, entry })),
  )!.entry;
  const features = properties.map((p) => asArray<FeatureSection>(p.propertyFeatures));
  const eligibility = (listing.eligibility ?? {}) as ListingEligibility;
  const terms = { depositPercentage: listing.depositPercentage, minDeposit: eligibility.minDeposit ?? null, maxHouseholdIncome: eligibility.maxHouseholdIncome ?? null };
  const costed = perProperty.map(({ property: p, prices: pp }) => costedProperty(p.id, p.forSale, pp, p.availabilityStatus, terms, p.propertyNumber, p.depositValue));
  const costFields = costed.map((c) => propertyCostFields(c, lending));
  const depositsNeeded = costed.map((c) => depositNeededOfProperty(c, lending));
  return {
    properties,
    perProperty,
    prices: headline.prices,
    priceReducedOn: headline.reducedOn,
    features,
    propertyFeatures: mergeFeatures(features),
    availability: listingAvailability(properties.map((p) => p.availabilityStatus)),
    schemes,
    eligibility,
    costed,
    costFields,
    depositsNeeded,
    monthlyCostFrom: listingMonthlyCostFrom(costed, lending),
    poolShares: poolShareOptions(poolOf(costed), lending),
    headlineAt: perProperty.indexOf(headline),
    ownCosts: (i) => ({ monthlyCost: costFields[i]!.monthlyCost, depositNeeded: depositsNeeded[i]! }),
    bestRank,
  };
}
