// Area pages for the marketplace portal: scheme areas, pages by id and by slug, and their listings.
import Router from '@koa/router';
import type { Context, Middleware } from 'koa';
import { collection } from '../core/envelope.ts';
import { validateQuery } from '../core/validation.ts';
import type { ApiAccountService } from '../api-accounts/api-account-service.ts';
import type { CustomerContext } from '../listing-search/customer-context.ts';
import type { CustomerAwareState } from '../listing-search/search-routes.ts';
import { presentListingItem } from '../listings/listing-presenter.ts';
import { personalOfItem, type PersonalOf } from '../listing-search/personal-fields.ts';
import { editorPreview, previewQuery, type PreviewQuery } from '../content/editor-access.ts';
import { numericId, slugParam } from '../content/path-params.ts';
import type { AreaPageKey, AreaPageService } from './area-page-service.ts';
import { presentAreaPage, presentSchemeAreas } from './area-presenter.ts';
import { areaListingsQuery } from './area-inputs.ts';

const BASE = '/api/rest/portal/scheme-areas';

export interface AreaRouteDeps {
  areas: AreaPageService;
  accounts: ApiAccountService;
  customers: CustomerContext;
  /** sets ctx.state.customerId from an optional bearer token (favourite flags on listings) */
  signedIn: Middleware;
  /** the signed-in customer's home, work and household (distances and affordability on the listings) */
  personal: PersonalOf;
}

export function areaRoutes(deps: AreaRouteDeps): Router<CustomerAwareState> {
  const router = new Router<CustomerAwareState>();
  const { areas, accounts, customers, signedIn } = deps;

  const load = async (key: AreaPageKey, preview: PreviewQuery, headers: Context['headers']) => areas.find(key, await editorPreview(preview, accounts, headers));

  router.get(BASE, async (ctx) => {
    ctx.body = collection(presentSchemeAreas(await areas.visiblePages()));
  });

  for (const [path, keyOf] of [
    [`${BASE}/pages/slug/:slug`, (ctx: Context): AreaPageKey => ({ slug: slugParam(ctx, 'Area page') })],
    [`${BASE}/pages/:id`, (ctx: Context): AreaPageKey => ({ id: numericId(ctx, 'Area page') })],
  ] as const) {
    router.get(path, async (ctx) => {
      const key = keyOf(ctx);
      ctx.body = presentAreaPage(await load(key, validateQuery(previewQuery, ctx.query), ctx.headers));
    });
    router.get(`${path}/listings`, signedIn, async (ctx) => {
      const key = keyOf(ctx);
      const { size, ...preview } = validateQuery(areaListingsQuery, ctx.query);
      const page = await load(key, preview, ctx.headers);
      const hits = await areas.listings(page, size);
      const customerId = ctx.state.customerId ?? null;
      const [favourites, personal] = await Promise.all([customerId === null ? null : customers.favouriteIds(customerId, hits.map((h) => h.id)), deps.personal(customerId)]);
      ctx.body = collection(hits.map((h) => presentListingItem(h.view, { favourite: favourites ? favourites.has(h.id) : null, personal: personalOfItem(h.facts, personal) })));
    });
  }
  return router;
}
