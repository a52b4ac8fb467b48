// The signed-in customer's favourites. Bearer token required.
import Router from '@koa/router';
import { validateBody } from '../core/validation.ts';
import { collection } from '../core/envelope.ts';
import { NotFoundError } from '../core/errors.ts';
import type { AccessTokenService } from '../auth/access-tokens.ts';
import { requireCustomer, sessionOf, type CustomerState } from '../auth/bearer.ts';
import { presentMessage } from '../auth/auth-presenter.ts';
import { personalOfItem, type PersonalOf } from '../listing-search/personal-fields.ts';
import { presentListingItem } from '../listings/listing-presenter.ts';
import type { FavouriteService } from './favourite-service.ts';
import { addFavouriteSchema } from './favourite-schemas.ts';
import { pathId } from '../core/path-id.ts';

const FAVOURITES = '/api/rest/portal/profile/favourites';


export function favouriteRoutes(deps: { favourites: FavouriteService; accessTokens: AccessTokenService; personal: PersonalOf }): Router<CustomerState> {
  const { favourites, accessTokens } = deps;
  const router = new Router<CustomerState>();
  const signedIn = requireCustomer(accessTokens);

  router.head(`${FAVOURITES}/:listingId`, signedIn, async (ctx) => {
    if (!(await favourites.has(sessionOf(ctx.state).customerId, pathId(ctx.params.listingId))))
      throw new NotFoundError('This listing is not one of your favourites');
    ctx.status = 200;
  });

  router.post(FAVOURITES, signedIn, async (ctx) => {
    const { listing } = validateBody(addFavouriteSchema, ctx.request.body);
    await favourites.add(sessionOf(ctx.state).customerId, listing);
    ctx.body = null; // an empty body (Koa would otherwise write the status text)
    ctx.status = 201;
  });

  router.get(FAVOURITES, signedIn, async (ctx) => {
    const customerId = sessionOf(ctx.state).customerId;
    const [items, personal] = await Promise.all([favourites.list(customerId), deps.personal(customerId)]);
    ctx.body = collection(items.map((item) => presentListingItem(item.view, { favourite: true, personal: personalOfItem(item.facts, personal) })));
  });

  router.delete(`${FAVOURITES}/:listingId`, signedIn, async (ctx) => {
    await favourites.remove(sessionOf(ctx.state).customerId, pathId(ctx.params.listingId));
    ctx.body = presentMessage('The listing has been removed from your favourites');
  });

  return router;
}
