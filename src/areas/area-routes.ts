// Area pages for the marketplace portal: scheme areas, pages by id and by slug, and their listings.
import Router from '@koa/router';
import * as yup from 'yup';
import type { Context, Middleware } from 'koa';
import { collection } from '../core/envelope.ts';
import { validate } from '../core/validation.ts';
import type { ApiAccountService } from '../sync/api-account-service.ts';
import type { CustomerContext } from '../listing-search/customer-context.ts';
import type { CustomerAwareState } from '../listing-search/search-routes.ts';
import { presentListingItem } from '../listings/listing-presenter.ts';
import { editorPreview } from '../content/editor-access.ts';
import { numericId } from '../content/content-routes.ts';
import type { AreaPageKey, AreaPageService } from './area-page-service.ts';
import { presentAreaPage, presentSchemeAreas } from './area-presenter.ts';

const BASE = '/api/rest/portal/scheme-areas';
export const AREA_LISTINGS_SIZE = 6;
const sizeQuery = yup.object({
  size: yup
    .number()
    .typeError('size must be a whole number')
    .integer('size must be a whole number')
    .min(1, 'size must be at least 1')
    .max(50, 'size must be at most 50')
    .default(AREA_LISTINGS_SIZE),
});

export interface AreaRouteDeps {
  areas: AreaPageService;
  accounts: ApiAccountService;
  customers: CustomerContext;
  /** sets ctx.state.customerId from an optional bearer token (favourite flags on listings) */
  signedIn: Middleware;
}

export function areaRoutes(deps: AreaRouteDeps): Router<CustomerAwareState> {
  const router = new Router<CustomerAwareState>();
  const { areas, accounts, customers, signedIn } = deps;

  const load = async (ctx: Context, key: AreaPageKey) => areas.find(key, await editorPreview(ctx.query, accounts));

  router.get(BASE, async (ctx) => {
    ctx.body = collection(presentSchemeAreas(await areas.visiblePages()));
  });

  for (const [path, keyOf] of [
    [`${BASE}/pages/slug/:slug`, (ctx: Context): AreaPageKey => ({ slug: (ctx as unknown as { params: { slug: string } }).params.slug })],
    [`${BASE}/pages/:id`, (ctx: Context): AreaPageKey => ({ id: numericId(ctx, 'Area page') })],
  ] as const) {
    router.get(path, async (ctx) => {
      ctx.body = presentAreaPage(await load(ctx, keyOf(ctx)));
    });
    router.get(`${path}/listings`, signedIn, async (ctx) => {
      const { size } = validate(sizeQuery, ctx.query);
      const page = await load(ctx, keyOf(ctx));
      const hits = await areas.listings(page, size);
      const customerId = ctx.state.customerId ?? null;
      const favourites =
        customerId === null
          ? null
          : await customers.favouriteIds(
              customerId,
              hits.map((h) => h.id),
            );
      ctx.body = collection(hits.map((h) => presentListingItem(h.view, { favourite: favourites ? favourites.has(h.id) : null })));
    });
  }
  return router;
}
