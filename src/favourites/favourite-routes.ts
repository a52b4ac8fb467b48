// The signed-in customer's favourites. Bearer token required.
import { collection } from '../core/envelope.ts';
import { NotFoundError } from '../core/errors.ts';
import { pathId } from '../core/path-id.ts';
import { defineRoutes, route } from '../core/route-table.ts';
import { dataEnvelope, engineUnavailable, errorResponse, json, pathParam, ref, validationResponse } from '../core/openapi/schema-helpers.ts';
import type { AccessTokenService } from '../auth/access-tokens.ts';
import { requireCustomer, sessionOf, type CustomerState } from '../auth/bearer.ts';
import { presentMessage } from '../auth/auth-presenter.ts';
import { bearer, unauthorised } from '../customers/customer-openapi.ts';
import { personalOfItem, type PersonalOf } from '../listing-search/personal-fields.ts';
import { presentListingItem } from '../listings/listing-presenter.ts';
import type { FavouriteService } from './favourite-service.ts';
import { addFavouriteSchema } from './favourite-schemas.ts';

const FAVOURITES = '/api/rest/portal/profile/favourites';

export interface FavouriteDeps {
  favourites: FavouriteService;
  accessTokens: AccessTokenService;
  personal: PersonalOf;
}

const tags = ['Favourites'];
const doc = { security: bearer };
const signedIn = ({ accessTokens }: FavouriteDeps) => [requireCustomer(accessTokens)];
const listingId = pathParam('listingId', 'a listing id', { type: 'integer' });

export const favouriteRoutes = defineRoutes<FavouriteDeps, CustomerState>([
  route({
    method: 'head',
    path: `${FAVOURITES}/:listingId`,
    tags,
    operationId: 'isFavourite',
    summary: 'Whether the listing is a favourite: 200 yes, 404 no',
    doc,
    use: signedIn,
    parameters: [listingId],
    responses: {
      200: { description: 'A favourite' },
      401: { description: 'No valid bearer access token' },
      404: { description: 'Not a favourite' },
    },
    async handler(ctx, _input, { favourites }) {
      if (!(await favourites.has(sessionOf(ctx.state).customerId, pathId(ctx.params.listingId)))) throw new NotFoundError('This listing is not one of your favourites');
      ctx.status = 200;
    },
  }),
  route({
    method: 'post',
    path: FAVOURITES,
    tags,
    operationId: 'addFavourite',
    summary: 'Add a live listing to the favourites',
    doc,
    use: signedIn,
    body: addFavouriteSchema,
    responses: {
      201: { description: 'Added (empty body)' },
      401: unauthorised,
      404: errorResponse('No live listing has this id'),
      409: errorResponse('Already a favourite'),
      422: validationResponse,
      503: engineUnavailable,
    },
    async handler(ctx, input, { favourites }) {
      const { listing } = input.body();
      await favourites.add(sessionOf(ctx.state).customerId, listing);
      ctx.body = null; // an empty body (Koa would otherwise write the status text)
      ctx.status = 201;
    },
  }),
  route({
    method: 'get',
    path: FAVOURITES,
    tags,
    operationId: 'listFavourites',
    summary: 'The favourite listings that are live, most recently added first (favourite: true)',
    doc,
    use: signedIn,
    responses: { 200: json(dataEnvelope(ref('ListingItem'))), 401: unauthorised, 503: engineUnavailable },
    async handler(ctx, _input, deps) {
      const customerId = sessionOf(ctx.state).customerId;
      const [items, personal] = await Promise.all([deps.favourites.list(customerId), deps.personal(customerId)]);
      ctx.body = collection(items.map((item) => presentListingItem(item.view, { favourite: true, personal: personalOfItem(item.facts, personal) })));
    },
  }),
  route({
    method: 'delete',
    path: `${FAVOURITES}/:listingId`,
    tags,
    operationId: 'removeFavourite',
    summary: 'Remove a listing from the favourites',
    doc,
    use: signedIn,
    parameters: [listingId],
    responses: { 200: json(ref('Message')), 401: unauthorised, 404: errorResponse('Not a favourite') },
    async handler(ctx, _input, { favourites }) {
      await favourites.remove(sessionOf(ctx.state).customerId, pathId(ctx.params.listingId));
      ctx.body = presentMessage('The listing has been removed from your favourites');
    },
  }),
]);
