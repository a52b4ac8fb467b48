import * as yup from 'yup';
import { atMost, MAX_ITEMS,
  bool,
  count,
  dateTime,
  externalRef,
  galleryImages,
  imageSet,
  MAX_ID,
  isoDate,
  optionalText,
  percent,
  money,
  plainBoolean,
  plainNumber,
  plainString,
  requiredText,
  textOrEmpty,
  uniqueItems,
  withJsonSchema,
} from '../sync/payload-fields.ts';

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

const id = (what: string) =>
  plainNumber()
    .integer(`\${path} must be a ${what} id`)
    .min(1, `\${path} must be a ${what} id`)
    .max(MAX_ID, `\${path} must be a ${what} id`)
    .required();

/** `listings/marketplace` is the marketplace pull: no listing takes that ref (paths match in any case). */
export const MARKETPLACE_REF = 'marketplace';
export const isMarketplaceRef = (ref: string): boolean => ref.toLowerCase() === MARKETPLACE_REF;

/** A listing's externalRef: any but `marketplace`, in any case. */
export const listingRef = () =>
  withJsonSchema(
    externalRef().test('reserved', `\${path} must not be ${MARKETPLACE_REF}: listings/${MARKETPLACE_REF} is the path of the marketplace pull`, (v) => v == null || !isMarketplaceRef(v)),
    {
      description: `any externalRef but \`${MARKETPLACE_REF}\` (in any case), the path of the marketplace pull`,
      not: { pattern: `^${[...MARKETPLACE_REF].map((c) => `[${c.toUpperCase()}${c}]`).join('')}$` },
    },
  );

const eligibilitySchema = yup
  .object({
    maxHouseholdIncome: money(),
    minDeposit: money(),
    eligibleCitizen: plainBoolean().nullable().default(null),
    homeOwnershipStatuses: atMost(yup.array(plainNumber().integer('${path} must be 1, 2, 3 or 4').min(1).max(4).required()), MAX_ITEMS.homeOwnershipStatuses).nullable().default(null),
    localAuthorities: atMost(yup.array(id('local authority')), MAX_ITEMS.localAuthorities).nullable().default(null),
    localConnection: plainString().nullable().oneOf(['required', 'preferred'], '${path} must be required or preferred').default(null),
    minAge: count().nullable().default(null),
    maxAge: count().nullable().default(null),
    firstDibsUntil: isoDate().nullable().default(null),
  })
  .default({})
  .test('age-range', 'maxAge must not be below minAge', (e, ctx) =>
    e?.minAge == null || e.maxAge == null || e.minAge <= e.maxAge ? true : ctx.createError({ path: `${ctx.path}.maxAge` }),
  );

export const listingSyncSchema = yup.object({
  externalRef: listingRef().required(),
  development: externalRef().required('development (the development externalRef) is required'),
  properties: uniqueItems(atMost(yup.array(externalRef().required()), MAX_ITEMS.listingProperties).min(1, 'properties must name at least one property').required()),
  name: requiredText(),
  slug: plainString().max(150).matches(SLUG, '${path} may hold lower-case letters, digits and single hyphens only').nullable().default(null),
  forSale: plainBoolean().required(),
  schemes: uniqueItems(atMost(yup.array(plainString().min(1, '${path} must be a scheme slug').max(100).required()), MAX_ITEMS.schemes).default([])),
  displayAs: plainString().oneOf(DISPLAY_AS, '${path} must be one of: ${values}').default('regular'),
  shortDescription: optionalText(512),
  longDescription: optionalText(50_000),
  headline: textOrEmpty(255),
  titleTag: textOrEmpty(255),
  metaKeywords: textOrEmpty(1000),
  metaDescription: textOrEmpty(1000),
  mainImage: imageSet().nullable().default(null),
  galleryImages: galleryImages(),
  termsAndConditions: optionalText(),
  disclaimer: optionalText(),
  depositPercentage: percent(),
  eligibility: eligibilitySchema,
  registerInterestFields: yup
    .object({
      eligibilityFields: atMost(yup.array(plainString().oneOf(ELIGIBILITY_FIELDS, '${path} must be one of: ${values}').required()), MAX_ITEMS.registerInterestFields).default([]),
      priorityFields: atMost(yup.array(plainString().oneOf(PRIORITY_FIELDS, '${path} must be one of: ${values}').required()), MAX_ITEMS.registerInterestFields).default([]),
    })
    .default({ eligibilityFields: [], priorityFields: [] }),
  published: bool(true),
  publishAt: dateTime().nullable().default(null),
  portals: uniqueItems(atMost(yup.array(id('portal')), MAX_ITEMS.portals).default([])),
  partnerSources: atMost(yup.array(requiredText(100)), MAX_ITEMS.partnerSources).default([]),
  openDays: atMost(yup
    .array(
      yup.object({
        date: isoDate().required(),
        time: plainString().matches(/^([01]\d|2[0-3]):[0-5]\d$/, '${path} must be HH:MM').required(),
        durationMin: count().min(1).max(24 * 60).required(),
        capacity: count().min(1).required(),
      }),
    ), MAX_ITEMS.openDays)
    .default([])
    .test('distinct-slots', (slots, ctx) => {
      // items that are no slot have their own errors
      const starts = (slots ?? []).filter((s) => s && typeof s === 'object').map((s) => `${s.date} ${s.time}`);
      const twice = starts.find((start, i) => starts.indexOf(start) !== i);
      return twice ? ctx.createError({ message: `two open-day slots start at ${twice}` }) : true;
    }),
});

export type ListingSyncInput = yup.InferType<typeof listingSyncSchema>;
