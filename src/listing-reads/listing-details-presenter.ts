// Listing details, property details and the full-details object, from the index document's view.
import type { ListingDocument } from '../listing-index/document/listing-document.ts';
import { PRICE_FIELD_NAMES } from '../listings/price-rules.ts';
import { ITEM_FIELDS, type HeadlinePrices } from '../listings/listing-presenter.ts';
import type { StoredListing } from '../listings/listing-view.ts';
import { recentReduction } from '../listings/price-reductions.ts';
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
] as const satisfies readonly (keyof StoredListing)[];

/** The price members of listing details: the headline property's prices and latest reduction. */
const DETAIL_PRICE_FIELDS = [...PRICE_FIELD_NAMES, 'isSharedOwnership', 'priceReducedOn', 'monthlyCost', 'depositNeeded'] as const satisfies readonly (keyof StoredListing)[];

/** These members of the view, in this order; a nullable one a document of an older mapping lacks is null. */
function pick<K extends keyof StoredListing>(l: StoredListing, fields: readonly K[]): Pick<StoredListing, K> {
  return Object.fromEntries(fields.map((f) => [f, l[f] ?? null])) as Pick<StoredListing, K>;
}

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
function headlinePricesOf(properties: StoredPropertyDetails[], reducedOnOf: (id: number) => string | null): HeadlinePrices | null {
  const candidates = properties.map((p) => ({
    id: p.id,
    availabilityStatus: p.availabilityStatus.code,
    fullMarketPrice: p.fullMarketPrice,
    monthlyRent: p.monthlyRent,
    details: p,
  }));
  const chosen = headlineProperty(candidates)?.details;
  if (!chosen) return null;
  const prices = Object.fromEntries(PRICE_FIELD_NAMES.map((f) => [f, chosen[f] ?? null])) as Pick<HeadlinePrices, (typeof PRICE_FIELD_NAMES)[number]>;
  // the document's own day for the home: a reduction is news only for the pool's homes not sold or let (PORTAL-EXTRAS §10)
  const priceReducedOn = reducedOnOf(chosen.id);
  // the lowest monthly cost of their pool (listing-affordability.ts), beside the pool's headline
  let from: number | null = null;
  for (const p of poolOf(candidates)) if (p.details.monthlyCostFrom != null && (from === null || p.details.monthlyCostFrom < from)) from = p.details.monthlyCostFrom;
  // that home's own costing (its details' monthly cost and deposit needed)
  return { ...prices, isSharedOwnership: chosen.isSharedOwnership, priceReducedOn, monthlyCostFrom: from, monthlyCost: chosen.monthlyCostFrom ?? null, depositNeeded: chosen.depositNeeded ?? null };
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
  const out = pick(l, DETAIL_FIELDS);
  const headline = options.bedrooms?.length ? headlinePricesOf(presentPropertyDetails(doc, options.bedrooms), (id) => doc.properties.find((p) => p.id === id)?.priceReducedOn ?? null) : null;
  const prices = headline ?? pick(l, DETAIL_PRICE_FIELDS);
  return {
    ...out,
    ...prices,
    monthlyCostFrom: headline ? headline.monthlyCostFrom : out.monthlyCostFrom,
    monthlyCost: prices.monthlyCost ?? null,
    depositNeeded: prices.depositNeeded ?? null,
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
