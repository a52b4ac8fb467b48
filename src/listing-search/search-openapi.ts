// OpenAPI fragment of the portal search.
import { int, type JsonSchema } from '../core/openapi/schema-helpers.ts';
import { searchQuerySchema } from '../search-criteria/search-params.ts';
import { componentsOf, parametersOf } from '../core/openapi/from-yup.ts';
import { facetPayload, searchEnvelopePayload } from './search-payload.ts';
import { mapListingPayload } from '../listings/map-listing-payload.ts';

export const searchSchemas: Record<string, JsonSchema> = componentsOf(facetPayload, mapListingPayload, searchEnvelopePayload);

const FOR_SALE_ONLY = 'for-sale only';
const TO_RENT_ONLY = 'to-rent only';
const ECHO = 'echo of a previous center and rectBounds';

/** The search's query parameters, as search-params.ts validates them. */
export function searchParameters() {
  return parametersOf(searchQuerySchema, 'query', {
    bracketArrays: true,
    descriptions: {
      location: 'a UK place (town, local authority, county, region or nation), postcode district or postcode; the United Kingdom when omitted',
      radius:
        'miles; the listings inside the place\'s rectangle expanded by it (`rectBounds`). 0 is this area only: for a local authority, county or region, the listings of its local authorities',
      area:
        'a polygon drawn on the map: 3 to 100 vertices `lat,lng` separated by `;`, closed implicitly, its edges not crossing or touching. ' +
        'Listings match by their point inside it; `location`, `radius` and the echoed centre are then ignored, `center` is its centroid, `rectBounds` its bounding box and `nearest` measures from the centroid',
      source: 'a partner portal: its listings first',
      eligible_only: 'only listings whose items\' eligibility is not failed (register interest\'s decision for the query values, else the signed-in profile\'s)',
      ...Object.fromEntries(['lat', 'lng', 'north', 'south', 'east', 'west'].map((n) => [n, ECHO])),
      ...Object.fromEntries(['max_deposit', 'max_full_value', 'max_share_value', 'min_deposit', 'min_full_value', 'min_share_value'].map((n) => [n, FOR_SALE_ONLY])),
      max_monthly_rent: TO_RENT_ONLY,
      min_monthly_rent: TO_RENT_ONLY,
      sort_by: 'one of the sortOptions of the occupancy type; `relevance` (the default then) only with keywords; nearest-work and nearest-home need that postcode (422 otherwise)',
      home_postcode: 'a UK postcode (its own point, else its district’s centre; 422 when neither is known); else the signed-in profile’s. Distances, nearest-home',
      work_postcode: 'a UK postcode, as home_postcode: distances, nearest-work, max_distance_from_work',
      household_income: 'yearly, pounds: eligible_only, and each item’s affordability and eligibility (else the signed-in profile’s)',
      deposit: 'savings, pounds: eligible_only, affordability and eligibility (else the profile’s; 0 when unknown)',
      home_local_authority: 'a local authority id: eligible_only and each item’s eligibility (else the profile’s)',
      work_local_authority: 'a local authority id, as home_local_authority',
      max_monthly_cost: 'pounds a month: a property whose monthly cost (minimum share, minimum deposit; or the rent) is at most this',
      affordable_only: 'only listings with a property the household can afford at its minimum share (422 without an income)',
      max_distance_from_work: 'miles, more than 0: only listings within this distance of the work postcode (422 without one)',
      keywords:
        'words the listing\'s text must all hold (singular and plural alike, a word the text only negates not), "a phrase" in double quotes, -word or -"a phrase" to leave out listings holding it',
      epc_bands: 'EPC bands A to G of a property',
      council_tax_bands: 'council tax bands A to I of a property',
      tenures: 'tenures of a property: freehold, leasehold, share-of-freehold, commonhold',
      min_floor_area: 'square metres, a property\'s floor area at least',
      max_service_charge: `monthly service charge in pounds, at most (a property stating one); ${FOR_SALE_ONLY}`,
      ...Object.fromEntries(['wheelchair_accesible', 'off_street_parking', 'pets_allowed'].map((n) => [n, 'only where the portal offers it'])),
    },
  });
}

/** Routes where a bearer token is optional: anonymous, or signed in (favourites, profile values). */
export const optionalBearer = [{}, { bearerAuth: [] }];
export const badBearer = { description: 'A bearer token was sent but is invalid, expired or revoked', content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } };

export const portalHeaders = [
  { name: 'Accept-Version', in: 'header', schema: { type: 'integer', enum: [1] }, description: 'interface version; the latest when omitted' },
  { name: 'Portal-Id', in: 'header', schema: int, description: 'the portal; the default portal (1) when omitted' },
];
