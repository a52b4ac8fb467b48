// The 13 sign-up and sign-in endpoints of the portal interface.
import Router from '@koa/router';
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
import {
  linkEmailChangeSchema,
  linkRequestSchema,
  passwordLoginSchema,
  passwordRegisterSchema,
  passwordlessRegisterSchema,
  refreshSchema,
  resetPasswordSchema,
} from './auth-schemas.ts';
import { presentAccessToken, presentLinkSent, presentLoginTokens, presentMessage } from './auth-presenter.ts';

export interface AuthDeps {
  customers: CustomerService;
  passwordless: PasswordlessService;
  passwords: PasswordService;
  sessions: SessionService;
  accessTokens: AccessTokenService;
  limits: SignInRateLimits;
  /** APP_ENV=test: responses that create a magic link carry it (that environment does not e-mail it) */
  exposeMagicLinks: boolean;
}

const P = '/api/rest/portal';
const SIGN_IN_SENT = 'We have sent a sign-in link to this e-mail address';
const CHANGE_SENT = 'If an account has this e-mail address, a link to change it has been sent there';
const RESET_SENT = 'If an account has this e-mail address, a link to reset the password has been sent there';

export function authRoutes(deps: AuthDeps): Router<CustomerState> {
  const { customers, passwordless, passwords, sessions, accessTokens, limits, exposeMagicLinks } = deps;
  const router = new Router<CustomerState>();

  // 200 active customer, 404 none, 409 disabled (HEAD: status only).
  router.head(`${P}/customers/email/:email`, async (ctx) => {
    await limits.lookup(ctx.ip);
    const customer = await customers.findByEmail(normaliseEmail(ctx.params.email!));
    if (!customer) throw new NotFoundError('No customer has this e-mail address');
    if (customer.disabledAt) throw new ConflictError('This account is disabled');
    ctx.status = 200;
  });

  router.post(`${P}/passwordless-access`, async (ctx) => {
    const result = await passwordless.access(validateBody(linkRequestSchema, ctx.request.body), ctx.ip);
    ctx.status = result.created ? 201 : 200;
    ctx.body = presentLinkSent(SIGN_IN_SENT, result.link, exposeMagicLinks);
  });

  router.post(`${P}/passwordless-register`, async (ctx) => {
    const { url, email, ...fields } = validateBody(passwordlessRegisterSchema, ctx.request.body);
    const result = await passwordless.register({ url, email, fields }, ctx.ip);
    ctx.status = 201;
    ctx.body = presentLinkSent(SIGN_IN_SENT, result.link, exposeMagicLinks);
  });

  router.post(`${P}/passwordless-login`, async (ctx) => {
    const result = await passwordless.login(validateBody(linkRequestSchema, ctx.request.body), ctx.ip);
    ctx.body = presentLinkSent(SIGN_IN_SENT, result.link, exposeMagicLinks);
  });

  router.get(`${P}/auth-token/:id/:token`, async (ctx) => {
    ctx.body = presentAccessToken(await passwordless.exchange(ctx.params.id!, ctx.params.token!));
  });

  router.post(`${P}/passwordless-change-email`, async (ctx) => {
    const result = await passwordless.requestEmailChange(validateBody(linkRequestSchema, ctx.request.body), ctx.ip);
    ctx.body = presentLinkSent(CHANGE_SENT, result.link, exposeMagicLinks);
  });

  router.patch(`${P}/passwordless-change-email/:id/:token`, async (ctx) => {
    const body = validateBody(linkEmailChangeSchema, ctx.request.body);
    await passwordless.changeEmail(ctx.params.id!, ctx.params.token!, body);
    ctx.body = presentMessage('The e-mail address has been changed');
  });

  router.post(`${P}/password-register`, async (ctx) => {
    const { email, password, ...fields } = validateBody(passwordRegisterSchema, ctx.request.body);
    ctx.status = 201;
    ctx.body = presentCustomer(await passwords.register({ email, password, fields }, ctx.ip));
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
    const result = await passwords.forgot(validateBody(linkRequestSchema, ctx.request.body), ctx.ip);
    ctx.body = presentLinkSent(RESET_SENT, result.link, exposeMagicLinks);
  });

  router.post(`${P}/reset-password/:id/:token`, async (ctx) => {
    const { newPassword } = validateBody(resetPasswordSchema, ctx.request.body);
    await passwords.reset(ctx.params.id!, ctx.params.token!, newPassword);
    ctx.body = presentMessage('The password has been changed; please sign in with it');
  });

  return router;
}
