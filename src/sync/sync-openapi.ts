// OpenAPI fragment of the synchronisation interfaces (REST and bulk).
import { arrayOf, bool, dataEnvelope, engineUnavailable, errorResponse, int, json, nInt, nNum, nStr, nullable, num, object, pagedEnvelope, pathParam, ref, str, validationResponse, type JsonSchema } from '../openapi/schema-helpers.ts';
import { itemDescriptionSchemas, priceReducedOnSchema } from '../listings/listing-item-openapi.ts';
import { ELIGIBILITY_FIELDS, PRIORITY_FIELDS, DISPLAY_AS, MARKETPLACE_REF } from '../listings/listing-sync-schema.ts';
import { AVAILABILITY_CODES } from '../listings/availability.ts';
import { PROPERTY_TYPE_GROUPS, FURNITURE_STATUSES } from '../inventory/property-schema.ts';
import { TENURES } from '../inventory/development-schema.ts';
import { PRICE_FIELD_NAMES } from '../listings/price-rules.ts';
import { SEARCH_INDEX_HEADER } from './visibility-header.ts';

const anyArray = { type: 'array' };
const enumOf = (values: readonly string[]) => ({ type: 'string', enum: [...values] });

const developmentFields: Record<string, JsonSchema> = {
  externalRef: str,
  name: str,
  displayAddress: str,
  postcode: nStr,
  latitude: num,
  longitude: num,
  localAuthority: { ...nInt, description: 'local-authority id; derived from the postcode when absent' },
  localAreaName: nStr,
  localAreaDescription: nStr,
  specifications: anyArray,
  galleryImages: anyArray,
  videos: anyArray,
  brochures: arrayOf(str),
  tenure: enumOf(TENURES),
  newBuild: bool,
};

const propertyFields: Record<string, JsonSchema> = {
  externalRef: str,
  development: { ...str, description: 'the development externalRef' },
  propertyNumber: str,
  propertyType: str,
  propertyTypeGroup: enumOf(PROPERTY_TYPE_GROUPS),
  bedrooms: int,
  bathrooms: int,
  receptionRooms: nInt,
  furnitureStatus: nullable(enumOf(FURNITURE_STATUSES)),
  floorArea: nNum,
  rooms: anyArray,
  numberOfFloors: nInt,
  floor: nullable(object({ name: str, level: int })),
  tenure: enumOf(TENURES),
  leaseYears: nInt,
  propertyFeatures: arrayOf(object({ section: str, values: arrayOf(str) })),
  energyEfficiencyRatingCurrent: int,
  energyEfficiencyRatingPotential: int,
  environmentalImpactRatingCurrent: int,
  environmentalImpactRatingPotential: int,
  floorplans: anyArray,
  fullSpecifications: nStr,
  availabilityStatus: enumOf(AVAILABILITY_CODES),
  firstDibs: bool,
  firstDibsExpirationDate: nullable({ type: 'string', format: 'date' }),
  forSale: bool,
  isSharedOwnership: bool,
  fullMarketPrice: nNum,
  depositValue: nNum,
  minSharePercentage: nNum,
  subsidisedMonthlyRent: nNum,
  maxGovernmentLoanPercent: nNum,
  monthlyServiceCharge: nNum,
  annualGroundRent: nNum,
  reservationFee: nNum,
  monthlyRent: nNum,
  rentalDeposit: nNum,
  minTenancyMonths: nInt,
  maxTenancyMonths: nInt,
  administrationFee: nNum,
};

const eligibility = {
  type: 'object',
  description: 'every member optional',
  properties: {
    maxHouseholdIncome: nNum,
    minDeposit: nNum,
    eligibleCitizen: nullable(bool),
    homeOwnershipStatuses: nullable(arrayOf({ type: 'integer', minimum: 1, maximum: 4 })),
    localAuthorities: nullable(arrayOf(int)),
    localConnection: nullable(enumOf(['required', 'preferred'])),
    minAge: nInt,
    maxAge: nInt,
    firstDibsUntil: nullable({ type: 'string', format: 'date' }),
  },
};

// `listings/marketplace` is the marketplace pull: no listing takes that ref, in any case
const listingRef: JsonSchema = {
  ...str,
  description: `any externalRef but \`${MARKETPLACE_REF}\` (in any case), the path of the marketplace pull`,
  not: { pattern: `^${[...MARKETPLACE_REF].map((c) => `[${c.toUpperCase()}${c}]`).join('')}$` },
};
const listingFields: Record<string, JsonSchema> = {
  externalRef: str,
  slug: str,
  development: str,
  properties: arrayOf(str),
  name: str,
  forSale: bool,
  schemes: arrayOf(str),
  displayAs: enumOf(DISPLAY_AS),
  shortDescription: nullable({ type: 'string', maxLength: 512 }),
  longDescription: nStr,
  headline: str,
  titleTag: str,
  metaKeywords: str,
  metaDescription: str,
  mainImage: nullable(object({ largeSize: str, mediumSize: str, thumbnail: str })),
  galleryImages: anyArray,
  termsAndConditions: nStr,
  disclaimer: nStr,
  depositPercentage: nNum,
  eligibility,
  registerInterestFields: object({ eligibilityFields: arrayOf(enumOf(ELIGIBILITY_FIELDS)), priorityFields: arrayOf(enumOf(PRIORITY_FIELDS)) }),
  published: bool,
  publishAt: nullable({ type: 'string', format: 'date-time' }),
  portals: arrayOf(int),
  partnerSources: arrayOf(str),
  openDays: arrayOf(object({ id: int, date: { type: 'string', format: 'date' }, time: str, durationMin: int, capacity: int }, ['date', 'time', 'durationMin', 'capacity'])),
};

const stamped = { id: int, createdAt: str, updatedAt: str };
const nullablePrices = Object.fromEntries(PRICE_FIELD_NAMES.map((f) => [f, nNum]));
const availability = object({ code: str, name: str });

export const syncSchemas: Record<string, JsonSchema> = {
  Development: object({ ...stamped, ...developmentFields }),
  DevelopmentInput: object(developmentFields, ['externalRef', 'name', 'displayAddress', 'tenure']),
  Property: object({ ...stamped, ...propertyFields }),
  PropertyInput: object(propertyFields, [
    'externalRef',
    'development',
    'propertyNumber',
    'propertyType',
    'propertyTypeGroup',
    'bedrooms',
    'bathrooms',
    'tenure',
    'energyEfficiencyRatingCurrent',
    'energyEfficiencyRatingPotential',
    'environmentalImpactRatingCurrent',
    'environmentalImpactRatingPotential',
    'availabilityStatus',
    'forSale',
  ]),
  SyncListing: object({ ...stamped, ...listingFields, withdrawn: bool }),
  SyncListingInput: object({ ...listingFields, externalRef: listingRef }, ['externalRef', 'development', 'properties', 'name', 'forSale']),
  Scheme: object({ id: int, slug: str, text: str, color: str }),
  ListingItem: object({
    id: int,
    name: str,
    slug: str,
    mainImage: nullable(object({ largeSize: str, mediumSize: str, thumbnail: str })),
    schemes: arrayOf(object({ text: str, color: str })),
    shortDescription: nStr,
    housingProvider: object({ id: int, name: str, logoUrl: nStr }),
    propertyTypeGroup: str,
    propertyType: str,
    availabilityStatus: availability,
    displayAs: enumOf(DISPLAY_AS),
    forSale: bool,
    firstDibs: bool,
    partnerName: nStr,
    partnerImageUrl: nStr,
    favourite: nullable(bool),
    ...itemDescriptionSchemas,
    ...nullablePrices,
    isSharedOwnership: bool,
    priceReducedOn: priceReducedOnSchema,
  }),
  BulkItemResult: object({
    externalRef: nStr,
    status: enumOf(['created', 'updated', 'unchanged', 'deleted', 'failed']),
    errors: nullable({ type: 'object', additionalProperties: arrayOf(str) }),
  }),
};

const security = [{ apiKey: [] }];
const anyRefParam = pathParam('ref', 'the integrator\'s externalRef');
const listingRefParam = pathParam('ref', 'the integrator\'s externalRef', listingRef);
const page = [
  { name: 'page', in: 'query', schema: { type: 'integer', minimum: 1, default: 1 } },
  { name: 'size', in: 'query', schema: { type: 'integer', minimum: 1, maximum: 100, default: 10 } },
];
const updatedSince = { name: 'updated_since', in: 'query', description: 'ISO 8601 date-time: only objects changed since', schema: { type: 'string' } };
const refresh = {
  name: 'refresh',
  in: 'query',
  description: `\`wait_for\` (or true): answer only once the change is visible in search; while the search engine is unavailable, answer as stored with \`${SEARCH_INDEX_HEADER}: pending\``,
  schema: { type: 'string', enum: ['wait_for', 'true', '1'] },
};
/** A write's success: stored, and with `refresh=wait_for` either searchable or said not to be yet. */
const stored = (response: object) => ({
  ...response,
  headers: {
    [SEARCH_INDEX_HEADER]: {
      description:
        '`pending`: `refresh=wait_for` was asked but the search engine is unavailable; the change is stored and the reindex worker makes it searchable once the engine is back. Absent otherwise.',
      schema: { type: 'string', enum: ['pending'] },
    },
  },
});
const unauthorised = errorResponse('Missing, unknown or deprecated api_key');
const premium = errorResponse('Basic accounts cannot call premium-only operations');
const notFound = errorResponse('No such object in this account');
const body = (schema: string) => ({ required: true, content: { 'application/json': { schema: ref(schema) } } });

function op(tag: string, operationId: string, summary: string, responses: Record<string, unknown>, extra: Record<string, unknown> = {}) {
  return { tags: [tag], operationId, summary, security, ...extra, responses: { 401: unauthorised, ...responses } };
}

function resource(tag: string, name: string, base: string, schema: string, withPost: boolean, listParams: object[]) {
  const paths: Record<string, unknown> = {};
  paths[base] = {
    get: op(tag, `list${name}s`, `The account's ${name.toLowerCase()}s, paginated`, { 200: json(pagedEnvelope(ref(schema))), 422: validationResponse }, { parameters: [...page, ...listParams] }),
    ...(withPost
      ? {
          post: op(
            tag,
            `create${name}`,
            `Create a ${name.toLowerCase()}; 409 when the externalRef exists`,
            { 201: stored(json(ref(schema), 'Created')), 403: errorResponse('The account cannot hold inventory'), 409: errorResponse('The externalRef exists'), 422: validationResponse },
            { parameters: [refresh], requestBody: body(`${schema}Input`) },
          ),
        }
      : {}),
  };
  const refParam = name === 'Listing' ? listingRefParam : anyRefParam;
  paths[`${base}/{ref}`] = {
    get: op(tag, `get${name}`, `One ${name.toLowerCase()}`, { 200: json(ref(schema)), 404: notFound }, { parameters: [refParam] }),
    put: op(
      tag,
      `put${name}`,
      `Create (201) or replace (200) a ${name.toLowerCase()}; an identical body changes nothing`,
      { 200: stored(json(ref(schema), 'Replaced or unchanged')), 201: stored(json(ref(schema), 'Created')), 403: errorResponse('The account cannot hold inventory'), 422: validationResponse },
      { parameters: [refParam, refresh], requestBody: body(`${schema}Input`) },
    ),
    patch: op(
      tag,
      `patch${name}`,
      `Change only the fields sent`,
      { 200: stored(json(ref(schema))), 404: notFound, 422: validationResponse },
      { parameters: [refParam, refresh], requestBody: { required: true, content: { 'application/json': { schema: { type: 'object' } } } } },
    ),
    delete: op(
      tag,
      `delete${name}`,
      name === 'Listing' ? 'Withdraw the listing from the marketplace (its page then 404s)' : `Delete the ${name.toLowerCase()} (its listings leave search)`,
      { 200: stored(json(ref(schema))), 404: notFound },
      { parameters: [refParam, refresh] },
    ),
  };
  return paths;
}

const bulkUpsert = (name: string, schema: string) => ({
  post: op(
    'Bulk',
    `bulkUpsert${name}`,
    `Upsert up to 1000 ${name.toLowerCase()}; per-item results in request order`,
    { 200: stored(json(dataEnvelope(ref('BulkItemResult')))), 403: premium, 422: validationResponse },
    { parameters: [refresh], requestBody: { required: true, content: { 'application/json': { schema: object({ data: arrayOf(ref(`${schema}Input`)) }) } } } },
  ),
});
const bulkDelete = (name: string) => ({
  post: op(
    'Bulk',
    `bulkDelete${name}`,
    `Delete up to 1000 ${name.toLowerCase()} by externalRef`,
    { 200: stored(json(dataEnvelope(ref('BulkItemResult')))), 403: premium, 422: validationResponse },
    { parameters: [refresh], requestBody: { required: true, content: { 'application/json': { schema: object({ refs: arrayOf(str) }) } } } },
  ),
});

export function syncPaths(): Record<string, unknown> {
  return {
    '/api/rest/account/api-key': {
      post: op('Accounts', 'rotateApiKey', 'A new api_key, shown once; the current key is deprecated at once', { 201: json(object({ apiKey: str }), 'Created') }),
    },
    '/api/rest/schemes': { get: op('Listings (sync)', 'listSyncSchemes', 'The schemes integrators may name', { 200: json(dataEnvelope(ref('Scheme'))) }) },
    ...resource('Inventory', 'Development', '/api/rest/inventory/developments', 'Development', true, [updatedSince]),
    ...resource('Inventory', 'Property', '/api/rest/inventory/properties', 'Property', true, [
      updatedSince,
      { name: 'development', in: 'query', description: 'a development externalRef', schema: str },
    ]),
    ...resource('Listings (sync)', 'Listing', '/api/rest/listings', 'SyncListing', false, [updatedSince]),
    '/api/rest/listings/marketplace': {
      get: op('Listings (sync)', 'pullMarketplaceListings', 'Published marketplace listings for republication (premium)', { 200: json(pagedEnvelope(ref('ListingItem'))), 403: premium, 422: validationResponse, 503: engineUnavailable }, { parameters: page }),
    },
    '/api/bulk/inventory/developments': bulkUpsert('Developments', 'Development'),
    '/api/bulk/inventory/properties': bulkUpsert('Properties', 'Property'),
    '/api/bulk/listings': {
      ...bulkUpsert('Listings', 'SyncListing'),
      get: op('Bulk', 'bulkPullListings', 'All published marketplace listings, pages of up to 1000', { 200: json(pagedEnvelope(ref('ListingItem'))), 403: premium, 422: validationResponse, 503: engineUnavailable }, {
        parameters: [
          { name: 'page', in: 'query', schema: { type: 'integer', minimum: 1, default: 1 } },
          { name: 'size', in: 'query', schema: { type: 'integer', minimum: 1, maximum: 1000, default: 1000 } },
        ],
      }),
    },
    '/api/bulk/inventory/developments/delete': bulkDelete('Developments'),
    '/api/bulk/inventory/properties/delete': bulkDelete('Properties'),
    '/api/bulk/listings/delete': bulkDelete('Listings'),
  };
}

export const syncSecuritySchemes = { apiKey: { type: 'apiKey', in: 'query', name: 'api_key' } };
