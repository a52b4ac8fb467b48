// OpenAPI fragment of listing details, properties, full details, similar, home-featured and the search lists.
import { componentsOf, parametersOf } from '../core/openapi/from-yup.ts';
import { bedroomsQuery, sizeQuery } from './listing-read-schemas.ts';
import { dataEnvelope, engineUnavailable, errorResponse, json, pathParam, ref, str, validationResponse, type JsonSchema } from '../core/openapi/schema-helpers.ts';
import { fullDetailsPayload, idNamePayload, listingDetailsPayload, rangePayload } from './listing-details-payload.ts';
import { propertyDetailsPayload } from '../listings/property-details-payload.ts';
import { badBearer, optionalBearer, portalHeaders } from '../listing-search/search-openapi.ts';

export const listingReadSchemas: Record<string, JsonSchema> = componentsOf(
  propertyDetailsPayload,
  listingDetailsPayload,
  fullDetailsPayload,
  idNamePayload,
  rangePayload,
);

const bedrooms = parametersOf(bedroomsQuery, 'query', { bracketArrays: true })[0]!;
const preview = [
  {
    name: 'ignore_visibility',
    in: 'query',
    schema: { type: 'string', enum: ['1', 'true'] },
    description: "preview an unpublished listing; needs the owning account's or an editor's API key (X-Api-Key, or api_key)",
  },
  { name: 'api_key', in: 'query', schema: str },
  { name: 'X-Api-Key', in: 'header', schema: str },
  { name: 'preview', in: 'query', schema: str, description: 'the token of a preview link (POST /api/rest/listings/{ref}/preview-link): shows that one listing, published or not' },
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
