import * as yup from 'yup';
import { trimmed } from '../core/validation.ts';
import { bool, count, externalRef, isoDate, money, optionalText, percent, requiredText, url } from '../sync/payload-fields.ts';
import { AVAILABILITY_CODES } from '../listings/availability.ts';
import { TENURES } from './development-schema.ts';

export const PROPERTY_TYPE_GROUPS = ['house', 'flat', 'maisonette', 'bungalow', 'other'] as const;
export const FURNITURE_STATUSES = ['unfurnished', 'part-furnished', 'furnished'] as const;

const rating = () =>
  yup.number().typeError('${path} must be a whole number').integer('${path} must be a whole number').min(0).max(100, '${path} must be at most 100').required();

const nullableCount = () => count().nullable().default(null);

export const propertySchema = yup.object({
  externalRef: externalRef().required(),
  development: externalRef().required('development (the development externalRef) is required'),
  propertyNumber: requiredText(50),
  propertyType: requiredText(100),
  propertyTypeGroup: yup.string().oneOf(PROPERTY_TYPE_GROUPS, '${path} must be one of: ${values}').required(),
  bedrooms: count().required(),
  bathrooms: count().required(),
  receptionRooms: nullableCount(),
  furnitureStatus: yup.string().nullable().oneOf(FURNITURE_STATUSES, '${path} must be one of: ${values}').default(null),
  floorArea: money(),
  rooms: yup
    .array(
      yup.object({
        name: yup.string().transform(trimmed).min(1).max(255, 'room name must be at most 255 characters').required(),
        additionalDetails: yup.string().max(255, 'room additionalDetails must be at most 255 characters').nullable().default(null),
        units: yup.string().oneOf(['foot', 'metre'], '${path} must be foot or metre').required(),
        width: money(),
        length: money(),
        floorArea: money(),
      }),
    )
    .default([]),
  numberOfFloors: nullableCount(),
  floor: yup
    .object({ name: requiredText(100), level: yup.number().integer().required() })
    .nullable()
    .default(null),
  tenure: yup.string().oneOf(TENURES, '${path} must be one of: ${values}').required(),
  leaseYears: nullableCount(),
  propertyFeatures: yup.array(yup.object({ section: requiredText(100), values: yup.array(yup.string().max(255).required()).default([]) })).default([]),
  energyEfficiencyRatingCurrent: rating(),
  energyEfficiencyRatingPotential: rating(),
  environmentalImpactRatingCurrent: rating(),
  environmentalImpactRatingPotential: rating(),
  floorplans: yup
    .array(
      yup.object({
        url: url().required(),
        thumbnailUrl: url().required(),
        alternativeText: yup.string().max(255).default(''),
        caption: yup.string().max(1000).default(''),
      }),
    )
    .default([]),
  fullSpecifications: optionalText(),
  availabilityStatus: yup.string().oneOf(AVAILABILITY_CODES, '${path} must be one of: ${values}').required(),
  firstDibs: bool(false),
  firstDibsExpirationDate: isoDate().nullable().default(null),
  forSale: yup.boolean().typeError('${path} must be true or false').required(),
  isSharedOwnership: bool(false),
  fullMarketPrice: money(),
  depositValue: money(),
  minSharePercentage: percent(),
  subsidisedMonthlyRent: money(),
  maxGovernmentLoanPercent: percent(),
  monthlyServiceCharge: money(),
  annualGroundRent: money(),
  reservationFee: money(),
  monthlyRent: money(),
  rentalDeposit: money(),
  minTenancyMonths: nullableCount(),
  maxTenancyMonths: nullableCount(),
  administrationFee: money(),
});

export type PropertyInput = yup.InferType<typeof propertySchema>;
