// `Idempotency-Key` on the synchronisation writes (after the API key's authentication): a request sent
// again with the key of one already answered receives that answer (with `Idempotent-Replayed: true`)
// and writes nothing; the same key with another request is 422; while the first is still being handled,
// 409. An error answer is not kept (the key is free again). Without the header a write behaves as before.
import { createHash } from 'node:crypto';
import type { Middleware } from 'koa';
import { ConflictError, ValidationError } from '../core/errors.ts';
import type { SyncState } from './api-key-auth.ts';
import type { IdempotentRequests } from './idempotent-requests.ts';

export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
/** Printable ASCII without spaces, as the IETF draft's examples (UUIDs, random tokens). */
const KEY = /^[\x21-\x7e]{1,255}$/;

/** The request a key stands for: method, path, query (the key itself aside) and body. */
export function fingerprintOf(method: string, path: string, query: Record<string, unknown>, body: unknown): string {
  const { api_key: _key, ...rest } = query;
  const sortedQuery = Object.keys(rest).sort().map((k) => [k, rest[k]]);
  return createHash('sha256').update(JSON.stringify([method.toUpperCase(), path, sortedQuery, body ?? null])).digest('hex');
}

const keepable = (body: unknown): boolean => body === null || body === undefined || (typeof body === 'object' && !Buffer.isBuffer(body) && typeof (body as { pipe?: unknown }).pipe !== 'function');

export function idempotencyKey(ledger: IdempotentRequests): Middleware<SyncState> {
  return async (ctx, next) => {
    const key = ctx.get(IDEMPOTENCY_HEADER);
    if (key === '') return next();
    if (!KEY.test(key)) throw ValidationError.field(IDEMPOTENCY_HEADER, 'Idempotency-Key must be 1 to 255 printable characters without spaces');
    const accountId = ctx.state.account.id;
    const claim = await ledger.claim(accountId, key, fingerprintOf(ctx.method, ctx.path, ctx.query, (ctx.request as { body?: unknown }).body));
    if (claim.kind === 'other-request') throw ValidationError.field(IDEMPOTENCY_HEADER, 'This Idempotency-Key was used for another request: use a new key for each new request');
    if (claim.kind === 'in-progress') throw new ConflictError('A request with this Idempotency-Key is still being handled: retry in a moment');
    if (claim.kind === 'replay') {
      ctx.status = claim.status;
      ctx.body = claim.body ?? '';
      ctx.set('Idempotent-Replayed', 'true');
      return;
    }
    try {
      await next();
    } catch (err) {
      await ledger.release(accountId, key);
      throw err;
    }
    if (ctx.status >= 400 || !keepable(ctx.body)) await ledger.release(accountId, key);
    else await ledger.complete(accountId, key, ctx.status, ctx.body);
  };
}
