// OpenAPI fragment of listing details, properties, full details, similar, home-featured and the search lists.
import { parametersOf } from '../core/openapi/from-yup.ts';
import { bedroomsQuery, sizeQuery } from './listing-read-schemas.ts';
import {
  arrayOf,
  bool,
  dataEnvelope,
  engineUnavailable,
  errorResponse,
  int,
  json,
  nNum,
  nStr,
  nullable,
  object,
  pathParam,
  ref,
  str,
  validationResponse,
  type JsonSchema,
} from '../core/openapi/schema-helpers.ts';
import { affordabilitySchema, itemDescriptionSchemas, priceFieldSchemas, priceHistorySchema, priceReducedOnSchema } from '../listings/listing-item-openapi.ts';
import { badBearer, optionalBearer, portalHeaders } from '../listing-search/search-openapi.ts';
import { COUNCIL_TAX_BANDS, EPC_BANDS } from '../listings/material-information.ts';

const schemeFull = object({ text: str, slug: str, color: str });
const image = object({ largeSize: str, mediumSize: str, thumbnail: str });

/** An object schema with more properties that are not required. */
const withOptional = (schema: JsonSchema, more: Record<string, JsonSchema>): JsonSchema => ({
  ...schema,
  properties: { ...(schema.properties as Record<string, JsonSchema>), ...more },
});

export const listingReadSchemas: Record<string, JsonSchema> = {
  PropertyDetails: withOptional(
    object({
      id: int,
      propertyNumber: str,
      schemes: arrayOf(schemeFull),
      propertyType: str,
      availabilityStatus: object({ code: str, name: str }),
      fullSpecifications: nStr,
      floorplans: arrayOf(object({ url: str, thumbnailUrl: str, alternativeText: str, caption: str })),
      forSale: bool,
      firstDibs: bool,
      firstDibsExpirationDate: nStr,
      newBuild: bool,
      bedrooms: int,
      bathrooms: int,
      receptionRooms: nullable(int),
      furnitureStatus: nStr,
      floorArea: nNum,
      rooms: arrayOf({ type: 'object', required: ['name', 'units'] }),
      numberOfFloors: nullable(int),
      floor: nullable(object({ name: str, level: int })),
      tenure: str,
      leaseYears: nullable(int),
      propertyFeatures: arrayOf(object({ section: str, values: arrayOf(str) })),
      energyEfficiencyRatingCurrent: int,
      energyEfficiencyRatingPotential: int,
      environmentalImpactRatingCurrent: int,
      environmentalImpactRatingPotential: int,
      ...priceFieldSchemas,
      isSharedOwnership: bool,
      monthlyCostFrom: nNum,
      priceHistory: priceHistorySchema,
      materialInformation: object({
        councilTaxBand: nullable({ type: 'string', enum: [...COUNCIL_TAX_BANDS] }),
        epcBand: nullable({ type: 'string', enum: [...EPC_BANDS] }),
        tenure: str,
        leaseYears: nullable(int),
        monthlyServiceCharge: nNum,
        annualGroundRent: nNum,
        floorArea: nNum,
        pricePerSquareMetre: nullable(int),
        broadbandMbps: nNum,
      }),
    }),
    // for a signed-in customer whose profile holds an income, else null; absent where no customer is asked about (PORTAL-EXTRAS §7)
    { affordability: nullable(affordabilitySchema) },
  ),
  ListingDetails: object({
    id: int,
    name: str,
    slug: str,
    mainImage: nullable(image),
    propertyTypeGroup: str,
    propertyType: str,
    availabilityStatus: object({ code: str, name: str }),
    forSale: bool,
    firstDibs: bool,
    favourite: nullable(bool),
    // miles (one decimal) from the signed-in customer's home and work postcodes; null when unknown
    distanceFromHome: nNum,
    distanceFromWork: nNum,
    ...itemDescriptionSchemas,
    ...priceFieldSchemas,
    isSharedOwnership: bool,
    priceReducedOn: priceReducedOnSchema,
    singleProperty: bool,
    propertyDetails: nullable(ref('PropertyDetails')),
    schemes: arrayOf(schemeFull),
    housingProvider: object({ id: int, name: str, contactEmail: nStr, logoUrl: nStr }),
    featured: bool,
    galleryImages: nullable(arrayOf({ type: 'object' })),
    videos: nullable(arrayOf({ type: 'object' })),
    brochures: nullable(arrayOf(str)),
    localAuthority: nullable(ref('LocalAuthority')),
    mapImageUrl: str,
    longDescription: nStr,
    localAreaName: nStr,
    localAreaDescription: nStr,
    specifications: nullable(arrayOf({ type: 'object' })),
    termsAndConditions: nStr,
    disclaimer: nStr,
    depositPercentage: nNum,
    headline: str,
    titleTag: str,
    metaKeywords: str,
    metaDescription: str,
    councilTaxBands: arrayOf({ type: 'string', enum: [...COUNCIL_TAX_BANDS] }),
    epcBands: arrayOf({ type: 'string', enum: [...EPC_BANDS] }),
  }),
  FullDetails: object({ listing: ref('ListingDetails'), properties: arrayOf(ref('PropertyDetails')), checkEligibility: bool }),
  IdName: object({ id: int, name: str }),
  Range: object({ min: nNum, max: nNum }),
};

const bedrooms = parametersOf(bedroomsQuery, 'query', { bracketArrays: true })[0]!;
const preview = [
  {
    name: 'ignore_visibility',
    in: 'query',
    schema: { type: 'string', enum: ['1', 'true'] },
    description: "preview an unpublished listing; needs the owning account's or an editor's api_key",
  },
  { name: 'api_key', in: 'query', schema: str },
];
const notFound = errorResponse('No such listing, or not visible');
const size = (d: number) => parametersOf(sizeQuery(d), 'query')[0]!;

function variants(suffix: string, op: (variant: 'id' | 'slug') => Record<string, unknown>) {
  return {
    [`/api/rest/portal/listings/{id}${suffix}`]: { get: op('id') },
    [`/api/rest/portal/listings/slug/{slug}${suffix}`]: { get: op('slug') },
  };
}

const keyParam = (v: 'id' | 'slug') => (v === 'id' ? pathParam('id', 'listing id', { type: 'string' }) : pathParam('slug', 'listing slug'));
const tag = ['Listings'];

export function listingReadPaths(): Record<string, unknown> {
  return {
    ...variants('', (v) => ({
      tags: tag,
      operationId: `listingDetailsBy${v}`,
      summary: 'Listing details; bedrooms[] gives the minimum prices for those bedroom counts',
      parameters: [keyParam(v), bedrooms, ...preview, ...portalHeaders],
      security: optionalBearer,
      responses: { 200: json(ref('ListingDetails')), 401: badBearer, 404: notFound, 422: validationResponse, 503: engineUnavailable },
    })),
    ...variants('/properties', (v) => ({
      tags: tag,
      operationId: `listingPropertiesBy${v}`,
      summary: 'The properties of a listing; bedrooms[] keeps those with exactly those counts',
      parameters: [keyParam(v), bedrooms, ...preview, ...portalHeaders],
      security: optionalBearer,
      responses: {
        200: json(dataEnvelope(ref('PropertyDetails'))),
        401: badBearer,
        404: notFound,
        422: validationResponse,
        503: engineUnavailable,
      },
    })),
    ...variants('/full-details', (v) => ({
      tags: tag,
      operationId: `listingFullDetailsBy${v}`,
      summary: 'Listing, its properties (empty for a single-property listing) and whether registering interest needs extra fields',
      parameters: [keyParam(v), bedrooms, ...preview, ...portalHeaders],
      security: optionalBearer,
      responses: { 200: json(ref('FullDetails')), 401: badBearer, 404: notFound, 422: validationResponse, 503: engineUnavailable },
    })),
    ...variants('/similar', (v) => ({
      tags: tag,
      operationId: `similarListingsBy${v}`,
      summary: 'Listings like this one: same occupancy type, near, comparable price and bedrooms',
      parameters: [keyParam(v), size(3), ...portalHeaders],
      security: optionalBearer,
      responses: {
        200: json(dataEnvelope(ref('ListingItem'))),
        401: badBearer,
        404: notFound,
        422: validationResponse,
        503: engineUnavailable,
      },
    })),
    '/api/rest/portal/home-featured-listings': {
      get: {
        tags: tag,
        operationId: 'homeFeaturedListings',
        summary: 'Featured listings for the home page',
        parameters: [size(6), ...portalHeaders],
        security: optionalBearer,
        responses: { 200: json(dataEnvelope(ref('ListingItem'))), 401: badBearer, 422: validationResponse, 503: engineUnavailable },
      },
    },
    '/search-lists/schemes': {
      get: {
        tags: ['Search'],
        operationId: 'searchListSchemes',
        summary: 'Schemes for search forms',
        responses: { 200: json(dataEnvelope(ref('IdName'))) },
      },
    },
    '/search-lists/types': {
      get: {
        tags: ['Search'],
        operationId: 'searchListTypes',
        summary: 'Property types for search forms',
        responses: { 200: json(dataEnvelope(ref('IdName'))) },
      },
    },
    '/search-ranges/full-market-price': {
      get: {
        tags: ['Search'],
        operationId: 'rangeFullMarketPrice',
        summary: 'Lowest and highest full market price on the marketplace',
        responses: { 200: json(ref('Range')), 503: engineUnavailable },
      },
    },
    '/search-ranges/monthly-rent': {
      get: {
        tags: ['Search'],
        operationId: 'rangeMonthlyRent',
        summary: 'Lowest and highest monthly rent on the marketplace',
        responses: { 200: json(ref('Range')), 503: engineUnavailable },
      },
    },
  };
}
