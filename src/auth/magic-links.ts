// Magic-link tokens: random, stored only as hashes, each with a purpose and an expiry. Using one is a
// single conditional UPDATE, so of two simultaneous uses exactly one succeeds.
import type { PrismaClient } from '../db/prisma.ts';
import type { Prisma } from '../generated/prisma/client.ts';
import { NotFoundError } from '../core/errors.ts';
import { recordIdOf } from '../core/record-id.ts';
import { hashToken, looksLikeSecretToken, newSecretToken } from './secret-tokens.ts';

/** confirm-email: sent to an address to prove it (password registration, a change of address); used like a sign-in link */
export type MagicLinkPurpose = 'sign-in' | 'change-email' | 'reset-password' | 'confirm-email';

/** A link just used: its customer, and for confirm-email the address it proves. */
export interface UsedLink {
  id: number;
  customerId: number;
  purpose: MagicLinkPurpose;
  email: string | null;
}

type Db = PrismaClient | Prisma.TransactionClient;

export const INVALID_LINK_MESSAGE = 'This link is invalid, has expired or was already used; please ask for a new one';

export class MagicLinkService {
  constructor(
    private readonly prisma: PrismaClient,
    readonly ttlMinutes: number,
  ) {}

  /** A new token for the customer (for confirm-email, of the address it proves); only its hash is kept. */
  async issue(customerId: number, purpose: MagicLinkPurpose, db: Db = this.prisma, email: string | null = null): Promise<string> {
    const token = newSecretToken();
    // Links a day past their expiry serve nothing any more: tidy them away as new ones are made.
    await db.magicLink.deleteMany({ where: { expiresAt: { lt: new Date(Date.now() - 86_400_000) } } });
    await db.magicLink.create({
      data: { customerId, purpose, email, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + this.ttlMinutes * 60_000) },
    });
    return token;
  }

  /**
   * Uses a link: 404 unless it exists for this customer and purpose, is unexpired and unused. Links for a
   * change of e-mail or password also retire the customer's other open links of that purpose.
   */
  async consume(customerIdParam: string, token: string, purpose: MagicLinkPurpose, db: Db = this.prisma): Promise<number> {
    return (await this.use(customerIdParam, token, [purpose], db)).customerId;
  }

  /** `consume` for a link of any of the purposes given; tells which it was. */
  async use(customerIdParam: string, token: string, purposes: MagicLinkPurpose[], db: Db = this.prisma): Promise<UsedLink> {
    const customerId = recordIdOf(customerIdParam);
    if (customerId === null || !looksLikeSecretToken(token)) {
      throw new NotFoundError(INVALID_LINK_MESSAGE);
    }
    const [used] = await db.$queryRaw<{ id: number; purpose: MagicLinkPurpose; email: string | null }[]>`
      UPDATE "MagicLink" SET "usedAt" = now()
      WHERE "tokenHash" = ${hashToken(token)} AND "customerId" = ${customerId} AND "purpose" = ANY(${purposes})
        AND "usedAt" IS NULL AND "expiresAt" > now()
      RETURNING id, purpose, email`;
    if (!used) throw new NotFoundError(INVALID_LINK_MESSAGE);
    if (used.purpose !== 'sign-in') {
      await db.magicLink.updateMany({ where: { customerId, purpose: used.purpose, usedAt: null }, data: { usedAt: new Date() } });
    }
    return { id: used.id, customerId, purpose: used.purpose, email: used.email };
  }

  /** Retires every open link of the customer (their address changed or was just proven: links issued before are void). */
  async retireAll(customerId: number, db: Db = this.prisma): Promise<void> {
    await db.magicLink.updateMany({ where: { customerId, usedAt: null }, data: { usedAt: new Date() } });
  }
}
