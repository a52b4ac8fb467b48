// The answers of the sign-up and sign-in endpoints.
import { about, dateTime, integer, named, oneOf, optional, shape, text, type Payload } from '../core/openapi/payload-fields.ts';

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
