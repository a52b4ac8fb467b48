// REST routes of the synchronisation interfaces, under /api/rest/ and authorised by api_key, each declared
// once (router and document). Every query, path and body is validated by the route's own schemas.
import * as yup from 'yup';
import type { Context } from 'koa';
import { paginated, collection, pageFields } from '../core/envelope.ts';
import type { PageRequest } from '../core/envelope.ts';
import { NotFoundError, ValidationError } from '../core/errors.ts';
import { validate } from '../core/validation.ts';
import { defineRoutes, route, type Route, type RouteContext, type RouteInput } from '../core/route-table.ts';
import { dataEnvelope, engineUnavailable, errorResponse, json, object, pagedEnvelope, ref, str, validationResponse } from '../core/openapi/schema-helpers.ts';
import { API_KEY_ROUTES } from '../api-accounts/api-key-operations.ts';
import { idempotencyKeyHeader } from '../api-accounts/idempotency-key-openapi.ts';
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
import { instantOf, listingRefPath, listQuery, propertyListQuery, refPath, writeQuery } from './sync-query.ts';
import { syncWriteSchemas, type WriteSchemas } from './write-schemas.ts';
import { awaitVisibility, SEARCH_INDEX_HEADER } from './visibility-header.ts';

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

/** The request's body; undefined when it has none (a JSON `null` is a body). */
export const bodyOf = (ctx: Context): unknown => (ctx.request.is() === null ? undefined : ctx.request.body);

type SyncRoute = Route<SyncDeps, SyncState>;

/** A write's success: stored, and with `refresh=wait_for` either searchable or said not to be yet. */
export const stored = (response: object) => ({
  ...response,
  headers: {
    [SEARCH_INDEX_HEADER]: {
      description:
        '`pending`: `refresh=wait_for` was asked but the search engine is unavailable; the change is stored and the reindex worker makes it searchable once the engine is back. Absent otherwise.',
      schema: { type: 'string', enum: ['pending'] },
    },
  },
});
export const premium = errorResponse('Basic accounts cannot call premium-only operations');
const notFound = errorResponse('No such object in this account');
const noInventory = errorResponse('The account cannot hold inventory');
/** what a key sent with a REST write may answer besides the write's own answers */
const keyed = { 409: errorResponse('A request with this Idempotency-Key is still being handled'), 422: validationResponse };
// listings/marketplace, in any case, is the marketplace pull's path: GET alone
const marketplacePath = errorResponse('`marketplace` (in any case) is no listing ref but the path of the marketplace pull, which answers GET alone');
const writeOnce = ({ accounts }: SyncDeps) => [idempotencyKey(accounts.idempotency)];

interface Resource<I extends { externalRef: string }, R> {
  tag: string;
  name: string;
  base: string;
  schema: string;
  label: string;
  resource: (deps: SyncDeps) => WritableResource<I, R>;
  present: (row: R) => unknown;
  schemas: WriteSchemas;
  withPost: boolean;
  refPath: yup.AnyObjectSchema;
}

/** The path's `{ref}`: one that is no externalRef names nothing. */
function refIn(ctx: RouteContext<SyncState>, label: string): string {
  const ref = ctx.params.ref ?? '';
  if (!refPath.isValidSync({ ref })) throw new NotFoundError(`${label} ${ref} was not found`);
  return ref;
}

/** A PUT or PATCH body at the path's ref: its externalRef may be left out, and must be the path's when sent. */
function atRef<I extends { externalRef?: string }>(ref: string, body: I): I & { externalRef: string } {
  if (body.externalRef !== undefined && body.externalRef !== ref) throw ValidationError.field('externalRef', 'externalRef must match the reference in the path');
  return { ...body, externalRef: ref };
}

/** The written object, presented, once the write is visible when asked to be. */
async function answer<R>(ctx: RouteContext<SyncState>, visibility: ListingVisibility, result: WriteResult<R>, present: (row: R) => unknown): Promise<void> {
  await awaitVisibility(ctx, visibility, result.listingIds);
  ctx.status = result.status === 'created' ? 201 : 200;
  ctx.body = present(result.record);
}

/** the write's query string, then its body */
function writeInput<I>(input: RouteInput<yup.AnyObjectSchema, yup.AnySchema>): Partial<I> {
  input.query();
  return input.body() as Partial<I>;
}

function resourceRoutes<I extends { externalRef: string }, R>(r: Resource<I, R>, listQuerySchema: yup.AnyObjectSchema, list: (deps: SyncDeps, account: ApiAccount, query: never) => Page<R>): SyncRoute[] {
  const { tag, name, base, schema, label, present, schemas } = r;
  const tags = [tag];
  const lower = name.toLowerCase();
  const onMarketplacePath = name === 'Listing' ? { 405: marketplacePath } : {};
  const written = { query: writeQuery, headers: [idempotencyKeyHeader], withoutBody: 'none' as const };
  const routes: SyncRoute[] = [
    route<SyncDeps, SyncState>({
      method: 'get',
      path: base,
      tags,
      operationId: `list${name}s`,
      summary: `The account's ${lower}s, paginated`,
      query: listQuerySchema,
      responses: { 200: json(pagedEnvelope(ref(schema))), 422: validationResponse },
      async handler(ctx, input, deps) {
        const query = input.query();
        const { items, total } = await list(deps, ctx.state.account, query as never);
        ctx.body = paginated(items.map(present), query, total, ctx.state.url);
      },
    }),
  ];
  if (r.withPost)
    routes.push(
      route<SyncDeps, SyncState>({
        method: 'post',
        path: base,
        tags,
        operationId: `create${name}`,
        summary: `Create a ${lower}; 409 when the externalRef exists`,
        use: writeOnce,
        ...written,
        body: schemas.create,
        bodyComponent: `${schema}Input`,
        responses: { 201: stored(json(ref(schema), 'Created')), 403: noInventory, 409: errorResponse('The externalRef exists, or a request with this Idempotency-Key is still being handled'), 422: validationResponse },
        async handler(ctx, input, deps) {
          await answer(ctx, deps.visibility, await r.resource(deps).create(ctx.state.account, writeInput<I>(input) as I), present);
        },
      }),
    );
  const at = `${base}/:ref`;
  routes.push(
    route<SyncDeps, SyncState>({
      method: 'get',
      path: at,
      tags,
      operationId: `get${name}`,
      summary: `One ${lower}`,
      pathParams: r.refPath,
      responses: { 200: json(ref(schema)), 404: notFound },
      async handler(ctx, _input, deps) {
        ctx.body = present(await r.resource(deps).get(ctx.state.account, refIn(ctx, label)));
      },
    }),
    route<SyncDeps, SyncState>({
      method: 'put',
      path: at,
      tags,
      operationId: `put${name}`,
      summary: `Create (201) or replace (200) a ${lower}; an identical body changes nothing`,
      pathParams: r.refPath,
      use: writeOnce,
      ...written,
      body: schemas.put,
      bodyComponent: `${schema}PutInput`,
      responses: { 200: stored(json(ref(schema), 'Replaced or unchanged')), 201: stored(json(ref(schema), 'Created')), 403: noInventory, ...keyed, ...onMarketplacePath },
      async handler(ctx, input, deps) {
        const ref = refIn(ctx, label);
        const body = atRef(ref, writeInput<I>(input));
        validate(schemas.ref, { externalRef: ref });
        await answer(ctx, deps.visibility, await r.resource(deps).put(ctx.state.account, body as I), present);
      },
    }),
    route<SyncDeps, SyncState>({
      method: 'patch',
      path: at,
      tags,
      operationId: `patch${name}`,
      summary: 'Change only the fields sent',
      pathParams: r.refPath,
      use: writeOnce,
      ...written,
      body: schemas.patch,
      bodyComponent: `${schema}PatchInput`,
      responses: { 200: stored(json(ref(schema))), 404: notFound, ...keyed, ...onMarketplacePath },
      async handler(ctx, input, deps) {
        const ref = refIn(ctx, label);
        const { externalRef: _ref, ...changes } = atRef(ref, writeInput<I>(input));
        await answer(ctx, deps.visibility, await r.resource(deps).patch(ctx.state.account, ref, changes as Partial<I>), present);
      },
    }),
    route<SyncDeps, SyncState>({
      method: 'delete',
      path: at,
      tags,
      operationId: `delete${name}`,
      summary: name === 'Listing' ? 'Withdraw the listing from the marketplace (its page then 404s)' : `Delete the ${lower} (its listings leave search)`,
      pathParams: r.refPath,
      use: writeOnce,
      query: writeQuery,
      headers: [idempotencyKeyHeader],
      responses: { 200: stored(json(ref(schema))), 404: notFound, ...keyed, ...onMarketplacePath },
      async handler(ctx, input, deps) {
        const ref = refIn(ctx, label);
        input.query();
        await answer(ctx, deps.visibility, await r.resource(deps).remove(ctx.state.account, ref), present);
      },
    }),
  );
  return routes;
}

const w = syncWriteSchemas;
const syncListings = 'Listings (sync)';

export const syncRoutes = defineRoutes<SyncDeps, SyncState>(
  [
    route<SyncDeps, SyncState>({
      method: 'post',
      path: '/api/rest/account/api-key',
      tags: ['Accounts'],
      operationId: 'rotateApiKey',
      summary: 'A new api_key, shown once; the current key is deprecated at once',
      responses: { 201: json(object({ apiKey: str }), 'Created') },
      async handler(ctx, _input, { accounts }) {
        ctx.status = 201;
        ctx.body = { apiKey: await accounts.rotateKey(ctx.state.account.id) };
      },
    }),
    route<SyncDeps, SyncState>({
      method: 'get',
      path: '/api/rest/schemes',
      tags: [syncListings],
      operationId: 'listSyncSchemes',
      summary: 'The schemes integrators may name',
      responses: { 200: json(dataEnvelope(ref('Scheme'))) },
      async handler(ctx, _input, { schemes }) {
        ctx.body = collection((await schemes.all()).map(presentScheme));
      },
    }),
    // the pull's fixed path before the listing routes, whose `{ref}` it would also be
    route<SyncDeps, SyncState>({
      method: 'get',
      path: '/api/rest/listings/marketplace',
      tags: [syncListings],
      operationId: 'pullMarketplaceListings',
      summary: 'Published marketplace listings for republication (premium)',
      exactCase: true,
      use: () => [premiumOnly],
      query: yup.object(pageFields()),
      responses: { 200: json(pagedEnvelope(ref('MarketplaceListing'))), 403: premium, 422: validationResponse, 503: engineUnavailable },
      async handler(ctx, input, { marketplace }) {
        const page = input.query();
        const { items, total } = await marketplace.published(page);
        ctx.body = paginated(items.map(presentMarketplaceListing), page, total, ctx.state.url);
      },
    }),
    ...resourceRoutes(
      { tag: 'Inventory', name: 'Development', base: '/api/rest/inventory/developments', schema: 'Development', label: 'Development', resource: (d) => d.developments, present: presentDevelopment, schemas: w.development, withPost: true, refPath },
      listQuery,
      (d, account, q: yup.InferType<typeof listQuery>) => d.developments.list(account, q, instantOf(q.updated_since)),
    ),
    ...resourceRoutes(
      { tag: 'Inventory', name: 'Property', base: '/api/rest/inventory/properties', schema: 'Property', label: 'Property', resource: (d) => d.properties, present: presentProperty, schemas: w.property, withPost: true, refPath },
      propertyListQuery,
      (d, account, q: yup.InferType<typeof propertyListQuery>) => d.properties.list(account, q, { updatedSince: instantOf(q.updated_since), development: q.development }),
    ),
    ...resourceRoutes(
      { tag: syncListings, name: 'Listing', base: '/api/rest/listings', schema: 'SyncListing', label: 'Listing', resource: (d) => d.listings, present: presentSyncListing, schemas: w.listing, withPost: false, refPath: listingRefPath },
      listQuery,
      (d, account, q: yup.InferType<typeof listQuery>) => d.listings.list(account, q, instantOf(q.updated_since)),
    ),
  ],
  { ...API_KEY_ROUTES, use: ({ accounts }) => [apiKeyAuth(accounts)] },
);
