// Access tokens: short-lived JWTs (HS256 only, issuer and audience checked) naming the customer (`sub`),
// a token id (`jti`) that logout blacklists until expiry, and the session (`sid`, the refresh-token family)
// whose revocation also ends them. Every check also refuses disabled and deleted customers.
import { createSecretKey, randomUUID, type KeyObject } from 'node:crypto';
import jwt from 'jsonwebtoken';
import { lifetimeWithin } from '../core/token-lifetime.ts';
import { LRUCache } from 'lru-cache';
import type pg from 'pg';
import type { PrismaClient } from '../db/prisma.ts';
import { UnauthorizedError } from '../core/errors.ts';
import { isRecordId } from '../core/record-id.ts';

const ALGORITHM = 'HS256';
const ISSUER = 'homeseeker-portal';
const AUDIENCE = 'portal-customer';

export interface AccessTokenSettings {
  secret: string;
  ttlSeconds: number;
}

export interface IssuedAccessToken {
  token: string;
  expiresAt: Date;
}

/** What a valid access token says, once checked against the database. */
export interface CustomerSession {
  customerId: number;
  tokenId: string;
  sessionId: string | null;
  expiresAt: Date;
}

const TOKEN_STATE = `
  SELECT c."disabledAt" IS NULL AS active,
         EXISTS (SELECT 1 FROM "RevokedAccessToken" r WHERE r.jti = $1::uuid) AS revoked,
         EXISTS (SELECT 1 FROM "RefreshToken" t WHERE t."familyId" = $2::uuid AND t."revokedAt" IS NOT NULL) AS "sessionEnded"
  FROM "Customer" c WHERE c.id = $3`;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export class AccessTokenService {
  // Given the secret as a string, jsonwebtoken first tries to read it as a public key on every call
  // (a thrown and caught error, about half a millisecond); a key object is taken as it is.
  private readonly key: KeyObject;
  // A signed-in customer sends the same token with every request until it expires: its verified claims
  // are kept, so that the signature (about 0.1 ms) is checked once. Expiry is still checked every time.
  private readonly verified = new LRUCache<string, CustomerSession>({ max: 5000 });

  constructor(
    private readonly prisma: PrismaClient,
    /** the pool under `prisma`: the check on every signed-in request is read straight (db/prisma.ts) */
    private readonly pool: Pick<pg.Pool, 'query'>,
    private readonly settings: AccessTokenSettings,
  ) {
    this.key = createSecretKey(Buffer.from(settings.secret, 'utf8'));
  }

  issue(customerId: number, sessionId: string | null): IssuedAccessToken {
    const token = jwt.sign(sessionId ? { sid: sessionId } : {}, this.key, {
      algorithm: ALGORITHM,
      expiresIn: this.settings.ttlSeconds,
      subject: String(customerId),
      jwtid: randomUUID(),
      issuer: ISSUER,
      audience: AUDIENCE,
    });
    const { exp } = jwt.decode(token) as { exp: number };
    return { token, expiresAt: new Date(exp * 1000) };
  }

  /** A decoded token's database check: 401 for a disabled or deleted customer, a logged-out token or an ended session. */
  async check(session: CustomerSession): Promise<CustomerSession> {
    const { rows } = await this.pool.query<{ active: boolean; revoked: boolean; sessionEnded: boolean }>({
      name: 'access-token-state',
      text: TOKEN_STATE,
      values: [session.tokenId, session.sessionId, session.customerId],
    });
    const [state] = rows;
    if (!state || !state.active) throw new UnauthorizedError('The access token is no longer valid');
    if (state.revoked || state.sessionEnded) throw new UnauthorizedError('The access token has been revoked');
    return session;
  }

  /** Logout: the token id is refused until the token would have expired anyway. */
  async revoke(session: CustomerSession): Promise<void> {
    await this.prisma.revokedAccessToken.upsert({
      where: { jti: session.tokenId },
      create: { jti: session.tokenId, expiresAt: session.expiresAt },
      update: {},
    });
    await this.prisma.revokedAccessToken.deleteMany({ where: { expiresAt: { lt: new Date() } } });
  }

  /** What a token says once its signature, algorithm, issuer, audience and expiry (required) are checked (401 otherwise); `check` asks the database. */
  decode(token: string): CustomerSession {
    const known = this.verified.get(token);
    if (known && Date.now() < known.expiresAt.getTime()) return known;
    const session = Object.freeze(this.verify(token));
    this.verified.set(token, session);
    return session;
  }

  private verify(token: string): CustomerSession {
    let claims: jwt.JwtPayload;
    try {
      claims = jwt.verify(token, this.key, { algorithms: [ALGORITHM], issuer: ISSUER, audience: AUDIENCE }) as jwt.JwtPayload;
    } catch (err) {
      throw new UnauthorizedError(err instanceof jwt.TokenExpiredError ? 'The access token has expired' : 'The access token is invalid');
    }
    // jsonwebtoken checks `exp` only when present: a token without one would never expire; nor may one
    // live longer than the tokens this service issues
    if (typeof claims.exp !== 'number' || !lifetimeWithin(claims, this.settings.ttlSeconds)) throw new UnauthorizedError('The access token is invalid');
    const customerId = Number(claims.sub);
    const sessionId = typeof claims.sid === 'string' ? claims.sid : null;
    if (
      !isRecordId(customerId) ||
      typeof claims.jti !== 'string' ||
      !UUID.test(claims.jti) ||
      (sessionId !== null && !UUID.test(sessionId))
    ) {
      throw new UnauthorizedError('The access token is invalid');
    }
    return { customerId, tokenId: claims.jti, sessionId, expiresAt: new Date(claims.exp * 1000) };
  }
}
