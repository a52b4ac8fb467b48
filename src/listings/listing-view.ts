// The stored, not indexed, `view` of a listing document (listing-index/document/ builds it): every field
// the listing item, listing details and property details present, typed, so that the builder that writes
// it and the presenters that read it are held to one shape by the compiler.
import type { ListingItemPayload } from './listing-item-payload.ts';
import type { PriceFields } from './price-rules.ts';
import type { StoredPropertyDetails } from './property-details-payload.ts';

/** A JSON member the provider sent as it is (gallery images, videos, specifications). */
type JsonObject = Record<string, unknown>;

/** The listing's fields a listing item shows as the view holds them (listing-presenter.ts ITEM_FIELDS). */
type ItemDescription = Pick<
  ListingItemPayload,
  | 'id'
  | 'name'
  | 'slug'
  | 'mainImage'
  | 'shortDescription'
  | 'propertyTypeGroup'
  | 'propertyType'
  | 'availabilityStatus'
  | 'displayAs'
  | 'forSale'
  | 'firstDibs'
  | 'createdAt'
  | 'displayAddress'
  | 'postcode'
  | 'latitude'
  | 'longitude'
  | 'newBuild'
  | 'bedrooms'
  | 'bathrooms'
  | 'receptionRooms'
  | 'furnitureStatus'
  | 'tenure'
  | 'propertyFeatures'
  | 'monthlyCostFrom'
  | 'monthlyCost'
  | 'depositNeeded'
>;

/** The listing's part of the view: its headline property's price fields, and everything its pages show. */
export interface StoredListing extends ItemDescription, PriceFields {
  schemes: { text: string; slug: string; color: string }[];
  housingProvider: { id: number; name: string; contactEmail: string | null; logoUrl: string | null };
  /** the UK day of the headline's latest reduction, however long ago (presenters show it while recent) */
  priceReducedOn: string | null;
  councilTaxBands: string[];
  epcBands: string[];
  singleProperty: boolean;
  galleryImages: JsonObject[];
  videos: JsonObject[];
  brochures: string[];
  localAuthority: { id: number; name: string; longName: string; type: string; county: { id: number; name: string; region: { id: number; name: string } } } | null;
  mapImageUrl: string;
  longDescription: string | null;
  localAreaName: string | null;
  localAreaDescription: string | null;
  specifications: JsonObject[];
  termsAndConditions: string | null;
  disclaimer: string | null;
  depositPercentage: number | null;
  headline: string;
  titleTag: string;
  metaKeywords: string;
  metaDescription: string;
}

export interface ListingView {
  listing: StoredListing;
  properties: StoredPropertyDetails[];
  registerInterestFields: { eligibilityFields: string[]; priorityFields: string[] };
}
