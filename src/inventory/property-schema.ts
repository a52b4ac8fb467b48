import * as yup from 'yup';
import { atMost, MAX_ITEMS, bool, count, externalRef, MAX_ID, isoDate, withJsonSchema, money, optionalText, percent, plainBoolean, plainNumber, plainString, requiredText, textOrEmpty, url } from '../sync/payload-fields.ts';
import { AVAILABILITY_CODES } from './availability.ts';
import { TENURES } from './development-schema.ts';
import { COUNCIL_TAX_BANDS } from './material-information.ts';

export const PROPERTY_TYPE_GROUPS = ['house', 'flat', 'maisonette', 'bungalow', 'other'] as const;
export const FURNITURE_STATUSES = ['unfurnished', 'part-furnished', 'furnished'] as const;

/** null: no rating known (a feed carries the EPC as an image only); shown as "Ask the provider" */
const rating = () => count().max(100, '${path} must be at most 100').nullable().default(null);

const nullableCount = () => count().nullable().default(null);

export const propertySchema = yup.object({
  externalRef: externalRef().required(),
  development: externalRef().required('development (the development externalRef) is required'),
  propertyNumber: requiredText(50),
  propertyType: requiredText(100),
  propertyTypeGroup: plainString().oneOf(PROPERTY_TYPE_GROUPS, '${path} must be one of: ${values}').required(),
  bedrooms: count().required(),
  bathrooms: nullableCount(),
  receptionRooms: nullableCount(),
  furnitureStatus: plainString().nullable().oneOf(FURNITURE_STATUSES, '${path} must be one of: ${values}').default(null),
  floorArea: money(),
  rooms: atMost(yup
    .array(
      yup.object({
        name: requiredText(255),
        additionalDetails: optionalText(255),
        units: plainString().oneOf(['foot', 'metre'], '${path} must be foot or metre').required(),
        width: money(),
        length: money(),
        floorArea: money(),
      }),
    ), MAX_ITEMS.rooms)
    .default([]),
  numberOfFloors: nullableCount(),
  floor: yup
    .object({ name: requiredText(100), level: plainNumber().integer('${path} must be a whole number').min(-MAX_ID - 1).max(MAX_ID).required() })
    .nullable()
    .default(null),
  tenure: plainString().nullable().oneOf([...TENURES, null], '${path} must be one of: leasehold, freehold').default(null),
  leaseYears: nullableCount(),
  propertyFeatures: atMost(yup.array(yup.object({ section: requiredText(100), values: atMost(yup.array(requiredText(255)), MAX_ITEMS.featureValues).default([]) })), MAX_ITEMS.propertyFeatures).default([]),
  energyEfficiencyRatingCurrent: rating(),
  energyEfficiencyRatingPotential: rating(),
  environmentalImpactRatingCurrent: rating(),
  environmentalImpactRatingPotential: rating(),
  floorplans: atMost(yup
    .array(
      yup.object({
        url: url().required(),
        thumbnailUrl: url().required(),
        alternativeText: textOrEmpty(255),
        caption: textOrEmpty(1000),
      }),
    ), MAX_ITEMS.floorplans)
    .default([]),
  fullSpecifications: optionalText(),
  availabilityStatus: plainString().oneOf(AVAILABILITY_CODES, '${path} must be one of: ${values}').required(),
  firstDibs: bool(false),
  firstDibsExpirationDate: isoDate().nullable().default(null),
  forSale: plainBoolean().required(),
  isSharedOwnership: bool(false),
  fullMarketPrice: money(),
  /** the home's value on the open market, for a home sold below it (First Homes, Discount Market Sale); the discount is derived from it */
  openMarketValue: plainNumber().moreThan(0, '${path} must be more than 0').nullable().default(null),
  depositValue: money(),
  minSharePercentage: percent(),
  subsidisedMonthlyRent: money(),
  maxGovernmentLoanPercent: percent(),
  monthlyServiceCharge: money(),
  annualGroundRent: money(),
  // material information: the council tax band (I in Wales only) and the fastest download speed available
  councilTaxBand: withJsonSchema(plainString().nullable().oneOf([...COUNCIL_TAX_BANDS, null], '${path} must be one of: A, B, C, D, E, F, G, H, I').default(null), {
    description: "A to H; I only when the development's local authority is in Wales (422 otherwise, and when the development has no local authority)",
  }),
  broadbandMbps: plainNumber().min(0, '${path} must not be negative').max(100_000, '${path} must be at most ${max}').nullable().default(null),
  reservationFee: money(),
  monthlyRent: money(),
  rentalDeposit: money(),
  minTenancyMonths: nullableCount(),
  maxTenancyMonths: nullableCount(),
  administrationFee: money(),
});

export type PropertyInput = yup.InferType<typeof propertySchema>;

/**
 * The rules of openMarketValue that read other fields, as field errors (none: it is consistent). Checked
 * on the whole object a write stores, so that a PATCH of either price is held to them too.
 */
export function openMarketValueErrors(p: Pick<PropertyInput, 'openMarketValue' | 'fullMarketPrice' | 'forSale' | 'isSharedOwnership'>): string[] {
  if (p.openMarketValue === null || p.openMarketValue === undefined) return [];
  if (!p.forSale) return ['openMarketValue is for homes for sale only'];
  if (p.isSharedOwnership) return ['openMarketValue is not for shared ownership, whose fullMarketPrice is the market value'];
  if (p.fullMarketPrice !== null && p.fullMarketPrice !== undefined && p.openMarketValue < p.fullMarketPrice) {
    return ['openMarketValue must not be below fullMarketPrice (the price asked)'];
  }
  return [];
}
