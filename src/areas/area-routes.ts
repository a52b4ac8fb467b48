// Area pages for the marketplace portal: scheme areas, pages by id and by slug, and their listings.
import type { Context, Middleware } from 'koa';
import { collection } from '../core/envelope.ts';
import { defineRoutes, route } from '../core/route-table.ts';
import { parametersOf } from '../core/openapi/from-yup.ts';
import { dataEnvelope, engineUnavailable, errorResponse, json, ref, validationResponse } from '../core/openapi/schema-helpers.ts';
import type { ApiAccountService } from '../api-accounts/api-account-service.ts';
import type { CustomerContext } from '../listing-search/customer-context.ts';
import type { CustomerAwareState } from '../listing-search/search-routes.ts';
import { presentListingItem } from '../listings/listing-presenter.ts';
import { personalOfItem, type PersonalOf } from '../listing-search/personal-fields.ts';
import { editorPreview, previewQuery, type PreviewQuery } from '../content/editor-access.ts';
import { idPath, numericId, slugParam, slugPath } from '../content/path-params.ts';
import type { AreaPageKey } from './area-page-service.ts';
import type { AreaPageService } from './area-page-service.ts';
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

const tags = ['Area pages'];
const notFound = errorResponse('No such area page, or not visible');

const load = async ({ areas, accounts }: AreaRouteDeps, key: AreaPageKey, preview: PreviewQuery, headers: Context['headers']) =>
  areas.find(key, await editorPreview(preview, accounts, headers));

/** a page and its listings, by slug and by id (the slug's first: `/pages/slug/listings` is the page of that slug) */
const pageRoutes = ([v, path, keyOf]: readonly ['Id' | 'Slug', string, (ctx: Context) => AreaPageKey]) => {
  const parameters = v === 'Id' ? parametersOf(idPath('area page'), 'path') : parametersOf(slugPath('area page'), 'path');
  return [
    route<AreaRouteDeps, CustomerAwareState>({
      method: 'get',
      path,
      tags,
      operationId: `areaPageBy${v}`,
      summary: 'An area page',
      parameters,
      query: previewQuery,
      responses: { 200: json(ref('AreaPage')), 404: notFound },
      async handler(ctx, input, deps) {
        const key = keyOf(ctx);
        ctx.body = presentAreaPage(await load(deps, key, input.query(), ctx.headers));
      },
    }),
    route<AreaRouteDeps, CustomerAwareState>({
      method: 'get',
      path: `${path}/listings`,
      tags,
      operationId: `areaListingsBy${v}`,
      doc: { description: 'An optional bearer token fills `favourite`.' },
      summary: "Live marketplace listings of the page's scheme in its area (region, county or local authority): featured, then premium, then newest",
      use: ({ signedIn }) => [signedIn],
      parameters,
      query: areaListingsQuery,
      responses: {
        200: json(dataEnvelope(ref('ListingItem'))),
        401: errorResponse('An invalid, expired or revoked bearer token'),
        404: notFound,
        422: validationResponse,
        503: engineUnavailable,
      },
      async handler(ctx, input, deps) {
        const key = keyOf(ctx);
        const { size, ...preview } = input.query();
        const page = await load(deps, key, preview, ctx.headers);
        const hits = await deps.areas.listings(page, size);
        const customerId = ctx.state.customerId ?? null;
        const [favourites, personal] = await Promise.all([
          customerId === null ? null : deps.customers.favouriteIds(customerId, hits.map((h) => h.id)),
          deps.personal(customerId),
        ]);
        ctx.body = collection(hits.map((h) => presentListingItem(h.view, { favourite: favourites ? favourites.has(h.id) : null, personal: personalOfItem(h.facts, personal) })));
      },
    }),
  ];
};

export const areaRoutes = defineRoutes<AreaRouteDeps, CustomerAwareState>([
  route({
    method: 'get',
    path: BASE,
    tags,
    operationId: 'schemeAreas',
    summary: 'Schemes with area pages, each with its regions and their areas',
    responses: { 200: json(dataEnvelope(ref('SchemeAreas'))) },
    async handler(ctx, _input, { areas }) {
      ctx.body = collection(presentSchemeAreas(await areas.visiblePages()));
    },
  }),
  ...(
    [
      ['Slug', `${BASE}/pages/slug/:slug`, (ctx: Context): AreaPageKey => ({ slug: slugParam(ctx, 'Area page') })],
      ['Id', `${BASE}/pages/:id`, (ctx: Context): AreaPageKey => ({ id: numericId(ctx, 'Area page') })],
    ] as const
  ).flatMap(pageRoutes),
]);
