// Sessions: a sign-in starts a refresh-token family and an access token naming it; refresh rotates the
// refresh token; logout blacklists the access token and ends the family.
import type { PrismaClient } from '../db/prisma.ts';
import type { Prisma } from '../generated/prisma/client.ts';
import { UnauthorizedError } from '../core/errors.ts';
import type { AccessTokenService, CustomerSession } from './access-tokens.ts';
import type { RefreshTokenService } from './refresh-tokens.ts';

export interface SessionTokens {
  accessToken: string;
  expiresAt: Date;
  refreshToken: string;
}

export class SessionService {
  constructor(
    private readonly prisma: PrismaClient,
    private readonly accessTokens: AccessTokenService,
    private readonly refreshTokens: RefreshTokenService,
  ) {}

  /** A new sign-in; in `db` when it must commit with a check made there. */
  async start(customerId: number, db?: Prisma.TransactionClient): Promise<SessionTokens> {
    const refresh = await this.refreshTokens.issue(customerId, undefined, db);
    const access = this.accessTokens.issue(customerId, refresh.familyId);
    return { accessToken: access.token, expiresAt: access.expiresAt, refreshToken: refresh.token };
  }

  /** A new access token and refresh token for a refresh token; 401 when it is not valid (or reused). */
  async refresh(refreshToken: string): Promise<SessionTokens> {
    const next = await this.refreshTokens.rotate(refreshToken);
    const customer = await this.prisma.customer.findUnique({ where: { id: next.customerId }, select: { disabledAt: true } });
    if (!customer || customer.disabledAt) {
      await this.refreshTokens.revokeFamily(next.familyId);
      throw new UnauthorizedError('This account is disabled');
    }
    const access = this.accessTokens.issue(next.customerId, next.familyId);
    return { accessToken: access.token, expiresAt: access.expiresAt, refreshToken: next.token };
  }

  /** Logout: this access token is refused from now on, and so is the rest of its session. */
  async end(session: CustomerSession): Promise<void> {
    await this.accessTokens.revoke(session);
    if (session.sessionId) await this.refreshTokens.revokeFamily(session.sessionId);
  }
}
