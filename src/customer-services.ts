// Builds the services of customer accounts (sign-up and sign-in, profile, favourites) from the process
// resources. Search and listing reads use `accessTokens` (for optionalCustomer) and `favourites`.
import type pg from 'pg';
import type { Config } from './config.ts';
import type { Logger } from './core/logger.ts';
import type { PrismaClient } from './db/prisma.ts';
import type { SearchClient } from './search/client.ts';
import type { IndexManager } from './search/index-manager.ts';
import { Mailer, smtpSettingsOf } from './mail/mailer.ts';
import { MailOutbox } from './mail/mail-outbox.ts';
import type { JobQueue } from './db/job-queue.ts';
import { AccessTokenService } from './auth/access-tokens.ts';
import { RefreshTokenService } from './auth/refresh-tokens.ts';
import { MagicLinkService } from './auth/magic-links.ts';
import { SignInRateLimits } from './auth/rate-limits.ts';
import { LinkSender } from './auth/link-sender.ts';
import { SessionService } from './auth/session-service.ts';
import { PasswordlessService } from './auth/passwordless-service.ts';
import { PasswordService } from './auth/password-service.ts';
import { LinkOriginPolicy } from './auth/link-origins.ts';
import { EmailOwnership } from './auth/email-ownership.ts';
import type { AuthDeps } from './auth/auth-routes.ts';
import { FavouriteService } from './favourites/favourite-service.ts';
import { CustomerService } from './customers/customer-service.ts';
import type { ListingStats } from './listing-stats/listing-stats-recorder.ts';

export interface CustomerServices {
  mailer: Mailer;
  customers: CustomerService;
  accessTokens: AccessTokenService;
  sessions: SessionService;
  passwords: PasswordService;
  favourites: FavouriteService;
  auth: AuthDeps;
}

export function customerServices(deps: {
  config: Config;
  logger: Logger;
  prisma: PrismaClient;
  /** the node-postgres pool under `prisma` */
  pool: Pick<pg.Pool, 'query'>;
  search: SearchClient;
  listingIndex: Pick<IndexManager, 'alias'>;
  listingStats?: Pick<ListingStats, 'countNow'>;
  /** the job queue the e-mail outbox enqueues the sign-in e-mails on */
  jobs: JobQueue;
}): CustomerServices {
  const { config, logger, prisma, pool, search, listingIndex, listingStats, jobs } = deps;
  const mailer = new Mailer(smtpSettingsOf(config), config.MAIL_FROM, logger);
  const customers = new CustomerService(prisma);
  const accessTokens = new AccessTokenService(prisma, pool, { secret: config.JWT_SECRET, ttlSeconds: config.ACCESS_TOKEN_TTL_SECONDS });
  const refreshTokens = new RefreshTokenService(prisma, config.REFRESH_TOKEN_TTL_DAYS);
  const magicLinks = new MagicLinkService(prisma, config.MAGIC_LINK_TTL_MINUTES);
  const limits = new SignInRateLimits(prisma, {
    windowSeconds: config.RATE_LIMIT_WINDOW_SECONDS,
    perIp: config.RATE_LIMIT_PER_IP,
    perEmail: config.RATE_LIMIT_PER_EMAIL,
    loginFailures: config.RATE_LIMIT_LOGIN_FAILURES,
  });
  const testEnv = config.APP_ENV === 'test';
  const sendsMail = !testEnv || config.TEST_ENV_SENDS_MAIL;
  // the sign-in e-mails go through the one e-mail outbox, enqueued in the request's transaction
  const links = new LinkSender(prisma, magicLinks, new MailOutbox(jobs), limits, sendsMail);
  const linkOrigins = new LinkOriginPolicy({
    portalOrigins: config.PORTAL_ORIGINS,
    deprecatedMagicLinkOrigins: config.MAGIC_LINK_ORIGINS,
    publicBaseUrl: config.PUBLIC_BASE_URL,
  });
  const ownership = new EmailOwnership(magicLinks, refreshTokens);
  const sessions = new SessionService(prisma, accessTokens, refreshTokens);
  const passwordless = new PasswordlessService(prisma, customers, links, magicLinks, sessions, limits, ownership);
  const passwords = new PasswordService(prisma, customers, links, magicLinks, sessions, refreshTokens, limits, ownership);
  const favourites = new FavouriteService(prisma, pool, search, listingIndex.alias, listingStats);
  return {
    mailer,
    customers,
    accessTokens,
    sessions,
    passwords,
    favourites,
    auth: { customers, passwordless, passwords, sessions, accessTokens, limits, exposeMagicLinks: testEnv, linkOrigins },
  };
}
