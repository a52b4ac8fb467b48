// The signed-in customer's profile: read, update, change of password and of e-mail (confirmed by a link
// mailed to the new address). Bearer token required.
import { defineRoutes, route } from '../core/route-table.ts';
import { json, ref } from '../core/openapi/schema-helpers.ts';
import type { AccessTokenService } from '../auth/access-tokens.ts';
import { requireCustomer, sessionOf, type CustomerState } from '../auth/bearer.ts';
import type { PasswordService } from '../auth/password-service.ts';
import { changeEmailSchema, changePasswordSchema } from '../auth/auth-schemas.ts';
import { presentConfirmationSent, presentMessage } from '../auth/auth-presenter.ts';
import { CONFIRMATION_SENT, linkOriginsOf } from '../auth/auth-routes.ts';
import type { LinkOriginPolicy } from '../auth/link-origins.ts';
import type { CustomerService } from '../customers/customer-service.ts';
import { customerFieldsSchema } from '../customers/customer-fields.ts';
import { presentCustomer } from '../customers/customer-presenter.ts';
import { bearer, tooMany, unauthorised } from '../customers/customer-openapi.ts';

const PROFILE = '/api/rest/portal/profile';

export interface ProfileDeps {
  customers: CustomerService;
  passwords: PasswordService;
  accessTokens: AccessTokenService;
  auth: { linkOrigins: LinkOriginPolicy; exposeMagicLinks: boolean };
}

const tags = ['Profile'];
const doc = { security: bearer };
const signedIn = ({ accessTokens }: ProfileDeps) => [requireCustomer(accessTokens)];

export const profileRoutes = defineRoutes<ProfileDeps, CustomerState>([
  route({
    method: 'get',
    path: PROFILE,
    tags,
    operationId: 'getProfile',
    summary: 'The signed-in customer',
    doc,
    use: signedIn,
    responses: { 200: json(ref('Customer')), 401: unauthorised },
    async handler(ctx, _input, { customers }) {
      ctx.body = presentCustomer(await customers.load(sessionOf(ctx.state).customerId));
    },
  }),
  route({
    method: 'put',
    path: PROFILE,
    tags,
    operationId: 'updateProfile',
    summary: 'Change the fields sent (null or "" resets a field; firstName and lastName must be non-empty when sent); answers the updated customer',
    doc,
    use: signedIn,
    body: customerFieldsSchema,
    bodyComponent: 'CustomerUpdate',
    bodyRequired: false,
    withoutBody: 'empty',
    responses: { 200: json(ref('Customer')), 401: unauthorised },
    async handler(ctx, input, { customers }) {
      ctx.body = presentCustomer(await customers.updateProfile(sessionOf(ctx.state).customerId, input.body()));
    },
  }),
  route({
    method: 'patch',
    path: `${PROFILE}/change-password`,
    tags,
    operationId: 'changePassword',
    summary: 'Change the password (at least 6 characters, not one of the 10,000 most common: 422 on newPassword); every other session of the customer ends',
    doc,
    use: signedIn,
    body: changePasswordSchema,
    responses: { 200: json(ref('Message')), 401: unauthorised, 429: tooMany },
    async handler(ctx, input, { passwords }) {
      await passwords.changePassword(sessionOf(ctx.state), input.body(), ctx.ip);
      ctx.body = presentMessage('The password has been changed; other sessions have been signed out');
    },
  }),
  route({
    method: 'patch',
    path: `${PROFILE}/change-email`,
    tags,
    operationId: 'changeEmail',
    summary:
      'Ask to change the e-mail address, confirmed by the password: a confirmation link (url, else the portal\'s /sign-in/link, on the portal origins) is mailed to newEmail, and the address changes only when that link is used (at auth-token, which also removes the password and ends every other session). APP_ENV=test answers carry confirmationLink; 422 on newEmail when it is taken',
    doc,
    use: signedIn,
    body: changeEmailSchema,
    bodyDescription: 'url (optional): where the confirmation link points (the customer id and token are appended)',
    responses: { 200: json(ref('ConfirmationSent')), 401: unauthorised, 429: tooMany },
    async handler(ctx, input, { passwords, auth }) {
      const { url, ...body } = input.body();
      const target = { url, origins: linkOriginsOf(ctx, auth.linkOrigins) };
      const { confirmationLink } = await passwords.changeEmail(sessionOf(ctx.state), body, ctx.ip, target);
      ctx.body = presentConfirmationSent(CONFIRMATION_SENT, confirmationLink, auth.exposeMagicLinks);
    },
  }),
]);
