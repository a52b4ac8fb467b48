// The 13 sign-up and sign-in endpoints of the portal interface.
import Router from '@koa/router';
import type { Context } from 'koa';
import { validateBody } from '../core/validation.ts';
import { NotFoundError, ConflictError } from '../core/errors.ts';
import type { CustomerService } from '../customers/customer-service.ts';
import { presentCustomer } from '../customers/customer-presenter.ts';
import { normaliseEmail } from '../customers/email-address.ts';
import type { AccessTokenService } from './access-tokens.ts';
import { requireCustomer, sessionOf, type CustomerState } from './bearer.ts';
import type { PasswordlessService } from './passwordless-service.ts';
import type { PasswordService } from './password-service.ts';
import type { SessionService } from './session-service.ts';
import type { SignInRateLimits } from './rate-limits.ts';
import type { LinkOriginPolicy, LinkOrigins } from './link-origins.ts';
import {
  linkEmailChangeSchema,
  linkRequestSchema,
  passwordLoginSchema,
  passwordRegisterSchema,
  passwordlessRegisterSchema,
  refreshSchema,
  resetPasswordSchema,
} from './auth-schemas.ts';
import {
  presentAccessToken,
  presentConfirmationSent,
  presentLinkSent,
  presentLoginTokens,
  presentMessage,
  presentRegisteredCustomer,
} from './auth-presenter.ts';

export interface AuthDeps {
  customers: CustomerService;
  passwordless: PasswordlessService;
  passwords: PasswordService;
  sessions: SessionService;
  accessTokens: AccessTokenService;
  limits: SignInRateLimits;
  /** APP_ENV=test: responses that create a magic link carry it (that environment does not e-mail it) */
  exposeMagicLinks: boolean;
  linkOrigins: LinkOriginPolicy;
}

/** Where this request's links may point: the configured origins, or this service's own (the port it came in on). */
export function linkOriginsOf(ctx: Context, policy: LinkOriginPolicy): LinkOrigins {
  return policy.forRequest(ctx.req.socket.localPort);
}

export const CONFIRMATION_SENT = 'A link to confirm the new address has been sent there; the address changes when it is used';

const P = '/api/rest/portal';
const SIGN_IN_SENT = 'We have sent a sign-in link to this e-mail address';
const CHANGE_SENT = 'If an account has this e-mail address, a link to change it has been sent there';
const RESET_SENT = 'If an account has this e-mail address, a link to reset the password has been sent there';

export function authRoutes(deps: AuthDeps): Router<CustomerState> {
  const { customers, passwordless, passwords, sessions, accessTokens, limits, exposeMagicLinks } = deps;
  const router = new Router<CustomerState>();
  const linkRequest = <T extends object>(ctx: Context, body: T) => ({ ...body, origins: linkOriginsOf(ctx, deps.linkOrigins) });

  // 200 active customer, 404 none, 409 disabled (HEAD: status only).
  router.head(`${P}/customers/email/:email`, async (ctx) => {
    await limits.lookup(ctx.ip);
    const customer = await customers.findByEmail(normaliseEmail(ctx.params.email!));
    if (!customer) throw new NotFoundError('No customer has this e-mail address');
    if (customer.disabledAt) throw new ConflictError('This account is disabled');
    ctx.status = 200;
  });

  router.post(`${P}/passwordless-access`, async (ctx) => {
    const result = await passwordless.access(linkRequest(ctx, validateBody(linkRequestSchema, ctx.request.body)), ctx.ip);
    ctx.status = result.created ? 201 : 200;
    ctx.body = presentLinkSent(SIGN_IN_SENT, result.link, exposeMagicLinks);
  });

  router.post(`${P}/passwordless-register`, async (ctx) => {
    const { url, email, ...fields } = validateBody(passwordlessRegisterSchema, ctx.request.body);
    const result = await passwordless.register(linkRequest(ctx, { url, email, fields }), ctx.ip);
    ctx.status = 201;
    ctx.body = presentLinkSent(SIGN_IN_SENT, result.link, exposeMagicLinks);
  });

  router.post(`${P}/passwordless-login`, async (ctx) => {
    const result = await passwordless.login(linkRequest(ctx, validateBody(linkRequestSchema, ctx.request.body)), ctx.ip);
    ctx.body = presentLinkSent(SIGN_IN_SENT, result.link, exposeMagicLinks);
  });

  router.get(`${P}/auth-token/:id/:token`, async (ctx) => {
    ctx.body = presentAccessToken(await passwordless.exchange(ctx.params.id!, ctx.params.token!));
  });

  router.post(`${P}/passwordless-change-email`, async (ctx) => {
    const result = await passwordless.requestEmailChange(linkRequest(ctx, validateBody(linkRequestSchema, ctx.request.body)), ctx.ip);
    ctx.body = presentLinkSent(CHANGE_SENT, result.link, exposeMagicLinks);
  });

  router.patch(`${P}/passwordless-change-email/:id/:token`, async (ctx) => {
    const { url, ...body } = validateBody(linkEmailChangeSchema, ctx.request.body);
    const { confirmationLink } = await passwordless.changeEmail(ctx.params.id!, ctx.params.token!, body, linkRequest(ctx, { url }));
    ctx.body = presentConfirmationSent(CONFIRMATION_SENT, confirmationLink, exposeMagicLinks);
  });

  router.post(`${P}/password-register`, async (ctx) => {
    const { email, password, url, ...fields } = validateBody(passwordRegisterSchema, ctx.request.body);
    const registered = await passwords.register({ email, password, fields }, ctx.ip, linkRequest(ctx, { url }));
    ctx.status = 201;
    ctx.body = presentRegisteredCustomer(presentCustomer(registered.customer), registered.confirmationLink, exposeMagicLinks);
  });

  router.post(`${P}/password-login`, async (ctx) => {
    ctx.body = presentLoginTokens(await passwords.login(validateBody(passwordLoginSchema, ctx.request.body), ctx.ip));
  });

  router.post(`${P}/refresh-token`, async (ctx) => {
    const { refreshToken } = validateBody(refreshSchema, ctx.request.body);
    ctx.body = presentLoginTokens(await sessions.refresh(refreshToken));
  });

  router.post(`${P}/revoke-token`, requireCustomer(accessTokens), async (ctx) => {
    await sessions.end(sessionOf(ctx.state));
    ctx.body = presentMessage('Signed out: the access token has been revoked');
  });

  router.post(`${P}/forgot-password`, async (ctx) => {
    const result = await passwords.forgot(linkRequest(ctx, validateBody(linkRequestSchema, ctx.request.body)), ctx.ip);
    ctx.body = presentLinkSent(RESET_SENT, result.link, exposeMagicLinks);
  });

  router.post(`${P}/reset-password/:id/:token`, async (ctx) => {
    const { newPassword } = validateBody(resetPasswordSchema, ctx.request.body);
    await passwords.reset(ctx.params.id!, ctx.params.token!, newPassword);
    ctx.body = presentMessage('The password has been changed; please sign in with it');
  });

  return router;
}
