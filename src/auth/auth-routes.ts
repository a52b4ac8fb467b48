// The 13 sign-up and sign-in endpoints of the portal interface.
import type * as yup from 'yup';
import type { Context } from 'koa';
import { defineRoutes, route } from '../core/route-table.ts';
import { errorResponse, int, json, pathParam, ref } from '../core/openapi/schema-helpers.ts';
import { bearer, tooMany, unauthorised } from '../customers/customer-openapi.ts';
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

const tags = ['Sign-up and sign-in'];
const LINK_REQUEST =
  'url: where the link points (the customer id and token are appended as two path segments); its origin must be one of the portal origins (PORTAL_ORIGINS, by default the service\'s own), else 422 on url';
const linkParams = [pathParam('id', 'the customer id from the link', int), pathParam('token', 'the token from the link')];
const mailFailed = errorResponse('The e-mail could not be sent; retry later');
const badLink = errorResponse('The link is unknown, expired or already used');
const linkRequest = <T extends object>(ctx: Context, deps: AuthDeps, body: T) => ({ ...body, origins: linkOriginsOf(ctx, deps.linkOrigins) });

/**
 * A request for an e-mailed link (sign-in, change of e-mail, password reset): the body names the address
 * and where the link points; the answer says the link was sent. `responses`: those of its own.
 */
function linkRequestRoute(spec: {
  path: string;
  operationId: string;
  summary: string;
  responses?: Record<number, unknown>;
  sent: string;
  send: (deps: AuthDeps, request: ReturnType<typeof linkRequest<yup.InferType<typeof linkRequestSchema>>>, ip: string) => Promise<{ link: string | null }>;
}) {
  return route<AuthDeps, CustomerState, yup.AnyObjectSchema, typeof linkRequestSchema>({
    method: 'post',
    path: `${P}${spec.path}`,
    tags,
    operationId: spec.operationId,
    summary: spec.summary,
    body: linkRequestSchema,
    bodyDescription: LINK_REQUEST,
    responses: { 200: json(ref('LinkSent')), ...spec.responses, 429: tooMany, 503: mailFailed },
    async handler(ctx, input, deps) {
      const result = await spec.send(deps, linkRequest(ctx, deps, input.body()), ctx.ip);
      ctx.body = presentLinkSent(spec.sent, result.link, deps.exposeMagicLinks);
    },
  });
}

export const authRoutes = defineRoutes<AuthDeps, CustomerState>([
  // 200 active customer, 404 none, 409 disabled (HEAD: status only).
  route({
    method: 'head',
    path: `${P}/customers/email/:email`,
    tags,
    operationId: 'checkCustomerEmail',
    summary: 'Whether a customer has this e-mail: 200 active, 404 none, 409 disabled',
    parameters: [pathParam('email', 'an e-mail address (URL-encoded)')],
    responses: {
      200: { description: 'An active customer has it' },
      404: { description: 'No customer has it' },
      409: { description: 'Its customer is disabled' },
      429: { description: 'Rate limit reached' },
    },
    async handler(ctx, _input, { limits, customers }) {
      await limits.lookup(ctx.ip);
      const customer = await customers.findByEmail(normaliseEmail(ctx.params.email!));
      if (!customer) throw new NotFoundError('No customer has this e-mail address');
      if (customer.disabledAt) throw new ConflictError('This account is disabled');
      ctx.status = 200;
    },
  }),
  route({
    method: 'post',
    path: `${P}/passwordless-access`,
    tags,
    operationId: 'passwordlessAccess',
    summary: 'E-mail a sign-in link, registering the customer first when new (201) or not (200); 422 when disabled',
    body: linkRequestSchema,
    bodyDescription: LINK_REQUEST,
    responses: { 200: json(ref('LinkSent')), 201: json(ref('LinkSent'), 'Customer created'), 429: tooMany, 503: mailFailed },
    async handler(ctx, input, deps) {
      const result = await deps.passwordless.access(linkRequest(ctx, deps, input.body()), ctx.ip);
      ctx.status = result.created ? 201 : 200;
      ctx.body = presentLinkSent(SIGN_IN_SENT, result.link, deps.exposeMagicLinks);
    },
  }),
  route({
    method: 'post',
    path: `${P}/passwordless-register`,
    tags,
    operationId: 'passwordlessRegister',
    summary: 'Register a new customer (any profile field may be sent) and e-mail a sign-in link; 422 when the e-mail is taken',
    body: passwordlessRegisterSchema,
    responses: { 201: json(ref('LinkSent'), 'Customer created'), 429: tooMany, 503: mailFailed },
    async handler(ctx, input, deps) {
      const { url, email, ...fields } = input.body();
      const result = await deps.passwordless.register(linkRequest(ctx, deps, { url, email, fields }), ctx.ip);
      ctx.status = 201;
      ctx.body = presentLinkSent(SIGN_IN_SENT, result.link, deps.exposeMagicLinks);
    },
  }),
  linkRequestRoute({
    path: '/passwordless-login',
    operationId: 'passwordlessLogin',
    summary: 'E-mail a sign-in link to an existing customer; 404 when unknown, 422 when disabled',
    responses: { 404: errorResponse('No customer has this e-mail') },
    sent: SIGN_IN_SENT,
    send: (deps, request, ip) => deps.passwordless.login(request, ip),
  }),
  route({
    method: 'get',
    path: `${P}/auth-token/:id/:token`,
    tags,
    operationId: 'exchangeMagicLink',
    summary:
      'Exchange a sign-in or confirmation link (single use) for an access token. The link proves the address it was sent to: a confirmation link gives the account its new address, and on an account whose address was not proven yet any password is removed and every other session ends',
    parameters: linkParams,
    responses: {
      200: json(ref('AccessToken')),
      403: errorResponse('The account is disabled'),
      404: badLink,
      409: errorResponse('Another account took the address being confirmed meanwhile'),
    },
    async handler(ctx, _input, { passwordless }) {
      ctx.body = presentAccessToken(await passwordless.exchange(ctx.params.id!, ctx.params.token!));
    },
  }),
  linkRequestRoute({
    path: '/passwordless-change-email',
    operationId: 'requestEmailChange',
    summary: 'E-mail a change-of-e-mail link to the current address (same answer whether or not it is known)',
    sent: CHANGE_SENT,
    send: (deps, request, ip) => deps.passwordless.requestEmailChange(request, ip),
  }),
  route({
    method: 'patch',
    path: `${P}/passwordless-change-email/:id/:token`,
    tags,
    operationId: 'confirmEmailChange',
    summary:
      'Use a change-of-e-mail link (single use; it proves the current address): a confirmation link is mailed to newEmail (url, else the portal\'s /sign-in/link), and the account takes newEmail only when that link is used at auth-token. APP_ENV=test answers carry confirmationLink; 422 on newEmail when it is taken',
    parameters: linkParams,
    body: linkEmailChangeSchema,
    responses: { 200: json(ref('ConfirmationSent')), 404: badLink, 429: tooMany, 503: mailFailed },
    async handler(ctx, input, deps) {
      const { url, ...body } = input.body();
      const { confirmationLink } = await deps.passwordless.changeEmail(ctx.params.id!, ctx.params.token!, body, linkRequest(ctx, deps, { url }));
      ctx.body = presentConfirmationSent(CONFIRMATION_SENT, confirmationLink, deps.exposeMagicLinks);
    },
  }),
  route({
    method: 'post',
    path: `${P}/password-register`,
    tags,
    operationId: 'passwordRegister',
    summary:
      'Register a customer with a password (at least 6 characters, not one of the 10,000 most common: 422 on password); any profile field may be sent. The address is not proven yet: a confirmation link (url, else the portal\'s /sign-in/link) is mailed to it, and password-login works meanwhile. Using any magic link sent to the address later removes the password and ends the other sessions (whoever registered it is not necessarily its owner). APP_ENV=test answers carry confirmationLink',
    body: passwordRegisterSchema,
    responses: { 201: json(ref('RegisteredCustomer'), 'Customer created'), 429: tooMany, 503: mailFailed },
    async handler(ctx, input, deps) {
      const { email, password, url, ...fields } = input.body();
      const registered = await deps.passwords.register({ email, password, fields }, ctx.ip, linkRequest(ctx, deps, { url }));
      ctx.status = 201;
      ctx.body = presentRegisteredCustomer(presentCustomer(registered.customer), registered.confirmationLink, deps.exposeMagicLinks);
    },
  }),
  route({
    method: 'post',
    path: `${P}/password-login`,
    tags,
    operationId: 'passwordLogin',
    summary:
      'Sign in with e-mail and password. Wrong passwords are counted per address and client: after RATE_LIMIT_LOGIN_FAILURES of them that client gets 429 for that address, while the owner signs in from elsewhere',
    body: passwordLoginSchema,
    responses: { 200: json(ref('LoginTokens')), 401: errorResponse('Unknown e-mail or wrong password'), 429: tooMany },
    async handler(ctx, input, { passwords }) {
      ctx.body = presentLoginTokens(await passwords.login(input.body(), ctx.ip));
    },
  }),
  route({
    method: 'post',
    path: `${P}/refresh-token`,
    tags,
    operationId: 'refreshToken',
    summary: 'Exchange a refresh token (single use) for new tokens; reusing an exchanged one ends its session',
    body: refreshSchema,
    responses: { 200: json(ref('LoginTokens')), 401: errorResponse('Invalid, expired, revoked or reused refresh token') },
    async handler(ctx, input, { sessions }) {
      const { refreshToken } = input.body();
      ctx.body = presentLoginTokens(await sessions.refresh(refreshToken));
    },
  }),
  route({
    method: 'post',
    path: `${P}/revoke-token`,
    tags,
    operationId: 'revokeToken',
    summary: 'Logout: revoke the access token sent and end its session',
    doc: { security: bearer },
    use: ({ accessTokens }) => [requireCustomer(accessTokens)],
    responses: { 200: json(ref('Message')), 401: unauthorised },
    async handler(ctx, _input, { sessions }) {
      await sessions.end(sessionOf(ctx.state));
      ctx.body = presentMessage('Signed out: the access token has been revoked');
    },
  }),
  linkRequestRoute({
    path: '/forgot-password',
    operationId: 'forgotPassword',
    summary: 'E-mail a password-reset link (same answer whether or not the address is known)',
    sent: RESET_SENT,
    send: (deps, request, ip) => deps.passwords.forgot(request, ip),
  }),
  route({
    method: 'post',
    path: `${P}/reset-password/:id/:token`,
    tags,
    operationId: 'resetPassword',
    summary:
      'Use a password-reset link (single use; it proves the address): set the new password (at least 6 characters, not one of the 10,000 most common) and end every session',
    parameters: linkParams,
    body: resetPasswordSchema,
    responses: { 200: json(ref('Message')), 403: errorResponse('The account is disabled'), 404: badLink },
    async handler(ctx, input, { passwords }) {
      const { newPassword } = input.body();
      await passwords.reset(ctx.params.id!, ctx.params.token!, newPassword);
      ctx.body = presentMessage('The password has been changed; please sign in with it');
    },
  }),
]);
