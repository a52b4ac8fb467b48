// Listing details, properties, full details (by id and by slug), similar and home-featured listings,
// and the search lists and ranges.
import type { Context, Middleware } from 'koa';
import { collection } from '../core/envelope.ts';
import { validate } from '../core/validation.ts';
import { NotFoundError } from '../core/errors.ts';
import { pathId } from '../core/path-id.ts';
import { defineRoutes, route, type Route } from '../core/route-table.ts';
import { parametersOf } from '../core/openapi/from-yup.ts';
import { dataEnvelope, engineUnavailable, errorResponse, json, pathParam, ref, str, validationResponse } from '../core/openapi/schema-helpers.ts';
import type { PortalService } from '../portals/portal-settings.ts';
import { portalFromHeaders } from '../listing-search/request-headers.ts';
import type { CustomerContext } from '../listing-search/customer-context.ts';
import type { CustomerAwareState } from '../listing-search/search-routes.ts';
import { badBearer, optionalBearer, portalHeaders } from '../listing-search/search-openapi.ts';
import { presentListingItem } from '../listings/listing-presenter.ts';
import type { ApiAccountService } from '../api-accounts/api-account-service.ts';
import type { SchemeService } from '../schemes/scheme-service.ts';
import { presentSchemeOption, typeOptions } from './search-list-presenter.ts';
import { previewRight } from './preview-access.ts';
import type { PreviewLinks } from './preview-links.ts';
import type { ListingKey, ListingReadService } from './listing-read-service.ts';
import type { StoredItem } from '../listing-index/document/listing-item-field.ts';
import type { ListingStats } from '../listing-stats/listing-stats-recorder.ts';
import { presentFullDetails, presentListingDetails, presentPropertyDetails } from './listing-details-presenter.ts';
import { personalOfItem, propertyAffordability, type PersonalOf } from '../listing-search/personal-fields.ts';
import { bedroomsQuery, sizeQuery } from './listing-read-schemas.ts';

export interface ListingReadDeps {
  reads: ListingReadService;
  portals: PortalService;
  accounts: ApiAccountService;
  /** preview links: the listing a preview token names */
  previews: Pick<PreviewLinks, 'listingOf'>;
  customers: CustomerContext;
  schemes: SchemeService;
  /** sets ctx.state.customerId from an optional bearer token */
  signedIn: Middleware;
  /** detail views (listing statistics), counted in memory once per visitor and day */
  stats?: Pick<ListingStats, 'detailView'>;
  /** the signed-in customer's home, work and household (distances and affordability) */
  personal: PersonalOf;
}

const bedroomsOf = (ctx: Context) => validate(bedroomsQuery, { bedrooms: ctx.query['bedrooms[]'] ?? ctx.query.bedrooms }).bedrooms;
const customerOf = (ctx: Context) => ((ctx.state as CustomerAwareState).customerId ?? null) as number | null;

async function favouriteOf(deps: ListingReadDeps, ctx: Context, listingId: number): Promise<boolean | null> {
  const customerId = customerOf(ctx);
  return customerId === null ? null : (await deps.customers.favouriteIds(customerId, [listingId])).has(listingId);
}

async function items(deps: ListingReadDeps, ctx: Context, hits: StoredItem[]) {
  const customerId = customerOf(ctx);
  const [favourites, personal] = await Promise.all([customerId === null ? null : deps.customers.favouriteIds(customerId, hits.map((h) => h.id)), deps.personal(customerId)]);
  return hits.map((h) => presentListingItem(h.view, { favourite: favourites ? favourites.has(h.id) : null, personal: personalOfItem(h.facts, personal) }));
}

/** Each property's affordability for the signed-in customer's household, and the listing's distances from their home and work. */
async function personalOf(deps: ListingReadDeps, ctx: Context, doc: { itemFacts?: string }) {
  const personal = await deps.personal(customerOf(ctx));
  return { affordability: propertyAffordability(doc.itemFacts, personal), distances: personalOfItem(doc.itemFacts, personal) };
}

const keyOf = (ctx: Context): ListingKey => {
  const params = (ctx as unknown as { params: Record<string, string> }).params;
  if (params.slug !== undefined) return { slug: params.slug };
  const id = pathId(params.id);
  if (id === 0) throw new NotFoundError(`Listing ${params.id} was not found`);
  return { id };
};

async function load(deps: ListingReadDeps, ctx: Context, key: ListingKey) {
  const { portal, preview } = await visibility(deps, ctx);
  const doc = await deps.reads.find(key, portal.id, preview);
  return { doc, portal, preview };
}

async function visibility(deps: ListingReadDeps, ctx: Context) {
  const portal = await portalFromHeaders(ctx.headers, deps.portals);
  const preview = await previewRight(ctx.query, ctx.headers, { accounts: deps.accounts, previewListing: (token) => deps.previews.listingOf(token) });
  return { portal, preview };
}

/** A detail page read by the public counts as a view; a preview with an api_key does not. */
async function loadDetail(deps: ListingReadDeps, ctx: Context) {
  const loaded = await load(deps, ctx, keyOf(ctx));
  if (loaded.preview === null) deps.stats?.detailView(loaded.doc.id, { customerId: customerOf(ctx), address: ctx.ip, userAgent: ctx.get('User-Agent') });
  return loaded;
}

const tags = ['Listings'];
const doc = { security: optionalBearer };
const signedIn = ({ signedIn }: ListingReadDeps) => [signedIn];
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
const withItems = (item: string) => ({ 200: json(dataEnvelope(ref(item))), 401: badBearer, 404: notFound, 422: validationResponse, 503: engineUnavailable });

type ReadRoute = Route<ListingReadDeps, CustomerAwareState>;

/** a listing's routes by slug and by id (the slug's first: `/listings/slug/properties` is the page of that slug) */
function listingRoutes(v: 'slug' | 'id', base: string): ReadRoute[] {
  const key = v === 'id' ? pathParam('id', 'listing id', { type: 'string' }) : pathParam('slug', 'listing slug');
  const detail = [key, bedrooms, ...preview, ...portalHeaders];
  return [
    route<ListingReadDeps, CustomerAwareState>({
      method: 'get',
      path: base,
      tags,
      operationId: `listingDetailsBy${v}`,
      summary: 'Listing details; bedrooms[] gives the minimum prices for those bedroom counts',
      doc,
      use: signedIn,
      parameters: detail,
      responses: { 200: json(ref('ListingDetails')), 401: badBearer, 404: notFound, 422: validationResponse, 503: engineUnavailable },
      async handler(ctx, _input, deps) {
        const bedrooms = bedroomsOf(ctx);
        const { doc } = await loadDetail(deps, ctx);
        ctx.body = presentListingDetails(doc, { favourite: await favouriteOf(deps, ctx, doc.id), bedrooms, ...(await personalOf(deps, ctx, doc)) });
      },
    }),
    route<ListingReadDeps, CustomerAwareState>({
      method: 'get',
      path: `${base}/properties`,
      tags,
      operationId: `listingPropertiesBy${v}`,
      summary: 'The properties of a listing; bedrooms[] keeps those with exactly those counts',
      doc,
      use: signedIn,
      parameters: detail,
      responses: withItems('PropertyDetails'),
      async handler(ctx, _input, deps) {
        const bedrooms = bedroomsOf(ctx);
        const { doc } = await load(deps, ctx, keyOf(ctx));
        ctx.body = collection(presentPropertyDetails(doc, bedrooms, (await personalOf(deps, ctx, doc)).affordability));
      },
    }),
    route<ListingReadDeps, CustomerAwareState>({
      method: 'get',
      path: `${base}/full-details`,
      tags,
      operationId: `listingFullDetailsBy${v}`,
      summary: 'Listing, its properties (empty for a single-property listing) and whether registering interest needs extra fields',
      doc,
      use: signedIn,
      parameters: detail,
      responses: { 200: json(ref('FullDetails')), 401: badBearer, 404: notFound, 422: validationResponse, 503: engineUnavailable },
      async handler(ctx, _input, deps) {
        const bedrooms = bedroomsOf(ctx);
        const { doc } = await loadDetail(deps, ctx);
        ctx.body = presentFullDetails(doc, { favourite: await favouriteOf(deps, ctx, doc.id), bedrooms, ...(await personalOf(deps, ctx, doc)) });
      },
    }),
    route<ListingReadDeps, CustomerAwareState>({
      method: 'get',
      path: `${base}/similar`,
      tags,
      operationId: `similarListingsBy${v}`,
      summary: 'Listings like this one: same occupancy type, near, comparable price and bedrooms',
      doc,
      use: signedIn,
      parameters: [key],
      query: sizeQuery(3),
      headers: portalHeaders,
      responses: withItems('ListingItem'),
      async handler(ctx, input, deps) {
        const { size } = input.query();
        const { portal, preview } = await visibility(deps, ctx);
        const doc = await deps.reads.findIndexed(keyOf(ctx), portal.id, preview);
        ctx.body = collection(await items(deps, ctx, await deps.reads.similar(doc, size, portal.id)));
      },
    }),
  ];
}

export const listingReadRoutes = defineRoutes<ListingReadDeps, CustomerAwareState>([
  ...listingRoutes('slug', '/api/rest/portal/listings/slug/:slug'),
  ...listingRoutes('id', '/api/rest/portal/listings/:id'),
  route({
    method: 'get',
    path: '/api/rest/portal/home-featured-listings',
    tags,
    operationId: 'homeFeaturedListings',
    summary: 'Featured listings for the home page',
    doc,
    use: signedIn,
    query: sizeQuery(6),
    headers: portalHeaders,
    responses: { 200: json(dataEnvelope(ref('ListingItem'))), 401: badBearer, 422: validationResponse, 503: engineUnavailable },
    async handler(ctx, input, deps) {
      const { size } = input.query();
      const portal = await portalFromHeaders(ctx.headers, deps.portals);
      ctx.body = collection(await items(deps, ctx, await deps.reads.homeFeatured(size, portal.id)));
    },
  }),
  route({
    method: 'get',
    path: '/search-lists/schemes',
    tags: ['Search'],
    operationId: 'searchListSchemes',
    summary: 'Schemes for search forms',
    responses: { 200: json(dataEnvelope(ref('IdName'))) },
    async handler(ctx, _input, { schemes }) {
      ctx.body = collection((await schemes.all()).map(presentSchemeOption));
    },
  }),
  route({
    method: 'get',
    path: '/search-lists/types',
    tags: ['Search'],
    operationId: 'searchListTypes',
    summary: 'Property types for search forms',
    responses: { 200: json(dataEnvelope(ref('IdName'))) },
    handler(ctx) {
      ctx.body = collection(typeOptions());
    },
  }),
  route({
    method: 'get',
    path: '/search-ranges/full-market-price',
    tags: ['Search'],
    operationId: 'rangeFullMarketPrice',
    summary: 'Lowest and highest full market price on the marketplace',
    responses: { 200: json(ref('Range')), 503: engineUnavailable },
    async handler(ctx, _input, { reads }) {
      ctx.body = await reads.range('fullMarketPrice');
    },
  }),
  route({
    method: 'get',
    path: '/search-ranges/monthly-rent',
    tags: ['Search'],
    operationId: 'rangeMonthlyRent',
    summary: 'Lowest and highest monthly rent on the marketplace',
    responses: { 200: json(ref('Range')), 503: engineUnavailable },
    async handler(ctx, _input, { reads }) {
      ctx.body = await reads.range('monthlyRent');
    },
  }),
]);
