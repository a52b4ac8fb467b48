// OpenAPI: the signed-in customer's favourites.
import { jsonBodyOf } from '../core/openapi/from-yup.ts';
import { addFavouriteSchema } from './favourite-schemas.ts';
import { dataEnvelope, engineUnavailable, errorResponse, json, pathParam, ref, validationResponse } from '../core/openapi/schema-helpers.ts';
import { bearer, unauthorised } from '../customers/customer-openapi.ts';

const tags = ['Favourites'];
const listingId = pathParam('listingId', 'a listing id', { type: 'integer' });

export function favouritePaths(): Record<string, unknown> {
  return {
    '/api/rest/portal/profile/favourites': {
      get: {
        tags,
        operationId: 'listFavourites',
        summary: 'The favourite listings that are live, most recently added first (favourite: true)',
        security: bearer,
        responses: { 200: json(dataEnvelope(ref('ListingItem'))), 401: unauthorised, 503: engineUnavailable },
      },
      post: {
        tags,
        operationId: 'addFavourite',
        summary: 'Add a live listing to the favourites',
        security: bearer,
        requestBody: jsonBodyOf(addFavouriteSchema),
        responses: {
          201: { description: 'Added (empty body)' },
          401: unauthorised,
          404: errorResponse('No live listing has this id'),
          409: errorResponse('Already a favourite'),
          422: validationResponse,
          503: engineUnavailable,
        },
      },
    },
    '/api/rest/portal/profile/favourites/{listingId}': {
      head: {
        tags,
        operationId: 'isFavourite',
        summary: 'Whether the listing is a favourite: 200 yes, 404 no',
        security: bearer,
        parameters: [listingId],
        responses: {
          200: { description: 'A favourite' },
          401: { description: 'No valid bearer access token' },
          404: { description: 'Not a favourite' },
        },
      },
      delete: {
        tags,
        operationId: 'removeFavourite',
        summary: 'Remove a listing from the favourites',
        security: bearer,
        parameters: [listingId],
        responses: { 200: json(ref('Message')), 401: unauthorised, 404: errorResponse('Not a favourite') },
      },
    },
  };
}
