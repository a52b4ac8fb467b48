// REST routes of the synchronisation interfaces, under /api/rest/ and authorised by api_key.
import Router from '@koa/router';
import type { Context, Middleware } from 'koa';
import { paginated, parsePage, collection } from '../core/envelope.ts';
import type { PageRequest } from '../core/envelope.ts';
import type { ApiAccount } from '../generated/prisma/client.ts';
import type { ListingVisibility } from '../indexing/listing-visibility.ts';
import type { MarketplaceService } from '../listings/marketplace-service.ts';
import type { SchemeService } from '../schemes/scheme-service.ts';
import { presentScheme } from '../schemes/scheme-presenter.ts';
import { apiKeyAuth, premiumOnly, type SyncState } from './api-key-auth.ts';
import type { ApiAccountService } from './api-account-service.ts';
import type { WriteResult } from './write-result.ts';
import { parseListQuery } from './sync-query.ts';
import { MARKETPLACE_REF } from '../listings/listing-sync-schema.ts';
import { awaitVisibility } from './visibility-header.ts';

type SyncRouter = Router<SyncState>;

export interface WritableResource<V> {
  get(account: ApiAccount, ref: string): Promise<V>;
  create(account: ApiAccount, body: unknown): Promise<WriteResult<V>>;
  put(account: ApiAccount, ref: string, body: unknown): Promise<WriteResult<V>>;
  patch(account: ApiAccount, ref: string, body: unknown): Promise<WriteResult<V>>;
  remove(account: ApiAccount, ref: string): Promise<WriteResult<V>>;
}

export interface SyncDeps {
  accounts: ApiAccountService;
  developments: WritableResource<unknown> & { list(a: ApiAccount, p: PageRequest, since: Date | null): Promise<{ items: unknown[]; total: number }> };
  properties: WritableResource<unknown> & {
    list(a: ApiAccount, p: PageRequest, f: { updatedSince: Date | null; development: string | null }): Promise<{ items: unknown[]; total: number }>;
  };
  listings: WritableResource<unknown> & { list(a: ApiAccount, p: PageRequest, since: Date | null): Promise<{ items: unknown[]; total: number }> };
  marketplace: MarketplaceService;
  schemes: SchemeService;
  visibility: ListingVisibility;
}

const accountOf = (ctx: Context): ApiAccount => (ctx.state as SyncState).account;

async function answer<V>(ctx: Context, visibility: ListingVisibility, result: WriteResult<V>, createdStatus = 201): Promise<void> {
  await awaitVisibility(ctx, visibility, result.listingIds);
  ctx.status = result.status === 'created' ? createdStatus : 200;
  ctx.body = result.record;
}

function resourceRoutes(
  router: SyncRouter,
  auth: Middleware<SyncState>,
  base: string,
  resource: WritableResource<unknown>,
  visibility: ListingVisibility,
  withPost: boolean,
) {
  if (withPost) router.post(base, auth, async (ctx) => answer(ctx, visibility, await resource.create(accountOf(ctx), ctx.request.body)));
  router.get(`${base}/:ref`, auth, async (ctx) => {
    ctx.body = await resource.get(accountOf(ctx), ctx.params.ref!);
  });
  router.put(`${base}/:ref`, auth, async (ctx) => answer(ctx, visibility, await resource.put(accountOf(ctx), ctx.params.ref!, ctx.request.body)));
  router.patch(`${base}/:ref`, auth, async (ctx) => answer(ctx, visibility, await resource.patch(accountOf(ctx), ctx.params.ref!, ctx.request.body)));
  router.delete(`${base}/:ref`, auth, async (ctx) => answer(ctx, visibility, await resource.remove(accountOf(ctx), ctx.params.ref!)));
}

export function syncRoutes(deps: SyncDeps): SyncRouter {
  const router = new Router<SyncState>({ prefix: '/api/rest' });
  const auth = apiKeyAuth(deps.accounts);
  const { visibility } = deps;

  router.post('/account/api-key', auth, async (ctx) => {
    ctx.status = 201;
    ctx.body = { apiKey: await deps.accounts.rotateKey(ctx.state.account.id) };
  });

  router.get('/schemes', auth, async (ctx) => {
    ctx.body = collection((await deps.schemes.all()).map(presentScheme));
  });

  router.get('/inventory/developments', auth, async (ctx) => {
    const page = parsePage(ctx.query);
    const { updatedSince } = parseListQuery(ctx.query);
    const { items, total } = await deps.developments.list(ctx.state.account, page, updatedSince);
    ctx.body = paginated(items, page, total, ctx.state.url);
  });
  router.get('/inventory/properties', auth, async (ctx) => {
    const page = parsePage(ctx.query);
    const { items, total } = await deps.properties.list(ctx.state.account, page, parseListQuery(ctx.query));
    ctx.body = paginated(items, page, total, ctx.state.url);
  });
  router.get('/listings', auth, async (ctx) => {
    const page = parsePage(ctx.query);
    const { items, total } = await deps.listings.list(ctx.state.account, page, parseListQuery(ctx.query).updatedSince);
    ctx.body = paginated(items, page, total, ctx.state.url);
  });
  router.get('/listings/marketplace', auth, premiumOnly, async (ctx) => {
    const page = parsePage(ctx.query);
    const { items, total } = await deps.marketplace.published(page);
    ctx.body = paginated(items, page, total, ctx.state.url);
  });

  resourceRoutes(router, auth, '/inventory/developments', deps.developments, visibility, true);
  resourceRoutes(router, auth, '/inventory/properties', deps.properties, visibility, true);
  resourceRoutes(router, auth, '/listings', deps.listings, visibility, false);
  keepOff(router, '/api/rest/listings/:ref', `/api/rest/listings/${MARKETPLACE_REF}`);
  return router;
}

/**
 * Keeps the routes of a parameterised path off one fixed path that has a route of its own (a ref the
 * resource refuses), so that only that route answers there and OPTIONS and 405 name its verbs alone.
 */
function keepOff(router: SyncRouter, routePath: string, fixedPath: string): void {
  const fixed = fixedPath.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  for (const layer of router.stack) {
    if (layer.path === routePath) layer.regexp = new RegExp(`^(?!${fixed}/?$)${layer.regexp.source.replace(/^\^/, '')}`, layer.regexp.flags);
  }
}
