// Bulk flavour of the synchronisation interfaces (premium only): up to 1000 items a request, each item
// its own transaction, answered in request order with created / updated / unchanged / deleted / failed.
import { inOrder } from '../core/in-order.ts';
import * as yup from 'yup';
import { AppError, ValidationError } from '../core/errors.ts';
import { validateBody } from '../core/validation.ts';
import { collection, pageFields, paginated } from '../core/envelope.ts';
import { defineRoutes, route, type Route } from '../core/route-table.ts';
import { dataEnvelope, engineUnavailable, json, pagedEnvelope, ref, validationResponse, type JsonSchema } from '../core/openapi/schema-helpers.ts';
import { jsonSchemaOf } from '../core/openapi/from-yup.ts';
import { clip, clipErrors } from '../core/error-payload.ts';
import { API_KEY_ROUTES } from '../api-accounts/api-key-operations.ts';
import { apiKeyAuth, premiumOnly, type SyncState } from '../api-accounts/api-key-auth.ts';
import { bodyOf, premium, stored, type SyncDeps, type WritableResource } from './sync-routes.ts';
import type { WriteResult } from '../sync/write-result.ts';
import { writeQuery } from './sync-query.ts';
import { BULK_LIMIT, bulkDeleteBody, bulkUpsertBody, syncWriteSchemas, type WriteSchemas } from './write-schemas.ts';
import { awaitVisibility } from './visibility-header.ts';
import type { BulkItemResultPayload } from './bulk-payload.ts';
import { presentMarketplaceListing } from './marketplace-presenter.ts';

async function settle(externalRef: string | null, work: () => Promise<WriteResult<unknown>>, changed: number[]): Promise<BulkItemResultPayload> {
  try {
    const result = await work();
    changed.push(...result.listingIds);
    return { externalRef, status: result.status, errors: null };
  } catch (err) {
    if (err instanceof ValidationError) return { externalRef, status: 'failed', errors: clipErrors(err.errors) };
    // a store out of reach (503) fails the whole request, with Retry-After, rather than item by item
    if (err instanceof AppError && err.status !== 503) return { externalRef, status: 'failed', errors: { _: [clip(err.message)] } };
    throw err;
  }
}

/** items of a bulk request written at once */
const BULK_CONCURRENCY = 4;

function refOf(item: Record<string, unknown>): string | null {
  return typeof item.externalRef === 'string' && item.externalRef !== '' ? clip(item.externalRef) : null;
}

const isJsonObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The items of `{data: [objects]}`. The envelope's rules are checked here, on the items' shapes alone:
 * what an item holds (a NUL character in a field it keeps, say) is that item's own failure.
 */
function itemsOf(body: unknown): Record<string, unknown>[] {
  const data = isJsonObject(body) ? body.data : undefined;
  const hollow = Array.isArray(data) ? { ...(body as object), data: data.map((item: unknown) => (isJsonObject(item) ? {} : item)) } : body;
  validateBody(bulkUpsertBody, hollow);
  return data as Record<string, unknown>[];
}

/** An item valid for the resource's schema, or its `failed` result. */
function itemInput<I>(schema: yup.AnyObjectSchema, item: Record<string, unknown>): { input: I } | { failed: BulkItemResultPayload } {
  try {
    return { input: validateBody(schema, item) as I };
  } catch (err) {
    if (err instanceof ValidationError) return { failed: { externalRef: refOf(item), status: 'failed', errors: clipErrors(err.errors) } };
    throw err;
  }
}

type BulkRoute = Route<SyncDeps, SyncState>;
const tags = ['Bulk'];

/** `{data: [items]}`, items of the resource's input; one that is not is answered `failed`, the others are written. */
function bulkUpsertSchema(schema: string): JsonSchema {
  const envelope = jsonSchemaOf(bulkUpsertBody) as { properties: { data: JsonSchema } };
  const items = { anyOf: [ref(`${schema}Input`), { $ref: '#/components/schemas/JsonValue', type: 'object' }], description: `a ${schema}Input; an item that is not one is answered \`failed\` with its errors` };
  return { ...envelope, properties: { data: { ...envelope.properties.data, items } } };
}

const results = { 200: stored(json(dataEnvelope(ref('BulkItemResult')))), 403: premium, 422: validationResponse };
/** the request's body as it came (each item is validated apart: itemsOf, itemInput) */
const requestBody = (schema: JsonSchema) => ({ requestBody: { required: true, content: { 'application/json': { schema } } } });

function upsert<I extends { externalRef: string }>(name: string, schema: string, path: string, resource: (deps: SyncDeps) => WritableResource<I>, schemas: WriteSchemas): BulkRoute {
  return route<SyncDeps, SyncState>({
    method: 'post',
    path,
    tags,
    operationId: `bulkUpsert${name}`,
    summary: `Upsert up to ${BULK_LIMIT} ${name.toLowerCase()}; per-item results in request order`,
    query: writeQuery,
    doc: requestBody(bulkUpsertSchema(schema)),
    responses: results,
    async handler(ctx, input, deps) {
      input.query();
      const data = itemsOf(bodyOf(ctx));
      const account = ctx.state.account;
      const changed: number[] = [];
      const answers = await inOrder(
        data,
        (item) => {
          const parsed = itemInput<I>(schemas.create, item);
          if ('failed' in parsed) return Promise.resolve(parsed.failed);
          return settle(parsed.input.externalRef, () => resource(deps).put(account, parsed.input), changed);
        },
        BULK_CONCURRENCY,
      );
      await awaitVisibility(ctx, deps.visibility, changed);
      ctx.body = collection(answers);
    },
  });
}

function remove<I extends { externalRef: string }>(name: string, path: string, resource: (deps: SyncDeps) => WritableResource<I>): BulkRoute {
  return route<SyncDeps, SyncState>({
    method: 'post',
    path,
    tags,
    operationId: `bulkDelete${name}`,
    summary: `Delete up to ${BULK_LIMIT} ${name.toLowerCase()} by externalRef; an unknown one is answered \`failed\``,
    query: writeQuery,
    doc: requestBody(jsonSchemaOf(bulkDeleteBody)),
    responses: results,
    async handler(ctx, input, deps) {
      input.query();
      const { refs } = validateBody(bulkDeleteBody, bodyOf(ctx));
      const changed: number[] = [];
      const answers = await inOrder(refs, (ref) => settle(ref, () => resource(deps).remove(ctx.state.account, ref), changed), BULK_CONCURRENCY);
      await awaitVisibility(ctx, deps.visibility, changed);
      ctx.body = collection(answers);
    },
  });
}

const w = syncWriteSchemas;
export const bulkRoutes = defineRoutes<SyncDeps, SyncState>(
  [
    upsert('Developments', 'Development', '/api/bulk/inventory/developments', (d) => d.developments, w.development),
    upsert('Properties', 'Property', '/api/bulk/inventory/properties', (d) => d.properties, w.property),
    upsert('Listings', 'SyncListing', '/api/bulk/listings', (d) => d.listings, w.listing),
    remove('Developments', '/api/bulk/inventory/developments/delete', (d) => d.developments),
    remove('Properties', '/api/bulk/inventory/properties/delete', (d) => d.properties),
    remove('Listings', '/api/bulk/listings/delete', (d) => d.listings),
    route<SyncDeps, SyncState>({
      method: 'get',
      path: '/api/bulk/listings',
      tags,
      operationId: 'bulkPullListings',
      summary: `All published marketplace listings, pages of up to ${BULK_LIMIT}`,
      query: yup.object(pageFields({ defaultSize: BULK_LIMIT, maxSize: BULK_LIMIT })),
      responses: { 200: json(pagedEnvelope(ref('MarketplaceListing'))), 403: premium, 422: validationResponse, 503: engineUnavailable },
      async handler(ctx, input, { marketplace }) {
        const page = input.query();
        const { items, total } = await marketplace.published(page);
        ctx.body = paginated(items.map(presentMarketplaceListing), page, total, ctx.state.url);
      },
    }),
  ],
  { ...API_KEY_ROUTES, use: ({ accounts }) => [apiKeyAuth(accounts), premiumOnly] },
);
