// Response bodies of the sign-up and sign-in endpoints.
import type { SessionTokens } from './session-service.ts';
import type { AccessTokenPayload, ConfirmationSentPayload, LinkSentPayload, LoginTokensPayload, RegisteredCustomerPayload } from './auth-payload.ts';
import type { CustomerPayload, MessagePayload } from '../customers/customer-payload.ts';

/** `{message}`, plus `magicLink` when links are exposed (APP_ENV=test only) and one was made. */
export function presentLinkSent(message: string, link: string | null, exposeLink: boolean): LinkSentPayload {
  return exposeLink && link ? { message, magicLink: link } : { message };
}

/** `{message}`, plus `confirmationLink` when links are exposed (APP_ENV=test only). */
export function presentConfirmationSent(message: string, link: string, exposeLink: boolean): ConfirmationSentPayload {
  return exposeLink ? { message, confirmationLink: link } : { message };
}

/** password-register: the customer, plus `confirmationLink` when links are exposed (APP_ENV=test only). */
export function presentRegisteredCustomer(customer: CustomerPayload, link: string, exposeLink: boolean): RegisteredCustomerPayload {
  return exposeLink ? { ...customer, confirmationLink: link } : customer;
}

export function presentMessage(message: string): MessagePayload {
  return { message };
}

/** GET auth-token: the spec's accessToken and expiresAt, plus a refresh token for POST refresh-token. */
export function presentAccessToken(tokens: SessionTokens): AccessTokenPayload {
  return { accessToken: tokens.accessToken, expiresAt: tokens.expiresAt.toISOString(), refreshToken: tokens.refreshToken };
}

/** password-login and refresh-token: access_token and refresh_token, OAuth-style. */
export function presentLoginTokens(tokens: SessionTokens, now = Date.now()): LoginTokensPayload {
  return {
    access_token: tokens.accessToken,
    refresh_token: tokens.refreshToken,
    token_type: 'Bearer',
    expires_in: Math.max(0, Math.round((tokens.expiresAt.getTime() - now) / 1000)),
    expires_at: tokens.expiresAt.toISOString(),
  };
}
