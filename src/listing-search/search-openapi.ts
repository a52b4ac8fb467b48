// OpenAPI fragment of the portal search.
import { engineUnavailable, arrayOf, bool, int, json, num, object, ref, str, validationResponse, type JsonSchema } from '../openapi/schema-helpers.ts';
import { SORT_OPTIONS } from './search-params.ts';


export const searchSchemas: Record<string, JsonSchema> = {
  Facet: object({
    name: str,
    param: str,
    multiValue: bool,
    options: arrayOf(object({ value: { type: ['string', 'number'] }, text: str, count: int })),
  }),
  MapListing: {
    type: 'object',
    description: 'basic: id, name, slug, schemes, latitude, longitude; extended adds mainImage, propertyType, availabilityStatus, displayAs, displayAddress, bedrooms, forSale, isSharedOwnership, fullMarketPrice, minShareValue, monthlyRent',
    required: ['id', 'name', 'slug', 'schemes', 'latitude', 'longitude'],
    properties: { id: int, name: str, slug: str, schemes: arrayOf(object({ text: str, color: str })), latitude: num, longitude: num },
  },
  SearchEnvelope: {
    type: 'object',
    required: ['data', 'pagination', 'links'],
    properties: {
      data: arrayOf(ref('ListingItem')),
      pagination: ref('Pagination'),
      links: ref('Links'),
      center: object({ lat: num, lng: num }),
      rectBounds: object({ north: num, south: num, east: num, west: num }),
      clearLocation: bool,
      mapListings: arrayOf(ref('MapListing')),
      facets: arrayOf(ref('Facet')),
      sortOptions: arrayOf(object({ value: str, text: str })),
    },
  },
};

const q = (name: string, schema: JsonSchema, description?: string) => ({ name, in: 'query', schema, ...(description ? { description } : {}) });
const arr = (name: string, items: JsonSchema, description?: string) => ({ name: `${name}[]`, in: 'query', schema: arrayOf(items), style: 'form', explode: true, ...(description ? { description } : {}) });
const money = { type: 'number', minimum: 0 };

/** Routes where a bearer token is optional: anonymous, or signed in (favourites, profile values). */
export const optionalBearer = [{}, { bearerAuth: [] }];
export const badBearer = { description: 'A bearer token was sent but is invalid, expired or revoked', content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } };

export const portalHeaders = [
  { name: 'Accept-Version', in: 'header', schema: { type: 'integer', enum: [1] }, description: 'interface version; the latest when omitted' },
  { name: 'Portal-Id', in: 'header', schema: int, description: 'the portal; the default portal (1) when omitted' },
];

export function searchPaths(): Record<string, unknown> {
  return {
    '/api/rest/portal/search': {
      get: {
        tags: ['Search'],
        operationId: 'searchListings',
        summary: 'Search listings: location and radius, filters, facets, sorting, featured listings and the map',
        description:
          'Featured listings (up to the portal setting, lowered by max_featured) come before the page of results and rotate across pages; `pagination` counts the regular results. ' +
          'With `source`, that partner\'s listings come first. Pages after the first carry only data, pagination and links unless the portal says otherwise. `mapListings` holds at most 1000 listings. ' +
          'Gzipped to clients that accept it, as every body over 1 KB (a first page with its map listings: about 275 KB of JSON, 27–36 KB gzipped).',
        parameters: [
          ...portalHeaders,
          q('occupancy_type', { type: 'string', enum: ['for-sale', 'to-rent'], default: 'for-sale' }),
          q('location', str, 'a UK place, postcode district or postcode; the United Kingdom when omitted'),
          q('radius', { type: 'number', minimum: 0, default: 3 }, 'miles; 0 is this area only'),
          q('source', str, 'a partner portal: its listings first'),
          q('eligible_only', { type: 'string', enum: ['1', 'true', 'on', 'yes'] }, 'only listings the customer is not ineligible for (query values, else the signed-in profile)'),
          q('household_income', money),
          q('deposit', money),
          q('home_local_authority', int),
          q('work_local_authority', int),
          q('home_postcode', str),
          q('work_postcode', str),
          ...['lat', 'lng', 'north', 'south', 'east', 'west'].map((n) => q(n, num, 'echo of a previous center and rectBounds')),
          q('max_featured', { type: 'integer', minimum: 0 }),
          q('page', { type: 'integer', minimum: 1, default: 1 }),
          q('size', { type: 'integer', minimum: 1, maximum: 100, default: 10 }),
          q('sort_by', { type: 'string', enum: [...new Set([...SORT_OPTIONS['for-sale'], ...SORT_OPTIONS['to-rent']].map((o) => o.value))] }),
          ...['max_deposit', 'max_full_value', 'max_share_value', 'min_deposit', 'min_full_value', 'min_share_value'].map((n) => q(n, money, 'for-sale only')),
          ...['max_monthly_rent', 'min_monthly_rent'].map((n) => q(n, money, 'to-rent only')),
          ...['min_bedrooms', 'max_bedrooms', 'min_bathrooms', 'max_bathrooms'].map((n) => q(n, { type: 'integer', minimum: 0 })),
          arr('schemes', str),
          arr('status', { type: 'string', enum: ['coming-soon', 'available', 'under-offer', 'closed'] }),
          arr('types', str),
          arr('bedrooms', int),
          arr('bathrooms', int),
          q('new_homes', { type: 'string', enum: ['new-build', 'resale'] }),
          arr('parking', str),
          arr('other_features', str),
          ...['wheelchair_accesible', 'off_street_parking', 'pets_allowed'].map((n) => q(n, str, 'only where the portal offers it')),
        ],
        security: optionalBearer,
        responses: { 200: json(ref('SearchEnvelope')), 401: badBearer, 422: validationResponse, 503: engineUnavailable },
      },
    },
  };
}

