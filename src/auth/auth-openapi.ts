// OpenAPI: the sign-up and sign-in endpoints and the bearer security scheme.
import { errorResponse, int, json, pathParam, ref, type JsonSchema } from '../core/openapi/schema-helpers.ts';
import { componentsOf, jsonBodyOf } from '../core/openapi/from-yup.ts';
import { accessTokenPayload, confirmationSentPayload, linkSentPayload, loginTokensPayload, registeredCustomerPayload } from './auth-payload.ts';
import { bearer, tooMany, unauthorised } from '../customers/customer-openapi.ts';
import { linkEmailChangeSchema, linkRequestSchema, passwordLoginSchema, passwordRegisterSchema, passwordlessRegisterSchema, refreshSchema, resetPasswordSchema } from './auth-schemas.ts';

const P = '/api/rest/portal';

export const authSecuritySchemes = { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } };

export const authSchemas: Record<string, JsonSchema> = componentsOf(
  linkSentPayload,
  accessTokenPayload,
  loginTokensPayload,
  confirmationSentPayload,
  registeredCustomerPayload,
);

const linkRequest = jsonBodyOf(
  linkRequestSchema,
  'url: where the link points (the customer id and token are appended as two path segments); its origin must be one of the portal origins (PORTAL_ORIGINS, by default the service\'s own), else 422 on url',
);
const linkParams = [pathParam('id', 'the customer id from the link', int), pathParam('token', 'the token from the link')];
const mailFailed = errorResponse('The e-mail could not be sent; retry later');
const badLink = errorResponse('The link is unknown, expired or already used');
const tags = ['Sign-up and sign-in'];

export function authPaths(): Record<string, unknown> {
  return {
    [`${P}/customers/email/{email}`]: {
      head: {
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
      },
    },
    [`${P}/passwordless-access`]: {
      post: {
        tags,
        operationId: 'passwordlessAccess',
        summary: 'E-mail a sign-in link, registering the customer first when new (201) or not (200); 422 when disabled',
        requestBody: linkRequest,
        responses: {
          200: json(ref('LinkSent')),
          201: json(ref('LinkSent'), 'Customer created'),
          429: tooMany,
          503: mailFailed,
        },
      },
    },
    [`${P}/passwordless-register`]: {
      post: {
        tags,
        operationId: 'passwordlessRegister',
        summary: 'Register a new customer (any profile field may be sent) and e-mail a sign-in link; 422 when the e-mail is taken',
        requestBody: jsonBodyOf(passwordlessRegisterSchema),
        responses: { 201: json(ref('LinkSent'), 'Customer created'), 429: tooMany, 503: mailFailed },
      },
    },
    [`${P}/passwordless-login`]: {
      post: {
        tags,
        operationId: 'passwordlessLogin',
        summary: 'E-mail a sign-in link to an existing customer; 404 when unknown, 422 when disabled',
        requestBody: linkRequest,
        responses: {
          200: json(ref('LinkSent')),
          404: errorResponse('No customer has this e-mail'),
          429: tooMany,
          503: mailFailed,
        },
      },
    },
    [`${P}/auth-token/{id}/{token}`]: {
      get: {
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
      },
    },
    [`${P}/passwordless-change-email`]: {
      post: {
        tags,
        operationId: 'requestEmailChange',
        summary: 'E-mail a change-of-e-mail link to the current address (same answer whether or not it is known)',
        requestBody: linkRequest,
        responses: { 200: json(ref('LinkSent')), 429: tooMany, 503: mailFailed },
      },
    },
    [`${P}/passwordless-change-email/{id}/{token}`]: {
      patch: {
        tags,
        operationId: 'confirmEmailChange',
        summary:
          'Use a change-of-e-mail link (single use; it proves the current address): a confirmation link is mailed to newEmail (url, else the portal\'s /sign-in/link), and the account takes newEmail only when that link is used at auth-token. APP_ENV=test answers carry confirmationLink; 422 on newEmail when it is taken',
        parameters: linkParams,
        requestBody: jsonBodyOf(linkEmailChangeSchema),
        responses: { 200: json(ref('ConfirmationSent')), 404: badLink, 429: tooMany, 503: mailFailed },
      },
    },
    [`${P}/password-register`]: {
      post: {
        tags,
        operationId: 'passwordRegister',
        summary:
          'Register a customer with a password (at least 6 characters, not one of the 10,000 most common: 422 on password); any profile field may be sent. The address is not proven yet: a confirmation link (url, else the portal\'s /sign-in/link) is mailed to it, and password-login works meanwhile. Using any magic link sent to the address later removes the password and ends the other sessions (whoever registered it is not necessarily its owner). APP_ENV=test answers carry confirmationLink',
        requestBody: jsonBodyOf(passwordRegisterSchema),
        responses: { 201: json(ref('RegisteredCustomer'), 'Customer created'), 429: tooMany, 503: mailFailed },
      },
    },
    [`${P}/password-login`]: {
      post: {
        tags,
        operationId: 'passwordLogin',
        summary:
          'Sign in with e-mail and password. Wrong passwords are counted per address and client: after RATE_LIMIT_LOGIN_FAILURES of them that client gets 429 for that address, while the owner signs in from elsewhere',
        requestBody: jsonBodyOf(passwordLoginSchema),
        responses: {
          200: json(ref('LoginTokens')),
          401: errorResponse('Unknown e-mail or wrong password'),
          429: tooMany,
        },
      },
    },
    [`${P}/refresh-token`]: {
      post: {
        tags,
        operationId: 'refreshToken',
        summary: 'Exchange a refresh token (single use) for new tokens; reusing an exchanged one ends its session',
        requestBody: jsonBodyOf(refreshSchema),
        responses: {
          200: json(ref('LoginTokens')),
          401: errorResponse('Invalid, expired, revoked or reused refresh token'),
        },
      },
    },
    [`${P}/revoke-token`]: {
      post: {
        tags,
        operationId: 'revokeToken',
        summary: 'Logout: revoke the access token sent and end its session',
        security: bearer,
        responses: { 200: json(ref('Message')), 401: unauthorised },
      },
    },
    [`${P}/forgot-password`]: {
      post: {
        tags,
        operationId: 'forgotPassword',
        summary: 'E-mail a password-reset link (same answer whether or not the address is known)',
        requestBody: linkRequest,
        responses: { 200: json(ref('LinkSent')), 429: tooMany, 503: mailFailed },
      },
    },
    [`${P}/reset-password/{id}/{token}`]: {
      post: {
        tags,
        operationId: 'resetPassword',
        summary:
          'Use a password-reset link (single use; it proves the address): set the new password (at least 6 characters, not one of the 10,000 most common) and end every session',
        parameters: linkParams,
        requestBody: jsonBodyOf(resetPasswordSchema),
        responses: { 200: json(ref('Message')), 403: errorResponse('The account is disabled'), 404: badLink },
      },
    },
  };
}
