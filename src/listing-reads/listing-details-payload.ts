// The listing pages: property details, listing details, the full details, and the search forms' lists
// and price ranges.
import {
  flag,
  integer,
  listOf,
  looseObject,
  named,
  nDecimal,
  nFlag,
  nText,
  oneOf,
  shape,
  text,
  type Payload,
} from '../core/openapi/payload-fields.ts';
import {
  availabilityStatusPayload,
  eligibilityField,
  imagePayload,
  itemDescriptionFields,
  priceFields,
  headlineCostFields,
  priceReducedOn,
} from '../listings/listing-item-payload.ts';
import { COUNCIL_TAX_BANDS, EPC_BANDS } from '../inventory/material-information.ts';
import { localAuthorityPayload } from '../postcodes/local-authority-payload.ts';
import { propertyDetailsPayload, schemeFull, type PropertyDetailsPayload } from '../listings/property-details-payload.ts';

export const listingDetailsPayload = named(
  'ListingDetails',
  shape({
    id: integer,
    name: text,
    slug: text,
    mainImage: imagePayload.nullable(),
    propertyTypeGroup: text,
    propertyType: text,
    availabilityStatus: availabilityStatusPayload,
    forSale: flag,
    firstDibs: flag,
    favourite: nFlag,
    // miles (one decimal) from the signed-in customer's home and work postcodes; null when unknown
    distanceFromHome: nDecimal,
    distanceFromWork: nDecimal,
    eligibility: eligibilityField,
    ...itemDescriptionFields,
    ...priceFields,
    ...headlineCostFields,
    isSharedOwnership: flag,
    priceReducedOn,
    singleProperty: flag,
    propertyDetails: propertyDetailsPayload.nullable(),
    schemes: listOf(schemeFull),
    housingProvider: shape({ id: integer, name: text, contactEmail: nText, logoUrl: nText }),
    featured: flag,
    galleryImages: listOf(looseObject()).nullable(),
    videos: listOf(looseObject()).nullable(),
    brochures: listOf(text).nullable(),
    localAuthority: localAuthorityPayload.nullable(),
    mapImageUrl: text,
    longDescription: nText,
    localAreaName: nText,
    localAreaDescription: nText,
    specifications: listOf(looseObject()).nullable(),
    termsAndConditions: nText,
    disclaimer: nText,
    depositPercentage: nDecimal,
    headline: text,
    titleTag: text,
    metaKeywords: text,
    metaDescription: text,
    councilTaxBands: listOf(oneOf(COUNCIL_TAX_BANDS)),
    epcBands: listOf(oneOf(EPC_BANDS)),
  }),
);

export const fullDetailsPayload = named(
  'FullDetails',
  shape({ listing: listingDetailsPayload, properties: listOf(propertyDetailsPayload), checkEligibility: flag }),
);

export const idNamePayload = named('IdName', shape({ id: integer, name: text }));
export const rangePayload = named('Range', shape({ min: nDecimal, max: nDecimal }));

/** The eligibility and priority fields a register-interest form asks for. */
export const registerInterestFieldsPayload = named(
  'RegisterInterestFields',
  shape({ eligibilityFields: listOf(text), priorityFields: listOf(text) }),
);

/** The listing details and the register-interest fields. */
const registerInterestDetails = { listing: listingDetailsPayload, registerInterestFields: registerInterestFieldsPayload };
export const registerInterestDetailsPayload = shape(registerInterestDetails);
/** The same, with the property named. */
export const registerInterestPropertyDetailsPayload = shape({ ...registerInterestDetails, property: propertyDetailsPayload });

export type ListingDetailsPayload = Payload<typeof listingDetailsPayload>;
export type FullDetailsPayload = Payload<typeof fullDetailsPayload>;
export type IdNamePayload = Payload<typeof idNamePayload>;
export type RangePayload = Payload<typeof rangePayload>;
export type RegisterInterestFieldsPayload = Payload<typeof registerInterestFieldsPayload>;
export type RegisterInterestDetailsPayload = Payload<typeof registerInterestDetailsPayload> & { property?: PropertyDetailsPayload };
