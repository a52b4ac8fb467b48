// Sends a magic link: checks the client's url against the allowed origins (link-origins.ts), counts the
// e-mail against the address's limit, stores a new token and enqueues the e-mail of the link built from the
// url, the customer id and the token on the e-mail outbox, in one transaction (sign-in-link-mail.ts): the
// request answers without waiting for the mail server, and a link whose token was rolled back is never
// sent. In the test environment the e-mail is not sent (the response carries the link instead) unless
// `sendsMail` says otherwise.
import type { Prisma } from '../generated/prisma/client.ts';
import type { PrismaClient } from '../db/prisma.ts';
import { ValidationError } from '../core/errors.ts';
import type { MailOutbox } from '../mail/mail-outbox.ts';
import type { MagicLinkPurpose, MagicLinkService } from './magic-links.ts';
import { buildMagicLink, linkOriginAllowed } from './magic-link-url.ts';
import type { LinkOrigins } from './link-origins.ts';
import type { SignInRateLimits } from './rate-limits.ts';
import { SignInLinkMail } from './sign-in-link-mail.ts';

type Tx = Prisma.TransactionClient;

export class LinkSender {
  constructor(
    private readonly prisma: PrismaClient,
    private readonly magicLinks: MagicLinkService,
    private readonly outbox: MailOutbox,
    private readonly limits: SignInRateLimits,
    /** false: no e-mail is enqueued (APP_ENV=test) */
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

  /**
   * Stores a token and enqueues the e-mail of its link to `to`, in `tx` when given (the change that asks for
   * it), else in a transaction of their own; returns the link. `email`: the address the link proves, when
   * not the customer's own (a confirmation of a new address).
   */
  async send(customerId: number, purpose: MagicLinkPurpose, url: string, to: string, options: { tx?: Tx; email?: string } = {}): Promise<string> {
    const inTx = async (tx: Tx) => {
      const token = await this.magicLinks.issue(customerId, purpose, tx, options.email ?? null);
      const link = buildMagicLink(url, customerId, token);
      if (this.sendsMail) await this.outbox.send(tx, to, new SignInLinkMail(purpose, link, this.magicLinks.ttlMinutes));
      return link;
    };
    return options.tx ? inTx(options.tx) : this.prisma.$transaction(inTx);
  }
}
