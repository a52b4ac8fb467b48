// Property details as listing pages show them, described once: the stored view of each property in the
// index document (listing-document.ts) holds them, and the listing pages' presenters read them from it.
import { about, flag, integer, listOf, looseObject, named, nDecimal, nInteger, nText, oneOf, shape, text, type Payload } from '../core/openapi/payload-fields.ts';
import { affordabilityPayload, availabilityStatusPayload, priceFields, priceHistory, propertyFeatures } from './listing-item-payload.ts';
import { COUNCIL_TAX_BANDS, EPC_BANDS } from '../inventory/material-information.ts';

export const schemeFull = shape({ text, slug: text, color: text });

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
    bathrooms: nInteger,
    receptionRooms: nInteger,
    furnitureStatus: nText,
    floorArea: nDecimal,
    rooms: listOf(looseObject({ required: ['name', 'units'] })),
    numberOfFloors: nInteger,
    floor: shape({ name: text, level: integer }).nullable(),
    tenure: nText,
    leaseYears: nInteger,
    propertyFeatures,
    // null: the provider gave no rating (a feed carries the EPC as an image only)
    energyEfficiencyRatingCurrent: nInteger,
    energyEfficiencyRatingPotential: nInteger,
    environmentalImpactRatingCurrent: nInteger,
    environmentalImpactRatingPotential: nInteger,
    ...priceFields,
    isSharedOwnership: flag,
    monthlyCostFrom: nDecimal,
    depositNeeded: about(nDecimal, 'the deposit the minimum share needs (the largest of minDepositPercent% and the listing depositPercentage% of its value, the listing minimum deposit and the depositValue its provider states for the property); null to rent'),
    priceHistory,
    materialInformation: shape({
      councilTaxBand: oneOf(COUNCIL_TAX_BANDS).nullable(),
      epcBand: oneOf(EPC_BANDS).nullable(),
      tenure: nText,
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

export type PropertyDetailsPayload = Payload<typeof propertyDetailsPayload>;
/** A property's details as the index document stores them: all but the household's affordability, added per request. */
export type StoredPropertyDetails = Omit<PropertyDetailsPayload, 'affordability'>;
