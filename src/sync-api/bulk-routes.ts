// Bulk flavour of the synchronisation interfaces (premium only): up to 1000 items a request, each item
// its own transaction, answered in request order with created / updated / unchanged / deleted / failed.
import { inOrder } from '../core/in-order.ts';
import Router from '@koa/router';
import * as yup from 'yup';
import { AppError, ValidationError } from '../core/errors.ts';
import { validateBody, validateQuery } from '../core/validation.ts';
import { collection, paginated, parsePage } from '../core/envelope.ts';
import type { ApiAccount } from '../generated/prisma/client.ts';
import { apiKeyAuth, premiumOnly, type SyncState } from '../api-accounts/api-key-auth.ts';
import { bodyOf, type SyncDeps, type WritableResource } from './sync-routes.ts';
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
    if (err instanceof ValidationError) return { externalRef, status: 'failed', errors: err.errors };
    // a store out of reach (503) fails the whole request, with Retry-After, rather than item by item
    if (err instanceof AppError && err.status !== 503) return { externalRef, status: 'failed', errors: { _: [err.message] } };
    throw err;
  }
}

/** items of a bulk request written at once */
const BULK_CONCURRENCY = 4;

function refOf(item: Record<string, unknown>): string | null {
  return typeof item.externalRef === 'string' && item.externalRef !== '' ? item.externalRef : null;
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
    if (err instanceof ValidationError) return { failed: { externalRef: refOf(item), status: 'failed', errors: err.errors } };
    throw err;
  }
}

export function bulkRoutes(deps: SyncDeps): Router<SyncState> {
  const router = new Router<SyncState>({ prefix: '/api/bulk' });
  const guard = [apiKeyAuth(deps.accounts), premiumOnly] as const;

  const upsert = <I extends { externalRef: string }>(path: string, resource: WritableResource<I>, schemas: WriteSchemas) =>
    router.post(path, ...guard, async (ctx) => {
      validateQuery(writeQuery, ctx.query);
      const data = itemsOf(bodyOf(ctx));
      const account: ApiAccount = ctx.state.account;
      const changed: number[] = [];
      const results = await inOrder(data, (item) => {
        const parsed = itemInput<I>(schemas.create, item);
        if ('failed' in parsed) return Promise.resolve(parsed.failed);
        return settle(parsed.input.externalRef, () => resource.put(account, parsed.input), changed);
      }, BULK_CONCURRENCY);
      await awaitVisibility(ctx, deps.visibility, changed);
      ctx.body = collection(results);
    });

  const remove = <I extends { externalRef: string }>(path: string, resource: WritableResource<I>) =>
    router.post(path, ...guard, async (ctx) => {
      validateQuery(writeQuery, ctx.query);
      const { refs } = validateBody(bulkDeleteBody, bodyOf(ctx));
      const changed: number[] = [];
      const results = await inOrder(refs, (ref) => settle(ref, () => resource.remove(ctx.state.account, ref), changed), BULK_CONCURRENCY);
      await awaitVisibility(ctx, deps.visibility, changed);
      ctx.body = collection(results);
    });

  upsert('/inventory/developments', deps.developments, syncWriteSchemas.development);
  upsert('/inventory/properties', deps.properties, syncWriteSchemas.property);
  upsert('/listings', deps.listings, syncWriteSchemas.listing);
  remove('/inventory/developments/delete', deps.developments);
  remove('/inventory/properties/delete', deps.properties);
  remove('/listings/delete', deps.listings);

  router.get('/listings', ...guard, async (ctx) => {
    const page = parsePage(ctx.query, { defaultSize: BULK_LIMIT, maxSize: BULK_LIMIT });
    const { items, total } = await deps.marketplace.published(page);
    ctx.body = paginated(items.map(presentMarketplaceListing), page, total, ctx.state.url);
  });
  return router;
}
