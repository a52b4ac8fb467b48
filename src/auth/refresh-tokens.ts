// Refresh tokens: opaque, stored hashed, one family per sign-in. A use exchanges the token for a new one
// of its family (atomically: one conditional UPDATE); presenting an already exchanged token again is
// taken as theft and revokes the whole family, which also ends its access tokens.
import { randomUUID } from 'node:crypto';
import type { PrismaClient } from '../db/prisma.ts';
import type { Prisma } from '../generated/prisma/client.ts';
import { UnauthorizedError } from '../core/errors.ts';
import { hashToken, newSecretToken } from './secret-tokens.ts';

type Db = PrismaClient | Prisma.TransactionClient;

export interface IssuedRefreshToken {
  token: string;
  familyId: string;
}

export class RefreshTokenService {
  constructor(
    private readonly prisma: PrismaClient,
    private readonly ttlDays: number,
  ) {}

  async issue(customerId: number, familyId: string = randomUUID(), db: Db = this.prisma): Promise<IssuedRefreshToken> {
    const token = newSecretToken();
    // Tokens a day past their expiry can no longer be used nor reused: tidy them away as new ones are made.
    await db.refreshToken.deleteMany({ where: { expiresAt: { lt: new Date(Date.now() - 86_400_000) } } });
    await db.refreshToken.create({
      data: { customerId, familyId, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + this.ttlDays * 86_400_000) },
    });
    return { token, familyId };
  }

  /** Exchanges a refresh token for a new one of the same family; 401 when unknown, expired, revoked or reused. */
  async rotate(token: string): Promise<{ customerId: number } & IssuedRefreshToken> {
    const tokenHash = hashToken(token);
    const [used] = await this.prisma.$queryRaw<{ customerId: number; familyId: string }[]>`
      UPDATE "RefreshToken" SET "usedAt" = now()
      WHERE "tokenHash" = ${tokenHash} AND "usedAt" IS NULL AND "revokedAt" IS NULL AND "expiresAt" > now()
      RETURNING "customerId", "familyId"::text AS "familyId"`;
    if (!used) {
      const known = await this.prisma.refreshToken.findUnique({ where: { tokenHash } });
      if (known?.usedAt && !known.revokedAt) {
        await this.revokeFamily(known.familyId);
        throw new UnauthorizedError('The refresh token was already used; the session has been ended, please sign in again');
      }
      throw new UnauthorizedError('The refresh token is invalid or has expired');
    }
    const next = await this.issue(used.customerId, used.familyId);
    return { customerId: used.customerId, ...next };
  }

  async revokeFamily(familyId: string): Promise<void> {
    await this.prisma.refreshToken.updateMany({ where: { familyId, revokedAt: null }, data: { revokedAt: new Date() } });
  }

  /** Ends every session of a customer, but the one named (the session making the change keeps going). */
  async revokeAllOf(customerId: number, exceptFamilyId: string | null = null, db: Db = this.prisma): Promise<void> {
    await db.refreshToken.updateMany({
      where: { customerId, revokedAt: null, ...(exceptFamilyId ? { NOT: { familyId: exceptFamilyId } } : {}) },
      data: { revokedAt: new Date() },
    });
  }
}
