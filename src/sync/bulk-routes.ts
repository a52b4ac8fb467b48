// Bulk flavour of the synchronisation interfaces (premium only): up to 1000 items a request, each item
// its own transaction, answered in request order with created / updated / unchanged / deleted / failed.
import Router from '@koa/router';
import * as yup from 'yup';
import { AppError, ValidationError, type FieldErrors } from '../core/errors.ts';
import { validate, bodyOrEmpty } from '../core/validation.ts';
import { collection, paginated, parsePage } from '../core/envelope.ts';
import type { ApiAccount } from '../generated/prisma/client.ts';
import { apiKeyAuth, premiumOnly, type SyncState } from './api-key-auth.ts';
import type { SyncDeps, WritableResource } from './sync-routes.ts';
import type { WriteResult } from './write-result.ts';
import { awaitVisibility } from './visibility-header.ts';

export const BULK_LIMIT = 1000;

export interface BulkItemResult {
  externalRef: string | null;
  status: 'created' | 'updated' | 'unchanged' | 'deleted' | 'failed';
  errors: FieldErrors | null;
}

const upsertBody = yup.object({
  data: yup.array().required('data (an array of items) is required').max(BULK_LIMIT, `at most ${BULK_LIMIT} items per request`),
});
const deleteBody = yup.object({
  refs: yup.array(yup.string().required()).required('refs (an array of externalRefs) is required').max(BULK_LIMIT, `at most ${BULK_LIMIT} refs per request`),
});

async function settle(externalRef: string | null, work: () => Promise<WriteResult<unknown>>, changed: number[]): Promise<BulkItemResult> {
  try {
    const result = await work();
    changed.push(...result.listingIds);
    return { externalRef, status: result.status, errors: null };
  } catch (err) {
    if (err instanceof ValidationError) return { externalRef, status: 'failed', errors: err.errors };
    if (err instanceof AppError) return { externalRef, status: 'failed', errors: { _: [err.message] } };
    throw err;
  }
}

/** Items run a few at a time; results keep the request's order. */
async function inOrder<T, R>(items: T[], run: (item: T) => Promise<R>, concurrency = 4): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        results[i] = await run(items[i]!);
      }
    }),
  );
  return results;
}

function refOf(item: unknown): string | null {
  const ref = item && typeof item === 'object' ? (item as { externalRef?: unknown }).externalRef : undefined;
  return typeof ref === 'string' && ref !== '' ? ref : null;
}

export function bulkRoutes(deps: SyncDeps): Router<SyncState> {
  const router = new Router<SyncState>({ prefix: '/api/bulk' });
  const guard = [apiKeyAuth(deps.accounts), premiumOnly] as const;

  const upsert = (path: string, resource: WritableResource<unknown>) =>
    router.post(path, ...guard, async (ctx) => {
      const { data } = validate(upsertBody, bodyOrEmpty(ctx.request.body));
      const account: ApiAccount = ctx.state.account;
      const changed: number[] = [];
      const results = await inOrder(data, (item) => {
        const ref = refOf(item);
        if (!ref) return Promise.resolve<BulkItemResult>({ externalRef: null, status: 'failed', errors: { externalRef: ['externalRef is required'] } });
        return settle(ref, () => resource.put(account, ref, item), changed);
      });
      await awaitVisibility(ctx, deps.visibility, changed);
      ctx.body = collection(results);
    });

  const remove = (path: string, resource: WritableResource<unknown>) =>
    router.post(path, ...guard, async (ctx) => {
      const { refs } = validate(deleteBody, bodyOrEmpty(ctx.request.body));
      const changed: number[] = [];
      const results = await inOrder(refs, (ref) => settle(ref, () => resource.remove(ctx.state.account, ref), changed));
      await awaitVisibility(ctx, deps.visibility, changed);
      ctx.body = collection(results);
    });

  upsert('/inventory/developments', deps.developments);
  upsert('/inventory/properties', deps.properties);
  upsert('/listings', deps.listings);
  remove('/inventory/developments/delete', deps.developments);
  remove('/inventory/properties/delete', deps.properties);
  remove('/listings/delete', deps.listings);

  router.get('/listings', ...guard, async (ctx) => {
    const page = parsePage(ctx.query, { defaultSize: BULK_LIMIT, maxSize: BULK_LIMIT });
    const { items, total } = await deps.marketplace.published(page);
    ctx.body = paginated(items, page, total, ctx.state.url);
  });
  return router;
}
