// REST routes of the synchronisation interfaces, under /api/rest/ and authorised by api_key. Every query,
// path and body is validated here, by the schemas the OpenAPI document is derived from.
import Router from '@koa/router';
import { keepOff } from '../core/fixed-paths.ts';
import type { Context, Middleware } from 'koa';
import { paginated, parsePage, collection } from '../core/envelope.ts';
import type { PageRequest } from '../core/envelope.ts';
import { NotFoundError, ValidationError } from '../core/errors.ts';
import { validate, validateBody, validateQuery } from '../core/validation.ts';
import type { ApiAccount, Development } from '../generated/prisma/client.ts';
import type { ListingVisibility } from '../indexing/listing-visibility.ts';
import type { MarketplaceService } from './marketplace-service.ts';
import { presentMarketplaceListing } from './marketplace-presenter.ts';
import type { SchemeService } from '../schemes/scheme-service.ts';
import { presentScheme } from '../schemes/scheme-presenter.ts';
import type { DevelopmentInput } from '../inventory/development-schema.ts';
import type { PropertyInput } from '../inventory/property-schema.ts';
import type { ListingSyncInput } from '../listings/listing-sync-schema.ts';
import { presentDevelopment } from '../inventory/development-presenter.ts';
import { presentProperty } from '../inventory/property-presenter.ts';
import type { PropertyRow } from '../inventory/property-row.ts';
import { presentSyncListing } from '../listings/listing-sync-presenter.ts';
import type { SyncListingRow } from '../listings/sync-listing-row.ts';
import { apiKeyAuth, premiumOnly, type SyncState } from '../api-accounts/api-key-auth.ts';
import { idempotencyKey } from '../api-accounts/idempotency-key.ts';
import type { ApiAccountService } from '../api-accounts/api-account-service.ts';
import type { WriteResult } from '../sync/write-result.ts';
import { instantOf, listQuery, propertyListQuery, refPath, writeQuery } from './sync-query.ts';
import { syncWriteSchemas, type WriteSchemas } from './write-schemas.ts';
import { MARKETPLACE_REF } from '../listings/listing-sync-schema.ts';
import { awaitVisibility } from './visibility-header.ts';

type SyncRouter = Router<SyncState>;

/** A synchronised resource's service: its reads and writes answer stored rows (R), which the routes present. */
export interface WritableResource<I extends { externalRef: string }, R = unknown> {
  get(account: ApiAccount, ref: string): Promise<R>;
  create(account: ApiAccount, input: I): Promise<WriteResult<R>>;
  put(account: ApiAccount, input: I): Promise<WriteResult<R>>;
  patch(account: ApiAccount, ref: string, changes: Partial<I>): Promise<WriteResult<R>>;
  remove(account: ApiAccount, ref: string): Promise<WriteResult<R>>;
}

type Page<R> = Promise<{ items: R[]; total: number }>;

export interface SyncDeps {
  accounts: ApiAccountService;
  developments: WritableResource<DevelopmentInput, Development> & { list(a: ApiAccount, p: PageRequest, since: Date | null): Page<Development> };
  properties: WritableResource<PropertyInput, PropertyRow> & { list(a: ApiAccount, p: PageRequest, f: { updatedSince: Date | null; development: string | null }): Page<PropertyRow> };
  listings: WritableResource<ListingSyncInput, SyncListingRow> & { list(a: ApiAccount, p: PageRequest, since: Date | null): Page<SyncListingRow> };
  marketplace: MarketplaceService;
  schemes: SchemeService;
  visibility: ListingVisibility;
}

const accountOf = (ctx: Context): ApiAccount => (ctx.state as SyncState).account;

/** The request's body; undefined when it has none (a JSON `null` is a body). */
export const bodyOf = (ctx: Context): unknown => (ctx.request.is() === null ? undefined : ctx.request.body);

/** The path's `{ref}`: one that is no externalRef names nothing. */
function refIn(ctx: Context, label: string): string {
  const ref = ctx.params.ref ?? '';
  if (!refPath.isValidSync({ ref })) throw new NotFoundError(`${label} ${ref} was not found`);
  return ref;
}

/** A PUT or PATCH body at the path's ref: its externalRef may be left out, and must be the path's when sent. */
function atRef<I extends { externalRef?: string }>(ref: string, body: I): I & { externalRef: string } {
  if (body.externalRef !== undefined && body.externalRef !== ref) throw ValidationError.field('externalRef', 'externalRef must match the reference in the path');
  return { ...body, externalRef: ref };
}

function resourceRoutes<I extends { externalRef: string }, R>(
  router: SyncRouter,
  auth: Middleware<SyncState>,
  once: Middleware<SyncState>,
  { base, label, resource, present, schemas, withPost }: { base: string; label: string; resource: WritableResource<I, R>; present: (row: R) => unknown; schemas: WriteSchemas; withPost: boolean },
  visibility: ListingVisibility,
) {
  /** the written object, presented, once the write is visible when asked to be */
  const answer = async (ctx: Context, result: WriteResult<R>): Promise<void> => {
    await awaitVisibility(ctx, visibility, result.listingIds);
    ctx.status = result.status === 'created' ? 201 : 200;
    ctx.body = present(result.record);
  };
  /** the write's query string, then its body */
  const inputOf = (ctx: Context, schema: WriteSchemas[keyof WriteSchemas]) => {
    validateQuery(writeQuery, ctx.query);
    return validateBody(schema, bodyOf(ctx)) as Partial<I>;
  };
  if (withPost) router.post(base, auth, once, async (ctx) => answer(ctx, await resource.create(accountOf(ctx), inputOf(ctx, schemas.create) as I)));
  router.get(`${base}/:ref`, auth, async (ctx) => {
    ctx.body = present(await resource.get(accountOf(ctx), refIn(ctx, label)));
  });
  router.put(`${base}/:ref`, auth, once, async (ctx) => {
    const ref = refIn(ctx, label);
    const input = atRef(ref, inputOf(ctx, schemas.put));
    validate(schemas.ref, { externalRef: ref });
    await answer(ctx, await resource.put(accountOf(ctx), input as I));
  });
  router.patch(`${base}/:ref`, auth, once, async (ctx) => {
    const ref = refIn(ctx, label);
    const { externalRef: _ref, ...changes } = atRef(ref, inputOf(ctx, schemas.patch));
    await answer(ctx, await resource.patch(accountOf(ctx), ref, changes as Partial<I>));
  });
  router.delete(`${base}/:ref`, auth, once, async (ctx) => {
    const ref = refIn(ctx, label);
    validateQuery(writeQuery, ctx.query);
    await answer(ctx, await resource.remove(accountOf(ctx), ref));
  });
}

export function syncRoutes(deps: SyncDeps): SyncRouter {
  const router = new Router<SyncState>({ prefix: '/api/rest' });
  const auth = apiKeyAuth(deps.accounts);
  const once = idempotencyKey(deps.accounts.idempotency);
  const { visibility } = deps;

  router.post('/account/api-key', auth, async (ctx) => {
    ctx.status = 201;
    ctx.body = { apiKey: await deps.accounts.rotateKey(ctx.state.account.id) };
  });

  router.get('/schemes', auth, async (ctx) => {
    ctx.body = collection((await deps.schemes.all()).map(presentScheme));
  });

  router.get('/inventory/developments', auth, async (ctx) => {
    const query = validateQuery(listQuery, ctx.query);
    const { items, total } = await deps.developments.list(ctx.state.account, query, instantOf(query.updated_since));
    ctx.body = paginated(items.map(presentDevelopment), query, total, ctx.state.url);
  });
  router.get('/inventory/properties', auth, async (ctx) => {
    const query = validateQuery(propertyListQuery, ctx.query);
    const filters = { updatedSince: instantOf(query.updated_since), development: query.development };
    const { items, total } = await deps.properties.list(ctx.state.account, query, filters);
    ctx.body = paginated(items.map(presentProperty), query, total, ctx.state.url);
  });
  router.get('/listings', auth, async (ctx) => {
    const query = validateQuery(listQuery, ctx.query);
    const { items, total } = await deps.listings.list(ctx.state.account, query, instantOf(query.updated_since));
    ctx.body = paginated(items.map(presentSyncListing), query, total, ctx.state.url);
  });
  router.get('/listings/marketplace', auth, premiumOnly, async (ctx) => {
    const page = parsePage(ctx.query);
    const { items, total } = await deps.marketplace.published(page);
    ctx.body = paginated(items.map(presentMarketplaceListing), page, total, ctx.state.url);
  });

  const w = syncWriteSchemas;
  resourceRoutes(router, auth, once, { base: '/inventory/developments', label: 'Development', resource: deps.developments, present: presentDevelopment, schemas: w.development, withPost: true }, visibility);
  resourceRoutes(router, auth, once, { base: '/inventory/properties', label: 'Property', resource: deps.properties, present: presentProperty, schemas: w.property, withPost: true }, visibility);
  resourceRoutes(router, auth, once, { base: '/listings', label: 'Listing', resource: deps.listings, present: presentSyncListing, schemas: w.listing, withPost: false }, visibility);
  keepOff(router, '/api/rest/listings/:ref', `/api/rest/listings/${MARKETPLACE_REF}`, (methods) => !methods.includes('GET'));
  matchCase(router, `/api/rest/listings/${MARKETPLACE_REF}`);
  return router;
}

/** The route of a fixed path answers that spelling alone (paths otherwise match in any case). */
function matchCase(router: SyncRouter, fixedPath: string): void {
  for (const layer of router.stack) if (layer.path === fixedPath) layer.regexp = new RegExp(layer.regexp.source, layer.regexp.flags.replace('i', ''));
}
