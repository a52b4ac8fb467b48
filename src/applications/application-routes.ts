// Register interest (fields, full details and the POST, by listing id and slug) and the signed-in
// customer's applications, the update by token and recommendations.
import type { Context, Middleware } from 'koa';
import { collection } from '../core/envelope.ts';
import { defineRoutes, route, type Route } from '../core/route-table.ts';
import { responseSchemaOf } from '../core/openapi/from-yup.ts';
import { dataEnvelope, engineUnavailable, errorResponse, json, pathParam, ref, validationResponse } from '../core/openapi/schema-helpers.ts';
import { bearer, tooMany, unauthorised } from '../customers/customer-openapi.ts';
import { badBearer, optionalBearer, portalHeaders } from '../listing-search/search-openapi.ts';
import { registerInterestDetailsPayload, registerInterestFieldsPayload, registerInterestPropertyDetailsPayload } from '../listing-reads/listing-details-payload.ts';
import { ELIGIBILITY_FIELDS } from '../listings/listing-sync-schema.ts';
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

async function live(deps: ApplicationRouteDeps, ctx: Context) {
  const portal = await portalFromHeaders(ctx.headers, deps.portals);
  return { portal, doc: await deps.reads.find(keyOf(ctx), portal.id, null) };
}

async function favouriteOf(deps: ApplicationRouteDeps, ctx: Context, listingId: number) {
  const customerId = customerIdOf(ctx);
  return customerId === null ? null : (await deps.favourites.favouriteIdsAmong(customerId, [listingId])).has(listingId);
}

const tags = ['Register interest'];
const appTags = ['Applications'];
const signedIn = ({ signedIn }: ApplicationRouteDeps) => [signedIn];
const requireSignIn = ({ accessTokens }: ApplicationRouteDeps) => [requireCustomer(accessTokens)];
const eligibilityOptions = {
  descriptions: {
    validate_eligibility: `1 or true: every eligibility field the listing's rules need (${ELIGIBILITY_FIELDS.join(', ')}) must be known, from the body or the profile (422 naming each missing field)`,
  },
};
const notFound = errorResponse('No such application of this customer');
const listingMissing = errorResponse('No such live listing (or property of it)');
const applicationId = pathParam('applicationId', 'application id', { type: 'string' });
const fullDetails = (withProperty: boolean) => responseSchemaOf(withProperty ? registerInterestPropertyDetailsPayload : registerInterestDetailsPayload);

type ApplicationRoute = Route<ApplicationRouteDeps, CustomerState>;

/** register interest by listing slug and by id (the slug's first, as the listing reads) */
function registerInterestRoutes(v: 'slug' | 'id', base: string): ApplicationRoute[] {
  const key = v === 'id' ? pathParam('id', 'listing id', { type: 'string' }) : pathParam('slug', 'listing slug');
  return [
    route<ApplicationRouteDeps, CustomerState>({
      method: 'get',
      path: `${base}/register-interest-fields`,
      tags,
      operationId: `registerInterestFields_${v}`,
      summary: 'The eligibility and priority fields a register-interest form asks for',
      parameters: [key],
      headers: portalHeaders,
      responses: { 200: json(responseSchemaOf(registerInterestFieldsPayload)), 404: listingMissing, 422: validationResponse, 503: engineUnavailable },
      async handler(ctx, _input, deps) {
        const { doc } = await live(deps, ctx);
        ctx.body = presentRegisterInterestFields(doc);
      },
    }),
    route<ApplicationRouteDeps, CustomerState>({
      method: 'get',
      path: `${base}/register-interest-full-details`,
      tags,
      operationId: `registerInterestFullDetails_${v}`,
      summary: 'The listing details and the register-interest fields',
      doc: { security: optionalBearer },
      use: signedIn,
      parameters: [key],
      headers: portalHeaders,
      responses: { 200: json(fullDetails(false)), 401: badBearer, 404: listingMissing, 422: validationResponse, 503: engineUnavailable },
      async handler(ctx, _input, deps) {
        const { doc } = await live(deps, ctx);
        ctx.body = presentRegisterInterestDetails(doc, await favouriteOf(deps, ctx, doc.id));
      },
    }),
    route<ApplicationRouteDeps, CustomerState>({
      method: 'get',
      path: `${base}/properties/:propertyId/register-interest-full-details`,
      tags,
      operationId: `registerInterestPropertyFullDetails_${v}`,
      summary: 'The listing details, the register-interest fields and one property',
      doc: { security: optionalBearer },
      use: signedIn,
      parameters: [key, pathParam('propertyId', 'property id', { type: 'string' })],
      headers: portalHeaders,
      responses: { 200: json(fullDetails(true)), 401: badBearer, 404: listingMissing, 422: validationResponse, 503: engineUnavailable },
      async handler(ctx, _input, deps) {
        const { doc } = await live(deps, ctx);
        const propertyId = pathId(paramsOf(ctx).propertyId);
        const property = storedPropertyDetails(doc).find((p) => p.id === propertyId);
        if (!property) throw new NotFoundError(`Property ${paramsOf(ctx).propertyId} is not advertised by this listing`);
        ctx.body = presentRegisterInterestDetails(doc, await favouriteOf(deps, ctx, doc.id), property);
      },
    }),
    route<ApplicationRouteDeps, CustomerState>({
      method: 'post',
      path: `${base}/register-interest`,
      tags,
      operationId: `registerInterest_${v}`,
      summary:
        'Register interest: a signed-in customer (bearer), or a new one registered by `email` (+ `password` where the portal uses passwords: 6 or more characters, not one of the 10,000 most common), whose address stays unproven until a magic link sent to it is used. ' +
        'Sent customer fields update the profile; eligibility is always decided. 201 with the application, its customer and updateToken.',
      doc: { security: optionalBearer },
      use: signedIn,
      parameters: [key],
      query: validateEligibilityQuery,
      queryOptions: eligibilityOptions,
      headers: portalHeaders,
      body: registerInterestSchema,
      bodyDescription: 'email (+ password where the portal uses passwords) registers a new customer in the same request; property: interest in one property; bedrooms: counts of interest when no property is given',
      withoutBody: 'empty',
      responses: {
        201: json(ref('Application'), 'Application created'),
        401: badBearer,
        404: listingMissing,
        409: errorResponse('A previous application exists for the same property (or the same listing when no property is given)'),
        422: validationResponse,
        429: tooMany,
        503: engineUnavailable,
      },
      async handler(ctx, input, deps) {
        const { validate_eligibility } = input.query();
        const body = input.body();
        const { doc, portal } = await live(deps, ctx);
        const { application, updateToken } = await deps.applications.register({
          doc,
          customerId: customerIdOf(ctx),
          body,
          validateEligibility: validate_eligibility === true,
          usesPasswords: portal.settings.usesPasswords,
          ip: ctx.ip,
        });
        ctx.status = 201;
        ctx.body = await deps.views.one(application, { updateToken });
      },
    }),
  ];
}

const APPS = '/api/rest/portal/profile/applications';

export const applicationRoutes = defineRoutes<ApplicationRouteDeps, CustomerState>([
  ...registerInterestRoutes('slug', '/api/rest/portal/listings/slug/:slug'),
  ...registerInterestRoutes('id', '/api/rest/portal/listings/:id'),
  route({
    method: 'get',
    path: APPS,
    tags: appTags,
    operationId: 'listApplications',
    summary: "The customer's applications (without the customer object), newest first",
    doc: { security: bearer },
    use: requireSignIn,
    query: archivedQuery,
    queryOptions: { descriptions: { archived: '1/true archived only, 0/false active only, absent all' } },
    responses: { 200: json(dataEnvelope(ref('Application'))), 401: unauthorised, 422: validationResponse, 503: engineUnavailable },
    async handler(ctx, input, { applications, views }) {
      const { archived } = input.query();
      const customerId = sessionOf(ctx.state).customerId;
      ctx.body = collection(await views.many(await applications.list(customerId, archived), customerId));
    },
  }),
  route({
    method: 'get',
    path: `${APPS}/:applicationId`,
    tags: appTags,
    operationId: 'getApplication',
    summary: 'One application, with its customer',
    doc: { security: bearer },
    use: requireSignIn,
    parameters: [applicationId],
    responses: { 200: json(ref('Application')), 401: unauthorised, 404: notFound, 503: engineUnavailable },
    async handler(ctx, _input, { applications, views }) {
      ctx.body = await views.one(await applications.get(sessionOf(ctx.state).customerId, pathId(ctx.params.applicationId)));
    },
  }),
  route({
    method: 'patch',
    path: `${APPS}/:applicationId/archive`,
    tags: appTags,
    operationId: 'archiveApplication',
    summary: 'Archive (irreversible; archiving again changes nothing); every upcoming confirmed appointment is cancelled. Answers the application.',
    doc: { security: bearer },
    use: requireSignIn,
    parameters: [applicationId],
    responses: { 200: json(ref('Application')), 401: unauthorised, 404: notFound, 503: engineUnavailable },
    async handler(ctx, _input, { applications, views }) {
      ctx.body = await views.one(await applications.archive(sessionOf(ctx.state).customerId, pathId(ctx.params.applicationId)));
    },
  }),
  route({
    method: 'put',
    path: `${APPS}/:applicationId`,
    tags: appTags,
    operationId: 'updateApplication',
    summary:
      "Update an application (and the profile fields sent); eligibility is decided again. UTM values are stored only while all of the application's are empty.",
    doc: { security: bearer },
    use: requireSignIn,
    parameters: [applicationId],
    query: validateEligibilityQuery,
    queryOptions: eligibilityOptions,
    body: applicationUpdateSchema,
    withoutBody: 'empty',
    responses: { 200: json(ref('Application')), 401: unauthorised, 404: notFound, 422: validationResponse, 503: engineUnavailable },
    async handler(ctx, input, { applications, views }) {
      const { validate_eligibility } = input.query();
      const body = input.body();
      const row = await applications.update(sessionOf(ctx.state).customerId, pathId(ctx.params.applicationId), body, validate_eligibility === true);
      ctx.body = await views.one(row);
    },
  }),
  route({
    method: 'put',
    path: '/api/rest/portal/applications/:applicationId',
    tags: appTags,
    operationId: 'updateApplicationWithToken',
    summary:
      'Update an application without signing in, with the updateToken from register interest: it works for 30 days after register interest and never once the application is archived (404 for a wrong, expired or voided token). The answer holds the application alone, never the customer',
    parameters: [applicationId],
    query: validateEligibilityQuery,
    queryOptions: eligibilityOptions,
    body: tokenUpdateSchema,
    withoutBody: 'empty',
    responses: { 200: json(ref('Application')), 404: notFound, 422: validationResponse, 503: engineUnavailable },
    async handler(ctx, input, { applications, views }) {
      const { validate_eligibility } = input.query();
      const { updateToken, ...body } = input.body();
      const row = await applications.updateWithToken(pathId(ctx.params.applicationId), updateToken, body, validate_eligibility === true);
      ctx.body = await views.alone(row);
    },
  }),
  route({
    method: 'get',
    path: '/api/rest/portal/applications/:applicationId/recommendations',
    tags: appTags,
    operationId: 'applicationRecommendations',
    summary: "Listings similar to the application's, that the customer is eligible for (not failed) and has not applied for",
    doc: { security: bearer },
    use: requireSignIn,
    parameters: [applicationId],
    query: sizeQuery,
    headers: portalHeaders,
    responses: { 200: json(dataEnvelope(ref('ListingItem'))), 401: unauthorised, 404: notFound, 422: validationResponse, 503: engineUnavailable },
    async handler(ctx, input, deps) {
      const { applications, reads } = deps;
      const { size } = input.query();
      const customerId = sessionOf(ctx.state).customerId;
      const application = await applications.get(customerId, pathId(ctx.params.applicationId));
      const portal = await portalFromHeaders(ctx.headers, deps.portals);
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
    },
  }),
]);
