// The answers of the sign-up and sign-in endpoints.
import { about, dateTime, integer, named, oneOf, optional, shape, text, type Payload } from '../core/openapi/payload-fields.ts';
import { customerPayload } from '../customers/customer-payload.ts';

const confirmationLink = optional(about(text, 'APP_ENV=test only: the confirmation link mailed to the address (as magicLink)'));

/** A change of e-mail asked for: the confirmation link is mailed to the new address. */
export const confirmationSentPayload = named('ConfirmationSent', shape({ message: text, confirmationLink }));

/** password-register: the Customer resource, plus the confirmation link in the test environment. */
export const registeredCustomerPayload = named('RegisteredCustomer', customerPayload.shape({ confirmationLink }));

export const linkSentPayload = named(
  'LinkSent',
  shape({ message: text, magicLink: optional(about(text, 'APP_ENV=test only: the magic link, which that environment does not e-mail')) }),
);

export const accessTokenPayload = named(
  'AccessToken',
  shape({ accessToken: text, expiresAt: dateTime, refreshToken: about(text, 'for POST refresh-token (an addition to the contract)') }),
);

export const loginTokensPayload = named(
  'LoginTokens',
  shape({
    access_token: text,
    refresh_token: text,
    token_type: oneOf(['Bearer']),
    expires_in: about(integer, 'seconds until access_token expires'),
    expires_at: dateTime,
  }),
);

export type LinkSentPayload = Payload<typeof linkSentPayload>;
export type AccessTokenPayload = Payload<typeof accessTokenPayload>;
export type LoginTokensPayload = Payload<typeof loginTokensPayload>;
export type ConfirmationSentPayload = Payload<typeof confirmationSentPayload>;
export type RegisteredCustomerPayload = Payload<typeof registeredCustomerPayload>;
