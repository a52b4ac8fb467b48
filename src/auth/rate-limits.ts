// Abuse limits of the sign-in endpoints, counted in PostgreSQL (rate-limiter-flexible's Prisma store) so
// that every instance of the service shares them: requests per client IP, e-mails sent per address, and
// failed password logins per address and client IP. Over a limit: 429 with Retry-After.
// Failures count per (address, client IP), not per address: wrong passwords sent from one client lock
// that client out of that account, never the owner signing in from elsewhere (guessing from many
// clients is slowed by the per-IP request limit, argon2id and the refusal of common passwords).
import { RateLimiterPrisma, RateLimiterRes } from 'rate-limiter-flexible';
import type { PrismaClient } from '../db/prisma.ts';
import { TooManyRequestsError } from '../core/errors.ts';

export interface RateLimitSettings {
  windowSeconds: number;
  perIp: number;
  perEmail: number;
  loginFailures: number;
}

// an address holds no space (emailField refuses them), so the pair cannot be forged from another pair
const failureKey = (email: string, ip: string) => `${email} ${ip}`;

const retryAfter = (res: RateLimiterRes) => Math.max(1, Math.ceil(res.msBeforeNext / 1000));

export class SignInRateLimits {
  private readonly ip: RateLimiterPrisma;
  private readonly lookups: RateLimiterPrisma;
  private readonly mails: RateLimiterPrisma;
  private readonly failures: RateLimiterPrisma;

  constructor(
    prisma: PrismaClient,
    private readonly settings: RateLimitSettings,
  ) {
    const limiter = (keyPrefix: string, points: number) =>
      new RateLimiterPrisma({ storeClient: prisma, tableName: 'rateLimitCounter', keyPrefix, points, duration: settings.windowSeconds });
    this.ip = limiter('ip', settings.perIp);
    this.lookups = limiter('lookup-ip', settings.perIp);
    this.mails = limiter('mail', settings.perEmail);
    this.failures = limiter('login-failure', settings.loginFailures);
  }

  /** One sign-in, magic-link or password request from this client. */
  request(ip: string): Promise<void> {
    return this.take(this.ip, ip, 'Too many requests from this address; please try again later');
  }

  /** One e-mail-existence check from this client (its own bucket, so checks do not eat sign-ins). */
  lookup(ip: string): Promise<void> {
    return this.take(this.lookups, ip, 'Too many requests from this address; please try again later');
  }

  /** One e-mail to this address (counted whether or not a customer has it, so 429 tells nothing). */
  mailTo(email: string): Promise<void> {
    return this.take(this.mails, email, 'Too many e-mails were requested for this address; please try again later');
  }

  /** 429 while this client has had too many failed password logins for the address. */
  async assertLoginAllowed(email: string, ip: string): Promise<void> {
    const res = await this.failures.get(failureKey(email, ip));
    if (res && res.consumedPoints >= this.settings.loginFailures) {
      throw new TooManyRequestsError(retryAfter(res), 'Too many failed sign-in attempts for this address from here; please try again later');
    }
  }

  async loginFailed(email: string, ip: string): Promise<void> {
    await this.failures.penalty(failureKey(email, ip), 1);
  }

  async loginSucceeded(email: string, ip: string): Promise<void> {
    await this.failures.delete(failureKey(email, ip));
  }

  private async take(limiter: RateLimiterPrisma, key: string, message: string): Promise<void> {
    try {
      await limiter.consume(key);
    } catch (res) {
      if (res instanceof RateLimiterRes) throw new TooManyRequestsError(retryAfter(res), message);
      throw res;
    }
  }
}
