// The ledger of synchronisation writes sent with an `Idempotency-Key`: the first request with a key
// claims it, and its answer is kept for a day, so that a client whose answer was lost can send the same
// request again and receive the first answer instead of a second write.
import type { PrismaClient } from '../db/prisma.ts';
import { Prisma } from '../generated/prisma/client.ts';

/** How long a kept answer is replayed: a key older than this may be used again. */
export const KEPT_FOR_MS = 24 * 60 * 60 * 1000;
/** A claim whose request never finished (its instance died) is taken over after this long. */
export const ABANDONED_AFTER_MS = 60 * 1000;

export type Claim =
  | { kind: 'claimed' }
  | { kind: 'replay'; status: number; body: unknown }
  | { kind: 'in-progress' }
  | { kind: 'other-request' };

export class IdempotentRequests {
  constructor(private readonly prisma: PrismaClient) {}

  /** Claims the key for this request, or says what the earlier request with it became. */
  async claim(accountId: number, key: string, fingerprint: string, now = new Date()): Promise<Claim> {
    const expired = new Date(now.getTime() - KEPT_FOR_MS);
    const abandoned = new Date(now.getTime() - ABANDONED_AFTER_MS);
    // one statement: a new key is claimed, an expired or abandoned one is taken over, anything else is read
    const [taken] = await this.prisma.$queryRaw<{ accountId: number }[]>`
      INSERT INTO "IdempotentRequest" ("accountId", key, fingerprint, status, body, "createdAt")
      VALUES (${accountId}, ${key}, ${fingerprint}, NULL, NULL, ${now})
      ON CONFLICT ("accountId", key) DO UPDATE SET fingerprint = EXCLUDED.fingerprint, status = NULL, body = NULL, "createdAt" = EXCLUDED."createdAt"
        WHERE "IdempotentRequest"."createdAt" < ${expired}
           OR ("IdempotentRequest".status IS NULL AND "IdempotentRequest"."createdAt" < ${abandoned})
      RETURNING "accountId"`;
    if (taken) return { kind: 'claimed' };
    const row = await this.prisma.idempotentRequest.findUnique({ where: { accountId_key: { accountId, key } } });
    if (!row) return this.claim(accountId, key, fingerprint, now);
    if (row.fingerprint !== fingerprint) return { kind: 'other-request' };
    if (row.status === null) return { kind: 'in-progress' };
    return { kind: 'replay', status: row.status, body: row.body };
  }

  /** Keeps the answer of the request that claimed the key. */
  async complete(accountId: number, key: string, status: number, body: unknown): Promise<void> {
    await this.prisma.idempotentRequest.updateMany({
      where: { accountId, key, status: null },
      data: { status, body: body === undefined || body === null ? Prisma.DbNull : (body as Prisma.InputJsonValue) },
    });
  }

  /** Lets the key go when its request failed without an answer worth keeping (a retry may then write). */
  async release(accountId: number, key: string): Promise<void> {
    await this.prisma.idempotentRequest.deleteMany({ where: { accountId, key, status: null } });
  }

}

/** Removes the answers past their day (the state job, inside its run). */
export async function removeExpiredRequests(db: Pick<PrismaClient, 'idempotentRequest'>, now: Date): Promise<number> {
  return (await db.idempotentRequest.deleteMany({ where: { createdAt: { lt: new Date(now.getTime() - KEPT_FOR_MS) } } })).count;
}
