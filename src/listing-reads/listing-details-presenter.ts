// Listing details, property details and the full-details object, from the index document's view.
import type { ListingDocument } from '../listings/listing-document.ts';
import { PRICE_FIELD_NAMES } from '../listings/price-rules.ts';
import { ITEM_FIELDS } from '../listings/listing-presenter.ts';
import { latestReductionOn, recentReduction } from '../listings/price-reductions.ts';
import { headlineProperty } from '../listings/headline.ts';
import { poolOf } from '../listings/listing-affordability.ts';
import type { Affordability } from '../affordability/affordability.ts';
import type { ItemEligibility } from '../eligibility/item-eligibility.ts';
import type {
  FullDetailsPayload,
  ListingDetailsPayload,
  RegisterInterestDetailsPayload,
  RegisterInterestFieldsPayload,
} from './listing-details-payload.ts';
import type { PropertyDetailsPayload, StoredPropertyDetails } from '../listings/property-details-payload.ts';

type PriceFieldName = (typeof PRICE_FIELD_NAMES)[number];
/** the details' fields that are not the view's as they are */
type DetailsOwnField =
  | PriceFieldName
  | 'isSharedOwnership'
  | 'monthlyCost'
  | 'depositNeeded'
  | 'priceReducedOn'
  | 'featured'
  | 'favourite'
  | 'distanceFromHome'
  | 'distanceFromWork'
  | 'propertyDetails'
  | 'councilTaxBands'
  | 'epcBands';

// Listing details: the item's fields except the item-only ones, plus the details' own.
const DETAIL_FIELDS = [
  ...ITEM_FIELDS.filter((f) => f !== 'displayAs' && f !== 'shortDescription'),
  'singleProperty',
  'schemes',
  'housingProvider',
  'galleryImages',
  'videos',
  'brochures',
  'localAuthority',
  'mapImageUrl',
  'longDescription',
  'localAreaName',
  'localAreaDescription',
  'specifications',
  'termsAndConditions',
  'disclaimer',
  'depositPercentage',
  'headline',
  'titleTag',
  'metaKeywords',
  'metaDescription',
] as const;

/** Each property's details as the document's view holds them (listing-document.ts builds them). */
export const storedPropertyDetails = (doc: ListingDocument): StoredPropertyDetails[] => doc.view.properties;

/** `affordability`: each property's for the household looking, by id (none known: null on each). */
export function presentPropertyDetails(doc: ListingDocument, bedrooms: number[] = [], affordability?: ReadonlyMap<number, Affordability>): PropertyDetailsPayload[] {
  const all = storedPropertyDetails(doc);
  const chosen = bedrooms.length ? all.filter((p) => bedrooms.includes(p.bedrooms)) : all;
  return affordability ? chosen.map((p) => withAffordability(p, affordability)) : chosen;
}

/** Property details with the household's affordability (PORTAL-EXTRAS §7), null when it is not known. */
function withAffordability(p: PropertyDetailsPayload, affordability: ReadonlyMap<number, Affordability> | undefined): PropertyDetailsPayload {
  return { ...p, affordability: affordability?.get(p.id) ?? null };
}

/** The price fields of the headline among these properties' details (headline.ts), with its latest reduction's day. */
function headlinePricesOf(properties: StoredPropertyDetails[]): Record<string, unknown> | null {
  const candidates = properties.map((p) => ({
    id: p.id,
    availabilityStatus: p.availabilityStatus.code,
    fullMarketPrice: p.fullMarketPrice,
    monthlyRent: p.monthlyRent,
    details: p,
  }));
  const chosen = headlineProperty(candidates)?.details;
  if (!chosen) return null;
  const prices: Record<string, unknown> = Object.fromEntries([...PRICE_FIELD_NAMES, 'isSharedOwnership' as const].map((f) => [f, chosen[f] ?? null]));
  prices.priceReducedOn = latestReductionOn([chosen.priceHistory]);
  // that home's own costing (its details' monthly cost and deposit needed)
  prices.monthlyCost = chosen.monthlyCostFrom ?? null;
  prices.depositNeeded = chosen.depositNeeded ?? null;
  // the lowest monthly cost of their pool (listing-affordability.ts), beside the pool's headline
  let from: number | null = null;
  for (const p of poolOf(candidates)) if (p.details.monthlyCostFrom != null && (from === null || p.details.monthlyCostFrom < from)) from = p.details.monthlyCostFrom;
  prices.monthlyCostFrom = from;
  return prices;
}

/**
 * Distances of the listing from the signed-in customer's home and work (PORTAL-EXTRAS §6), and their
 * eligibility (§11, register interest's decision); null when unknown.
 */
export interface ListingDistances {
  distanceFromHome: number | null;
  distanceFromWork: number | null;
  eligibility?: ItemEligibility | null;
}

interface DetailOptions {
  favourite: boolean | null;
  bedrooms?: number[];
  affordability?: ReadonlyMap<number, Affordability>;
  distances?: ListingDistances | null;
}

/** `bedrooms`: the price fields come from the headline among the properties with those bedroom counts. */
export function presentListingDetails(doc: ListingDocument, options: DetailOptions): ListingDetailsPayload {
  const l = doc.view.listing;
  const out: Record<string, unknown> = Object.fromEntries(DETAIL_FIELDS.map((f) => [f, l[f] ?? null]));
  let prices: Record<string, unknown> = Object.fromEntries([...PRICE_FIELD_NAMES, 'isSharedOwnership', 'priceReducedOn', 'monthlyCost', 'depositNeeded'].map((f) => [f, l[f] ?? null]));
  if (options.bedrooms?.length) prices = headlinePricesOf(presentPropertyDetails(doc, options.bedrooms)) ?? prices;
  // the view's fields as listing-document.ts writes them
  return {
    ...(out as Omit<ListingDetailsPayload, DetailsOwnField>),
    ...(prices as Pick<ListingDetailsPayload, PriceFieldName>),
    monthlyCostFrom: (prices.monthlyCostFrom as number | null | undefined) === undefined ? (out.monthlyCostFrom as number | null) : (prices.monthlyCostFrom as number | null),
    monthlyCost: (prices.monthlyCost as number | null | undefined) ?? null,
    depositNeeded: (prices.depositNeeded as number | null | undefined) ?? null,
    isSharedOwnership: Boolean(prices.isSharedOwnership),
    priceReducedOn: recentReduction(prices.priceReducedOn),
    featured: doc.displayAs === 'featured',
    favourite: options.favourite,
    distanceFromHome: options.distances?.distanceFromHome ?? null,
    distanceFromWork: options.distances?.distanceFromWork ?? null,
    eligibility: options.distances?.eligibility ?? null,
    propertyDetails: l.singleProperty && doc.view.properties[0] ? withAffordability(storedPropertyDetails(doc)[0]!, options.affordability) : null,
    // material information of its properties (documents indexed before it have none)
    councilTaxBands: (l.councilTaxBands as ListingDetailsPayload['councilTaxBands'] | undefined) ?? [],
    epcBands: (l.epcBands as ListingDetailsPayload['epcBands'] | undefined) ?? [],
  };
}

export function presentFullDetails(doc: ListingDocument, options: DetailOptions): FullDetailsPayload {
  return {
    listing: presentListingDetails(doc, options),
    properties: doc.view.listing.singleProperty ? [] : presentPropertyDetails(doc, options.bedrooms, options.affordability ?? new Map()),
    checkEligibility: doc.view.registerInterestFields.eligibilityFields.length > 0,
  };
}

export function presentRegisterInterestFields(doc: ListingDocument): RegisterInterestFieldsPayload {
  const { eligibilityFields, priorityFields } = doc.view.registerInterestFields;
  return { eligibilityFields, priorityFields };
}

/** Register-interest full details: the listing, its fields, and the property when one was named. */
export function presentRegisterInterestDetails(doc: ListingDocument, favourite: boolean | null, property?: PropertyDetailsPayload): RegisterInterestDetailsPayload {
  return {
    listing: presentListingDetails(doc, { favourite }),
    registerInterestFields: presentRegisterInterestFields(doc),
    ...(property ? { property } : {}),
  };
}
