// Sign-up and sign-in with a password, forgotten passwords (a reset link by e-mail), and the signed-in
// customer's change of password or e-mail. Registration and a change of e-mail mail a confirmation link
// to the address; an address is the account's, proven, only once a link sent to it is used
// (email-ownership.ts). Until then the specification's password sign-in works as before.
import type { PrismaClient } from '../db/prisma.ts';
import { ForbiddenError, NotFoundError, UnauthorizedError, ValidationError } from '../core/errors.ts';
import type { CustomerService, LoadedCustomer } from '../customers/customer-service.ts';
import { EMAIL_TAKEN } from '../customers/customer-service.ts';
import type { CustomerFields } from '../customers/customer-fields.ts';
import type { CustomerSession } from './access-tokens.ts';
import type { LinkSender } from './link-sender.ts';
import type { MagicLinkService } from './magic-links.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import type { SignInRateLimits } from './rate-limits.ts';
import type { RefreshTokenService } from './refresh-tokens.ts';
import type { SessionService, SessionTokens } from './session-service.ts';
import { ACCOUNT_DISABLED, type LinkRequest, type LinkSent, type LinkTarget } from './passwordless-service.ts';
import { voidUpdateTokens, type EmailOwnership } from './email-ownership.ts';

const BAD_CREDENTIALS = 'The e-mail address or password is incorrect';

export class PasswordService {
  constructor(
    private readonly prisma: PrismaClient,
    private readonly customers: CustomerService,
    private readonly links: LinkSender,
    private readonly magicLinks: MagicLinkService,
    private readonly sessions: SessionService,
    private readonly refreshTokens: RefreshTokenService,
    private readonly limits: SignInRateLimits,
    private readonly ownership: EmailOwnership,
  ) {}

  /**
   * password-register: 422 when the e-mail is taken (also by a passwordless customer: they use
   * forgot-password). The new account's address is not proven: a confirmation link is mailed to it.
   */
  async register(
    input: { email: string; password: string; fields: CustomerFields },
    ip: string,
    target: LinkTarget,
  ): Promise<{ customer: LoadedCustomer; confirmationLink: string }> {
    await this.limits.request(ip);
    const url = this.links.urlOrDefault(target.url, target.origins);
    if (await this.customers.findByEmail(input.email)) throw ValidationError.field('email', EMAIL_TAKEN);
    await this.links.countMail(input.email);
    const passwordHash = await hashPassword(input.password);
    const customer = await this.customers.create({ email: input.email, passwordHash, createdVia: 'password', fields: input.fields });
    const confirmationLink = await this.links.send(customer.id, 'confirm-email', url, customer.email, { email: customer.email });
    return { customer: await this.customers.load(customer.id), confirmationLink };
  }

  /**
   * password-login: 401 for an unknown address or a wrong password (one message for both, checked in the
   * same time); 422 for a disabled customer with the right password; 429 after too many failures.
   */
  async login(input: { email: string; password: string }, ip: string): Promise<SessionTokens> {
    await this.limits.request(ip);
    await this.limits.assertLoginAllowed(input.email, ip);
    const customer = await this.customers.findByEmail(input.email);
    if (!(await verifyPassword(customer?.passwordHash, input.password)) || !customer) {
      await this.limits.loginFailed(input.email, ip);
      throw new UnauthorizedError(BAD_CREDENTIALS);
    }
    if (customer.disabledAt) throw ValidationError.field('email', ACCOUNT_DISABLED);
    await this.limits.loginSucceeded(input.email, ip);
    // the session starts only if the password checked is still the account's: the owner's first magic
    // link (email-ownership.ts, which takes this row's lock exclusively) may have removed it meanwhile
    return this.prisma.$transaction(async (tx) => {
      const [row] = await tx.$queryRaw<{ passwordHash: string | null }[]>`
        SELECT "passwordHash" FROM "Customer" WHERE id = ${customer.id} FOR SHARE`;
      if (!row || row.passwordHash !== customer.passwordHash) throw new UnauthorizedError(BAD_CREDENTIALS);
      return this.sessions.start(customer.id, tx);
    });
  }

  /** forgot-password: mails a reset link when an active customer has the address; the answer never tells. */
  async forgot(request: LinkRequest, ip: string): Promise<LinkSent> {
    await this.limits.request(ip);
    this.links.assertUrlAllowed(request.url, request.origins);
    await this.links.countMail(request.email);
    const customer = await this.customers.findByEmail(request.email);
    if (!customer || customer.disabledAt) return { link: null, created: false };
    const link = await this.links.send(customer.id, 'reset-password', request.url, customer.email);
    return { link, created: false };
  }

  /** reset-password: one use of a reset link proves the address, sets the password and ends every session and update token of the customer. */
  async reset(customerIdParam: string, token: string, newPassword: string): Promise<void> {
    const passwordHash = await hashPassword(newPassword);
    await this.prisma.$transaction(async (tx) => {
      const id = await this.magicLinks.consume(customerIdParam, token, 'reset-password', tx);
      const customer = await this.customers.findById(id, tx);
      if (!customer) throw new NotFoundError('No such customer');
      if (customer.disabledAt) throw new ForbiddenError(ACCOUNT_DISABLED);
      await this.ownership.proven(tx, customer);
      await this.customers.setPassword(id, passwordHash, tx);
      await this.refreshTokens.revokeAllOf(id, null, tx);
      await voidUpdateTokens(tx, id);
    });
  }

  /** Change of password by the signed-in customer: other sessions and the applications' update tokens end, this one goes on. */
  async changePassword(session: CustomerSession, input: { currentPassword: string; newPassword: string }, ip: string): Promise<void> {
    const customer = await this.activeCustomer(session);
    if (!customer.passwordHash) {
      throw ValidationError.field('currentPassword', 'This account has no password yet; set one with forgot-password');
    }
    await this.checkPassword(customer.email, customer.passwordHash, input.currentPassword, 'currentPassword', ip);
    const passwordHash = await hashPassword(input.newPassword);
    await this.prisma.$transaction(async (tx) => {
      await this.customers.setPassword(customer.id, passwordHash, tx);
      await this.refreshTokens.revokeAllOf(customer.id, session.sessionId, tx);
      await voidUpdateTokens(tx, customer.id);
    });
  }

  /**
   * Change of e-mail by the signed-in customer, confirmed by the password: a confirmation link is mailed
   * to the new address, which the account takes only when that link is used.
   */
  async changeEmail(
    session: CustomerSession,
    input: { currentEmail: string; newEmail: string; password: string },
    ip: string,
    target: LinkTarget,
  ): Promise<{ confirmationLink: string }> {
    const url = this.links.urlOrDefault(target.url, target.origins);
    const customer = await this.activeCustomer(session);
    if (customer.email !== input.currentEmail)
      throw ValidationError.field('currentEmail', 'currentEmail is not the e-mail address of this account');
    if (!customer.passwordHash)
      throw ValidationError.field('password', 'This account has no password; change the e-mail with passwordless-change-email');
    await this.checkPassword(customer.email, customer.passwordHash, input.password, 'password', ip);
    if (input.newEmail === customer.email) throw ValidationError.field('newEmail', 'newEmail is the current e-mail address');
    if (await this.customers.findByEmail(input.newEmail)) throw ValidationError.field('newEmail', EMAIL_TAKEN);
    await this.links.countMail(input.newEmail);
    const confirmationLink = await this.links.send(customer.id, 'confirm-email', url, input.newEmail, { email: input.newEmail });
    return { confirmationLink };
  }

  private async activeCustomer(session: CustomerSession) {
    const customer = await this.customers.findById(session.customerId);
    if (!customer || customer.disabledAt) throw new UnauthorizedError('The access token is no longer valid');
    return customer;
  }

  /** 422 on `field` for a wrong password; failures count towards the login limit of the address from this client. */
  private async checkPassword(email: string, passwordHash: string, password: string, field: string, ip: string): Promise<void> {
    await this.limits.assertLoginAllowed(email, ip);
    if (await verifyPassword(passwordHash, password)) return;
    await this.limits.loginFailed(email, ip);
    throw ValidationError.field(field, `${field} is incorrect`);
  }
}
