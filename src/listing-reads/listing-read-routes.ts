// Listing details, properties, full details (by id and by slug), similar and home-featured listings,
// and the search lists and ranges.
import Router from '@koa/router';
import type { Context, Middleware } from 'koa';
import { collection } from '../core/envelope.ts';
import { validate, validateQuery } from '../core/validation.ts';
import { NotFoundError } from '../core/errors.ts';
import { pathId } from '../core/path-id.ts';
import type { PortalService } from '../portals/portal-settings.ts';
import { portalFromHeaders } from '../listing-search/request-headers.ts';
import type { CustomerContext } from '../listing-search/customer-context.ts';
import type { CustomerAwareState } from '../listing-search/search-routes.ts';
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
  /** detail views (listing statistics), counted in memory */
  stats?: Pick<ListingStats, 'detailView'>;
  /** the signed-in customer's home, work and household (distances and affordability) */
  personal: PersonalOf;
}

import { bedroomsQuery, sizeQuery } from './listing-read-schemas.ts';

const bedroomsOf = (ctx: Context) => validate(bedroomsQuery, { bedrooms: ctx.query['bedrooms[]'] ?? ctx.query.bedrooms }).bedrooms;
const customerOf = (ctx: Context) => ((ctx.state as CustomerAwareState).customerId ?? null) as number | null;

export function listingReadRoutes(deps: ListingReadDeps): Router<CustomerAwareState> {
  const router = new Router<CustomerAwareState>();
  const { reads, portals, accounts, customers, signedIn } = deps;

  async function favouriteOf(ctx: Context, listingId: number): Promise<boolean | null> {
    const customerId = customerOf(ctx);
    return customerId === null ? null : (await customers.favouriteIds(customerId, [listingId])).has(listingId);
  }

  async function items(ctx: Context, hits: StoredItem[]) {
    const customerId = customerOf(ctx);
    const [favourites, personal] = await Promise.all([customerId === null ? null : customers.favouriteIds(customerId, hits.map((h) => h.id)), deps.personal(customerId)]);
    return hits.map((h) => presentListingItem(h.view, { favourite: favourites ? favourites.has(h.id) : null, personal: personalOfItem(h.facts, personal) }));
  }

  /** Each property's affordability for the signed-in customer's household, and the listing's distances from their home and work. */
  async function personalOf(ctx: Context, doc: { itemFacts?: string }) {
    const personal = await deps.personal(customerOf(ctx));
    return { affordability: propertyAffordability(doc.itemFacts, personal), distances: personalOfItem(doc.itemFacts, personal) };
  }

  async function load(ctx: Context, key: ListingKey) {
    const portal = await portalFromHeaders(ctx.headers, portals);
    const preview = await previewRight(ctx.query, ctx.headers, { accounts, previewListing: (token) => deps.previews.listingOf(token) });
    const doc = await reads.find(key, portal.id, preview);
    return { doc, portal, preview };
  }

  /** A detail page read by the public counts as a view; a preview with an api_key does not. */
  async function loadDetail(ctx: Context) {
    const loaded = await load(ctx, keyOf(ctx));
    if (loaded.preview === null) deps.stats?.detailView(loaded.doc.id);
    return loaded;
  }

  const keyOf = (ctx: Context): ListingKey => {
    const params = (ctx as unknown as { params: Record<string, string> }).params;
    if (params.slug !== undefined) return { slug: params.slug };
    const id = pathId(params.id);
    if (id === 0) throw new NotFoundError(`Listing ${params.id} was not found`);
    return { id };
  };

  for (const base of ['/api/rest/portal/listings/slug/:slug', '/api/rest/portal/listings/:id']) {
    router.get(base, signedIn, async (ctx) => {
      const bedrooms = bedroomsOf(ctx);
      const { doc } = await loadDetail(ctx);
      ctx.body = presentListingDetails(doc, { favourite: await favouriteOf(ctx, doc.id), bedrooms, ...(await personalOf(ctx, doc)) });
    });
    router.get(`${base}/properties`, signedIn, async (ctx) => {
      const bedrooms = bedroomsOf(ctx);
      const { doc } = await load(ctx, keyOf(ctx));
      ctx.body = collection(presentPropertyDetails(doc, bedrooms, (await personalOf(ctx, doc)).affordability));
    });
    router.get(`${base}/full-details`, signedIn, async (ctx) => {
      const bedrooms = bedroomsOf(ctx);
      const { doc } = await loadDetail(ctx);
      ctx.body = presentFullDetails(doc, { favourite: await favouriteOf(ctx, doc.id), bedrooms, ...(await personalOf(ctx, doc)) });
    });
    router.get(`${base}/similar`, signedIn, async (ctx) => {
      const { size } = validateQuery(sizeQuery(3), ctx.query);
      const { doc, portal } = await load(ctx, keyOf(ctx));
      ctx.body = collection(await items(ctx, await reads.similar(doc, size, portal.id)));
    });
  }

  router.get('/api/rest/portal/home-featured-listings', signedIn, async (ctx) => {
    const { size } = validateQuery(sizeQuery(6), ctx.query);
    const portal = await portalFromHeaders(ctx.headers, portals);
    ctx.body = collection(await items(ctx, await reads.homeFeatured(size, portal.id)));
  });

  router.get('/search-lists/schemes', async (ctx) => {
    ctx.body = collection((await deps.schemes.all()).map(presentSchemeOption));
  });
  router.get('/search-lists/types', async (ctx) => {
    ctx.body = collection(typeOptions());
  });
  router.get('/search-ranges/full-market-price', async (ctx) => {
    ctx.body = await reads.range('fullMarketPrice');
  });
  router.get('/search-ranges/monthly-rent', async (ctx) => {
    ctx.body = await reads.range('monthlyRent');
  });
  return router;
}
