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
  nInteger,
  nText,
  oneOf,
  shape,
  text,
  type Payload,
} from '../core/openapi/payload-fields.ts';
import {
  affordabilityPayload,
  availabilityStatusPayload,
  imagePayload,
  itemDescriptionFields,
  priceFields,
  priceHistory,
  priceReducedOn,
  propertyFeatures,
} from '../listings/listing-item-payload.ts';
import { COUNCIL_TAX_BANDS, EPC_BANDS } from '../inventory/material-information.ts';
import { localAuthorityPayload } from '../postcodes/local-authority-payload.ts';

const schemeFull = shape({ text, slug: text, color: text });

export const propertyDetailsPayload = named(
  'PropertyDetails',
  shape({
    id: integer,
    propertyNumber: text,
    schemes: listOf(schemeFull),
    propertyType: text,
    propertyTypeGroup: text,
    availabilityStatus: availabilityStatusPayload,
    fullSpecifications: nText,
    floorplans: listOf(shape({ url: text, thumbnailUrl: text, alternativeText: text, caption: text })),
    forSale: flag,
    firstDibs: flag,
    firstDibsExpirationDate: nText,
    newBuild: flag,
    bedrooms: integer,
    bathrooms: integer,
    receptionRooms: nInteger,
    furnitureStatus: nText,
    floorArea: nDecimal,
    rooms: listOf(looseObject({ required: ['name', 'units'] })),
    numberOfFloors: nInteger,
    floor: shape({ name: text, level: integer }).nullable(),
    tenure: text,
    leaseYears: nInteger,
    propertyFeatures,
    energyEfficiencyRatingCurrent: integer,
    energyEfficiencyRatingPotential: integer,
    environmentalImpactRatingCurrent: integer,
    environmentalImpactRatingPotential: integer,
    ...priceFields,
    isSharedOwnership: flag,
    monthlyCostFrom: nDecimal,
    priceHistory,
    materialInformation: shape({
      councilTaxBand: oneOf(COUNCIL_TAX_BANDS).nullable(),
      epcBand: oneOf(EPC_BANDS).nullable(),
      tenure: text,
      leaseYears: nInteger,
      monthlyServiceCharge: nDecimal,
      annualGroundRent: nDecimal,
      floorArea: nDecimal,
      pricePerSquareMetre: nInteger,
      broadbandMbps: nDecimal,
    }),
    // for a signed-in customer whose profile holds an income, else null; absent where no customer is asked about (PORTAL-EXTRAS §7)
    affordability: affordabilityPayload.nullable().optional(),
  }),
);

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
    ...itemDescriptionFields,
    ...priceFields,
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

export type PropertyDetailsPayload = Payload<typeof propertyDetailsPayload>;
export type ListingDetailsPayload = Payload<typeof listingDetailsPayload>;
export type FullDetailsPayload = Payload<typeof fullDetailsPayload>;
export type IdNamePayload = Payload<typeof idNamePayload>;
export type RangePayload = Payload<typeof rangePayload>;
export type RegisterInterestFieldsPayload = Payload<typeof registerInterestFieldsPayload>;
export type RegisterInterestDetailsPayload = Payload<typeof registerInterestDetailsPayload> & { property?: PropertyDetailsPayload };
