// Sends a magic link: checks the client's url against the allowed origins (link-origins.ts), counts the e-mail against the address's limit, stores a
// new token and mails the link built from the url, the customer id and the token. In the test environment
// the e-mail is not sent (the response carries the link instead) unless `sendsMail` says otherwise.
import type { Prisma } from '../generated/prisma/client.ts';
import type { PrismaClient } from '../db/prisma.ts';
import { ValidationError } from '../core/errors.ts';
import type { Mailer } from '../mail/mailer.ts';
import { linkMail } from '../mail/auth-mails.ts';
import type { MagicLinkPurpose, MagicLinkService } from './magic-links.ts';
import { buildMagicLink, linkOriginAllowed } from './magic-link-url.ts';
import type { LinkOrigins } from './link-origins.ts';
import type { SignInRateLimits } from './rate-limits.ts';

type Db = PrismaClient | Prisma.TransactionClient;

export class LinkSender {
  constructor(
    private readonly magicLinks: MagicLinkService,
    private readonly mailer: Mailer,
    private readonly limits: SignInRateLimits,
    /** false: `deliver` sends nothing (APP_ENV=test) */
    private readonly sendsMail: boolean,
  ) {}

  /** 422 when the url may not receive links (it would hand the token to another site). */
  assertUrlAllowed(url: string, origins: LinkOrigins): void {
    if (!linkOriginAllowed(url, origins.allowed)) throw ValidationError.field('url', "This sign-in link would point to a site we don't know, so it was not sent. Open the sign-in page from this site's own address and try again.");
  }

  /** The url sent, checked, or the portal's link page when none was sent. */
  urlOrDefault(url: string | undefined, origins: LinkOrigins): string {
    if (url === undefined) {
      if (!origins.defaultUrl) throw ValidationError.field('url', 'url is required: no portal origin is configured');
      return origins.defaultUrl;
    }
    this.assertUrlAllowed(url, origins);
    return url;
  }

  /** Counts one e-mail for the address; 429 over the limit. */
  countMail(email: string): Promise<void> {
    return this.limits.mailTo(email);
  }

  /** Stores a token (in `db`, so it can share a transaction) and returns the link; send it with `deliver`. */
  async create(customerId: number, purpose: MagicLinkPurpose, url: string, db?: Db, email: string | null = null): Promise<string> {
    const token = await this.magicLinks.issue(customerId, purpose, db, email);
    return buildMagicLink(url, customerId, token);
  }

  async deliver(to: string, purpose: MagicLinkPurpose, link: string): Promise<void> {
    if (this.sendsMail) await this.mailer.send(linkMail(purpose, to, link, this.magicLinks.ttlMinutes));
  }
}
