// Magic-link tokens: random, stored only as hashes, each with a purpose and an expiry. Using one is a
// single conditional UPDATE, so of two simultaneous uses exactly one succeeds.
import type { PrismaClient } from '../db/prisma.ts';
import type { Prisma } from '../generated/prisma/client.ts';
import { NotFoundError } from '../core/errors.ts';
import { recordIdOf } from '../core/record-id.ts';
import { hashToken, looksLikeSecretToken, newSecretToken } from './secret-tokens.ts';

export type MagicLinkPurpose = 'sign-in' | 'change-email' | 'reset-password';

type Db = PrismaClient | Prisma.TransactionClient;

export const INVALID_LINK_MESSAGE = 'This link is invalid, has expired or was already used; please ask for a new one';

export class MagicLinkService {
  constructor(
    private readonly prisma: PrismaClient,
    readonly ttlMinutes: number,
  ) {}

  /** A new token for the customer; only its hash is kept. */
  async issue(customerId: number, purpose: MagicLinkPurpose, db: Db = this.prisma): Promise<string> {
    const token = newSecretToken();
    // Links a day past their expiry serve nothing any more: tidy them away as new ones are made.
    await db.magicLink.deleteMany({ where: { expiresAt: { lt: new Date(Date.now() - 86_400_000) } } });
    await db.magicLink.create({
      data: { customerId, purpose, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + this.ttlMinutes * 60_000) },
    });
    return token;
  }

  /**
   * Uses a link: 404 unless it exists for this customer and purpose, is unexpired and unused. Links for a
   * change of e-mail or password also retire the customer's other open links of that purpose.
   */
  async consume(customerIdParam: string, token: string, purpose: MagicLinkPurpose, db: Db = this.prisma): Promise<number> {
    const customerId = recordIdOf(customerIdParam);
    if (customerId === null || !looksLikeSecretToken(token)) {
      throw new NotFoundError(INVALID_LINK_MESSAGE);
    }
    const [used] = await db.$queryRaw<{ id: number }[]>`
      UPDATE "MagicLink" SET "usedAt" = now()
      WHERE "tokenHash" = ${hashToken(token)} AND "customerId" = ${customerId} AND "purpose" = ${purpose}
        AND "usedAt" IS NULL AND "expiresAt" > now()
      RETURNING id`;
    if (!used) throw new NotFoundError(INVALID_LINK_MESSAGE);
    if (purpose !== 'sign-in') {
      await db.magicLink.updateMany({ where: { customerId, purpose, usedAt: null }, data: { usedAt: new Date() } });
    }
    return customerId;
  }
}
