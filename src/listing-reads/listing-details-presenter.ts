// Listing details, property details and the full-details object, from the index document's view.
import type { ListingDocument } from '../listings/listing-document.ts';
import { PRICE_FIELD_NAMES } from '../listings/price-rules.ts';
import { ITEM_FIELDS } from '../listings/listing-presenter.ts';
import { latestReductionOn, recentReduction, type PriceHistoryEntry } from '../listings/price-reductions.ts';
import { headlineProperty } from '../listings/headline.ts';
import type { Affordability } from '../affordability/affordability.ts';

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

/** `affordability`: each property's for the household looking, by id (none known: null on each). */
export function presentPropertyDetails(doc: ListingDocument, bedrooms: number[] = [], affordability?: ReadonlyMap<number, Affordability>) {
  const all = doc.view.properties;
  const chosen = bedrooms.length ? all.filter((p) => bedrooms.includes(p.bedrooms as number)) : all;
  return affordability ? chosen.map((p) => withAffordability(p, affordability)) : chosen;
}

/** Property details with the household's affordability (PORTAL-EXTRAS §7), null when it is not known. */
function withAffordability(p: Record<string, unknown>, affordability: ReadonlyMap<number, Affordability> | undefined): Record<string, unknown> {
  return { ...p, affordability: affordability?.get(p.id as number) ?? null };
}

/** The price fields of the headline among these properties' details (headline.ts), with its latest reduction's day. */
function headlinePricesOf(properties: Record<string, unknown>[]): Record<string, unknown> | null {
  const candidates = properties.map((p) => ({
    id: p.id as number,
    availabilityStatus: (p.availabilityStatus as { code: string }).code,
    fullMarketPrice: p.fullMarketPrice as number | null,
    monthlyRent: p.monthlyRent as number | null,
    details: p,
  }));
  const chosen = headlineProperty(candidates)?.details;
  if (!chosen) return null;
  const prices: Record<string, unknown> = Object.fromEntries([...PRICE_FIELD_NAMES, 'isSharedOwnership'].map((f) => [f, chosen[f] ?? null]));
  prices.priceReducedOn = latestReductionOn([(chosen.priceHistory as PriceHistoryEntry[] | undefined) ?? []]);
  return prices;
}

/** `bedrooms`: the price fields come from the headline among the properties with those bedroom counts. */
/** Distances of the listing from the signed-in customer's home and work (PORTAL-EXTRAS §6); null when unknown. */
export interface ListingDistances {
  distanceFromHome: number | null;
  distanceFromWork: number | null;
}

interface DetailOptions {
  favourite: boolean | null;
  bedrooms?: number[];
  affordability?: ReadonlyMap<number, Affordability>;
  distances?: ListingDistances | null;
}

/** `bedrooms`: the price fields come from the headline among the properties with those bedroom counts. */
export function presentListingDetails(doc: ListingDocument, options: DetailOptions) {
  const l = doc.view.listing;
  const out: Record<string, unknown> = Object.fromEntries(DETAIL_FIELDS.map((f) => [f, l[f] ?? null]));
  let prices: Record<string, unknown> = Object.fromEntries([...PRICE_FIELD_NAMES, 'isSharedOwnership', 'priceReducedOn'].map((f) => [f, l[f] ?? null]));
  if (options.bedrooms?.length) prices = headlinePricesOf(presentPropertyDetails(doc, options.bedrooms)) ?? prices;
  return {
    ...out,
    ...prices,
    isSharedOwnership: Boolean(prices.isSharedOwnership),
    priceReducedOn: recentReduction(prices.priceReducedOn),
    featured: doc.displayAs === 'featured',
    favourite: options.favourite,
    distanceFromHome: options.distances?.distanceFromHome ?? null,
    distanceFromWork: options.distances?.distanceFromWork ?? null,
    propertyDetails: l.singleProperty && doc.view.properties[0] ? withAffordability(doc.view.properties[0], options.affordability) : null,
    // material information of its properties (documents indexed before it have none)
    councilTaxBands: l.councilTaxBands ?? [],
    epcBands: l.epcBands ?? [],
  };
}

export function presentFullDetails(doc: ListingDocument, options: DetailOptions) {
  return {
    listing: presentListingDetails(doc, options),
    properties: doc.view.listing.singleProperty ? [] : presentPropertyDetails(doc, options.bedrooms, options.affordability ?? new Map()),
    checkEligibility: doc.view.registerInterestFields.eligibilityFields.length > 0,
  };
}

export function presentRegisterInterestFields(doc: ListingDocument) {
  const { eligibilityFields, priorityFields } = doc.view.registerInterestFields;
  return { eligibilityFields, priorityFields };
}

/** Register-interest full details: the listing, its fields, and the property when one was named. */
export function presentRegisterInterestDetails(doc: ListingDocument, favourite: boolean | null, property?: Record<string, unknown>) {
  return {
    listing: presentListingDetails(doc, { favourite }),
    registerInterestFields: presentRegisterInterestFields(doc),
    ...(property ? { property } : {}),
  };
}
