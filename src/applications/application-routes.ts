// Register interest (fields, full details and the POST, by listing id and slug) and the signed-in
// customer's applications, the update by token and recommendations.
import Router from '@koa/router';
import type { Context, Middleware } from 'koa';
import { collection } from '../core/envelope.ts';
import { validateBody, bodyOrEmpty, validateQuery } from '../core/validation.ts';
import { NotFoundError } from '../core/errors.ts';
import type { AccessTokenService } from '../auth/access-tokens.ts';
import { requireCustomer, sessionOf, type CustomerState } from '../auth/bearer.ts';
import type { PortalService } from '../portals/portal-settings.ts';
import { portalFromHeaders } from '../listing-search/request-headers.ts';
import type { ListingKey, ListingReadService } from '../listing-reads/listing-read-service.ts';
import { presentRegisterInterestDetails, presentRegisterInterestFields, storedPropertyDetails } from '../listing-reads/listing-details-presenter.ts';
import { presentListingItem } from '../listings/listing-presenter.ts';
import type { FavouriteService } from '../favourites/favourite-service.ts';
import {
  applicationUpdateSchema,
  archivedQuery,
  registerInterestSchema,
  sizeQuery,
  tokenUpdateSchema,
  validateEligibilityQuery,
} from './application-schemas.ts';
import type { ApplicationService } from './application-service.ts';
import type { ApplicationViews } from './application-views.ts';
import type { ApplicationListings } from './application-listings.ts';
import { pathId } from '../core/path-id.ts';
import { londonToday } from '../core/london-time.ts';

export interface ApplicationRouteDeps {
  applications: ApplicationService;
  views: ApplicationViews;
  listings: ApplicationListings;
  reads: ListingReadService;
  portals: PortalService;
  favourites: Pick<FavouriteService, 'favouriteIdsAmong'>;
  accessTokens: AccessTokenService;
  /** optional bearer token: sets ctx.state.customerId (null when anonymous) */
  signedIn: Middleware;
}

const paramsOf = (ctx: Context) => (ctx as unknown as { params: Record<string, string> }).params;
const customerIdOf = (ctx: Context) => ((ctx.state as CustomerState).customerId ?? null) as number | null;

function keyOf(ctx: Context): ListingKey {
  const params = paramsOf(ctx);
  if (params.slug !== undefined) return { slug: params.slug };
  const id = pathId(params.id);
  if (!id) throw new NotFoundError(`Listing ${params.id} was not found`);
  return { id };
}

export function applicationRoutes(deps: ApplicationRouteDeps): Router<CustomerState> {
  const { applications, views, reads, portals, signedIn } = deps;
  const router = new Router<CustomerState>();
  const requireSignIn = requireCustomer(deps.accessTokens);

  const live = async (ctx: Context) => {
    const portal = await portalFromHeaders(ctx.headers, portals);
    return { portal, doc: await reads.find(keyOf(ctx), portal.id, null) };
  };
  const favouriteOf = async (ctx: Context, listingId: number) => {
    const customerId = customerIdOf(ctx);
    return customerId === null ? null : (await deps.favourites.favouriteIdsAmong(customerId, [listingId])).has(listingId);
  };

  for (const base of ['/api/rest/portal/listings/slug/:slug', '/api/rest/portal/listings/:id']) {
    router.get(`${base}/register-interest-fields`, async (ctx) => {
      const { doc } = await live(ctx);
      ctx.body = presentRegisterInterestFields(doc);
    });
    router.get(`${base}/register-interest-full-details`, signedIn, async (ctx) => {
      const { doc } = await live(ctx);
      ctx.body = presentRegisterInterestDetails(doc, await favouriteOf(ctx, doc.id));
    });
    router.get(`${base}/properties/:propertyId/register-interest-full-details`, signedIn, async (ctx) => {
      const { doc } = await live(ctx);
      const propertyId = pathId(paramsOf(ctx).propertyId);
      const property = storedPropertyDetails(doc).find((p) => p.id === propertyId);
      if (!property) throw new NotFoundError(`Property ${paramsOf(ctx).propertyId} is not advertised by this listing`);
      ctx.body = presentRegisterInterestDetails(doc, await favouriteOf(ctx, doc.id), property);
    });
    router.post(`${base}/register-interest`, signedIn, async (ctx) => {
      const { validate_eligibility } = validateQuery(validateEligibilityQuery, ctx.query);
      const body = validateBody(registerInterestSchema, bodyOrEmpty(ctx.request.body));
      const { doc, portal } = await live(ctx);
      const { application, updateToken } = await applications.register({
        doc,
        customerId: customerIdOf(ctx),
        body,
        validateEligibility: validate_eligibility === true,
        usesPasswords: portal.settings.usesPasswords,
        ip: ctx.ip,
      });
      ctx.status = 201;
      ctx.body = await views.one(application, { updateToken });
    });
  }

  const APPS = '/api/rest/portal/profile/applications';
  router.get(APPS, requireSignIn, async (ctx) => {
    const { archived } = validateQuery(archivedQuery, ctx.query);
    const customerId = sessionOf(ctx.state).customerId;
    ctx.body = collection(await views.many(await applications.list(customerId, archived), customerId));
  });
  router.get(`${APPS}/:applicationId`, requireSignIn, async (ctx) => {
    ctx.body = await views.one(await applications.get(sessionOf(ctx.state).customerId, pathId(ctx.params.applicationId)));
  });
  router.patch(`${APPS}/:applicationId/archive`, requireSignIn, async (ctx) => {
    ctx.body = await views.one(await applications.archive(sessionOf(ctx.state).customerId, pathId(ctx.params.applicationId)));
  });
  router.put(`${APPS}/:applicationId`, requireSignIn, async (ctx) => {
    const { validate_eligibility } = validateQuery(validateEligibilityQuery, ctx.query);
    const body = validateBody(applicationUpdateSchema, bodyOrEmpty(ctx.request.body));
    const row = await applications.update(
      sessionOf(ctx.state).customerId,
      pathId(ctx.params.applicationId),
      body,
      validate_eligibility === true,
    );
    ctx.body = await views.one(row);
  });
  router.put('/api/rest/portal/applications/:applicationId', async (ctx) => {
    const { validate_eligibility } = validateQuery(validateEligibilityQuery, ctx.query);
    const { updateToken, ...body } = validateBody(tokenUpdateSchema, bodyOrEmpty(ctx.request.body));
    const row = await applications.updateWithToken(pathId(ctx.params.applicationId), updateToken, body, validate_eligibility === true);
    ctx.body = await views.alone(row);
  });
  router.get('/api/rest/portal/applications/:applicationId/recommendations', requireSignIn, async (ctx) => {
    const { size } = validateQuery(sizeQuery, ctx.query);
    const customerId = sessionOf(ctx.state).customerId;
    const application = await applications.get(customerId, pathId(ctx.params.applicationId));
    const portal = await portalFromHeaders(ctx.headers, portals);
    const doc = (await deps.listings.live([application.listingId])).get(application.listingId);
    if (!doc) {
      ctx.body = collection([]);
      return;
    }
    const now = new Date();
    const items = await reads.similar(doc, size, portal.id, await applications.recommendationFilters(customerId, londonToday(now)));
    const favourites = await deps.favourites.favouriteIdsAmong(
      customerId,
      items.map((item) => item.id),
    );
    ctx.body = collection(items.map((item) => presentListingItem(item.view, { favourite: favourites.has(item.id) })));
  });
  return router;
}
