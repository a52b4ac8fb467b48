// Sign-up and sign-in without a password: a magic link by e-mail, exchanged once for tokens; and the
// change of e-mail: a link sent to the current address, then a confirmation link sent to the new one.
// Using any of them proves the address it was sent to (email-ownership.ts).
import type { PrismaClient } from '../db/prisma.ts';
import type { Customer } from '../generated/prisma/client.ts';
import { ForbiddenError, NotFoundError, ValidationError } from '../core/errors.ts';
import type { CustomerService } from '../customers/customer-service.ts';
import { EMAIL_TAKEN } from '../customers/customer-service.ts';
import type { CustomerFields } from '../customers/customer-fields.ts';
import type { LinkSender } from './link-sender.ts';
import type { LinkOrigins } from './link-origins.ts';
import type { EmailOwnership } from './email-ownership.ts';
import type { MagicLinkService } from './magic-links.ts';
import type { SignInRateLimits } from './rate-limits.ts';
import type { SessionService, SessionTokens } from './session-service.ts';

export const ACCOUNT_DISABLED = 'This account is disabled';

export interface LinkRequest {
  url: string;
  email: string;
  /** where links may point for this request */
  origins: LinkOrigins;
}

/** Where a confirmation link points: the url sent (checked), else the portal's link page. */
export interface LinkTarget {
  url?: string;
  origins: LinkOrigins;
}

export interface LinkSent {
  /** the link made (e-mailed outside the test environment), or null (unknown or disabled address, where the answer must not tell) */
  link: string | null;
  created: boolean;
}

export class PasswordlessService {
  constructor(
    private readonly prisma: PrismaClient,
    private readonly customers: CustomerService,
    private readonly links: LinkSender,
    private readonly magicLinks: MagicLinkService,
    private readonly sessions: SessionService,
    private readonly limits: SignInRateLimits,
    private readonly ownership: EmailOwnership,
  ) {}

  /** passwordless-access: signs in an existing customer, registers a new one first; 422 when disabled. */
  async access(request: LinkRequest, ip: string): Promise<LinkSent> {
    await this.admit(request, ip);
    let customer = await this.customers.findByEmail(request.email);
    let created = false;
    if (!customer) {
      try {
        customer = await this.customers.create({ email: request.email, createdVia: 'passwordless' });
        created = true;
      } catch (err) {
        // Registered by a simultaneous request: carry on as an existing customer.
        customer = await this.customers.findByEmail(request.email);
        if (!customer) throw err;
      }
    }
    return { link: await this.sendSignIn(customer, request.url), created };
  }

  /** passwordless-register: a new customer with any profile fields; 422 when the e-mail is taken. */
  async register(request: LinkRequest & { fields: CustomerFields }, ip: string): Promise<LinkSent> {
    await this.admit(request, ip);
    if (await this.customers.findByEmail(request.email)) throw ValidationError.field('email', EMAIL_TAKEN);
    const customer = await this.customers.create({ email: request.email, createdVia: 'passwordless', fields: request.fields });
    return { link: await this.sendSignIn(customer, request.url), created: true };
  }

  /** passwordless-login: existing customers only (404 otherwise); 422 when disabled. */
  async login(request: LinkRequest, ip: string): Promise<LinkSent> {
    await this.admit(request, ip);
    const customer = await this.customers.findByEmail(request.email);
    if (!customer) throw new NotFoundError('No customer has this e-mail address');
    return { link: await this.sendSignIn(customer, request.url), created: false };
  }

  /**
   * auth-token: one use of a sign-in or confirmation link gives a session, and proves the address it was
   * sent to; 404 for a bad, used or expired link.
   */
  async exchange(customerIdParam: string, token: string): Promise<SessionTokens> {
    const customerId = await this.prisma.$transaction(async (tx) => {
      const link = await this.magicLinks.use(customerIdParam, token, ['sign-in', 'confirm-email'], tx);
      const customer = await this.customers.findById(link.customerId, tx);
      if (!customer) throw new NotFoundError('No such customer');
      if (customer.disabledAt) throw new ForbiddenError(ACCOUNT_DISABLED);
      await this.ownership.proven(tx, customer, link.email ?? customer.email);
      return customer.id;
    });
    return this.sessions.start(customerId);
  }

  /**
   * passwordless-change-email (request): mails a change-email link to the current address. The answer is
   * the same whether or not a customer has the address.
   */
  async requestEmailChange(request: LinkRequest, ip: string): Promise<LinkSent> {
    await this.admit(request, ip);
    const customer = await this.customers.findByEmail(request.email);
    if (!customer || customer.disabledAt) return { link: null, created: false };
    const link = await this.links.send(customer.id, 'change-email', request.url, customer.email);
    return { link, created: false };
  }

  /**
   * passwordless-change-email (confirm): the link proves the current address; the new one is taken only
   * when the confirmation link mailed to it is used. The change-email link stays usable after a 422.
   */
  async changeEmail(
    customerIdParam: string,
    token: string,
    body: { currentEmail: string; newEmail: string },
    target: LinkTarget,
  ): Promise<{ confirmationLink: string }> {
    const url = this.links.urlOrDefault(target.url, target.origins);
    const link = await this.prisma.$transaction(async (tx) => {
      const id = await this.magicLinks.consume(customerIdParam, token, 'change-email', tx);
      const customer = await this.customers.findById(id, tx);
      if (!customer) throw new NotFoundError('No such customer');
      if (customer.disabledAt) throw new ValidationError({ currentEmail: [ACCOUNT_DISABLED] }, ACCOUNT_DISABLED);
      if (customer.email !== body.currentEmail)
        throw ValidationError.field('currentEmail', 'currentEmail is not the e-mail address of this account');
      if (body.newEmail === customer.email) throw ValidationError.field('newEmail', 'newEmail is the current e-mail address');
      if (await this.customers.findByEmail(body.newEmail, tx)) throw ValidationError.field('newEmail', EMAIL_TAKEN);
      await this.ownership.proven(tx, customer);
      await this.links.countMail(body.newEmail);
      return this.links.send(id, 'confirm-email', url, body.newEmail, { tx, email: body.newEmail });
    });
    return { confirmationLink: link };
  }

  /** Per-IP limit, the url's site, then the per-address limit. */
  private async admit(request: LinkRequest, ip: string): Promise<void> {
    await this.limits.request(ip);
    this.links.assertUrlAllowed(request.url, request.origins);
    await this.links.countMail(request.email);
  }

  private async sendSignIn(customer: Customer, url: string): Promise<string> {
    if (customer.disabledAt) throw ValidationError.field('email', ACCOUNT_DISABLED);
    return this.links.send(customer.id, 'sign-in', url, customer.email);
  }
}
