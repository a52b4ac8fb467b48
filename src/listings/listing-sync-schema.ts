import * as yup from 'yup';
import { bool, count, dateTime, externalRef, galleryImages, imageSet, isoDate, optionalText, percent, money, requiredText } from '../sync/payload-fields.ts';

export const DISPLAY_AS = ['featured', 'premium', 'regular'] as const;
export const ELIGIBILITY_FIELDS = ['annualHouseholdIncome', 'deposit', 'dateOfBirth', 'homePostcode', 'workPostcode', 'eligibleCitizen', 'homeOwnershipStatus'] as const;
export const PRIORITY_FIELDS = [
  'livingCircumstance',
  'workingCircumstance',
  'housingWaitingList',
  'armedForcesMember',
  'keyworker',
  'dependants',
  'hasDisability',
  'homeOwnershipStatus',
] as const;
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** `listings/marketplace` is the marketplace pull: no listing takes that ref (paths match in any case). */
export const MARKETPLACE_REF = 'marketplace';
export const isMarketplaceRef = (ref: string): boolean => ref.toLowerCase() === MARKETPLACE_REF;

const eligibilitySchema = yup
  .object({
    maxHouseholdIncome: money(),
    minDeposit: money(),
    eligibleCitizen: yup.boolean().nullable().default(null),
    homeOwnershipStatuses: yup.array(yup.number().integer().min(1).max(4).required()).nullable().default(null),
    localAuthorities: yup.array(yup.number().integer().required()).nullable().default(null),
    localConnection: yup.string().nullable().oneOf(['required', 'preferred'], '${path} must be required or preferred').default(null),
    minAge: count().nullable().default(null),
    maxAge: count().nullable().default(null),
    firstDibsUntil: isoDate().nullable().default(null),
  })
  .default({});

export const listingSyncSchema = yup.object({
  externalRef: externalRef()
    .required()
    .test('reserved', `\${path} must not be ${MARKETPLACE_REF}: listings/${MARKETPLACE_REF} is the path of the marketplace pull`, (v) => v === undefined || !isMarketplaceRef(v)),
  development: externalRef().required('development (the development externalRef) is required'),
  properties: yup.array(externalRef().required()).min(1, 'properties must name at least one property').required(),
  name: requiredText(),
  slug: yup.string().max(150).matches(SLUG, '${path} may hold lower-case letters, digits and single hyphens only').nullable().default(null),
  forSale: yup.boolean().typeError('${path} must be true or false').required(),
  schemes: yup.array(yup.string().required()).default([]),
  displayAs: yup.string().oneOf(DISPLAY_AS, '${path} must be one of: ${values}').default('regular'),
  shortDescription: yup.string().max(512, 'shortDescription must be at most 512 characters').nullable().default(null),
  longDescription: optionalText(50_000),
  headline: yup.string().max(255).default(''),
  titleTag: yup.string().max(255).default(''),
  metaKeywords: yup.string().max(1000).default(''),
  metaDescription: yup.string().max(1000).default(''),
  mainImage: imageSet().nullable().default(null),
  galleryImages: galleryImages(),
  termsAndConditions: optionalText(),
  disclaimer: optionalText(),
  depositPercentage: percent(),
  eligibility: eligibilitySchema,
  registerInterestFields: yup
    .object({
      eligibilityFields: yup.array(yup.string().oneOf(ELIGIBILITY_FIELDS, '${path} must be one of: ${values}').required()).default([]),
      priorityFields: yup.array(yup.string().oneOf(PRIORITY_FIELDS, '${path} must be one of: ${values}').required()).default([]),
    })
    .default({ eligibilityFields: [], priorityFields: [] }),
  published: bool(true),
  publishAt: dateTime().nullable().default(null),
  portals: yup.array(yup.number().integer().required()).default([]),
  partnerSources: yup.array(yup.string().max(100).required()).default([]),
  openDays: yup
    .array(
      yup.object({
        date: isoDate().required(),
        time: yup.string().matches(/^([01]\d|2[0-3]):[0-5]\d$/, '${path} must be HH:MM').required(),
        durationMin: count().min(1).max(24 * 60).required(),
        capacity: count().min(1).required(),
      }),
    )
    .default([]),
});

export type ListingSyncInput = yup.InferType<typeof listingSyncSchema>;
