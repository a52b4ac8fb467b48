// The signed-in customer's profile: read, update, change of password and of e-mail (confirmed by a link
// mailed to the new address). Bearer token required.
import Router from '@koa/router';
import { validateBody, bodyOrEmpty } from '../core/validation.ts';
import type { AccessTokenService } from '../auth/access-tokens.ts';
import { requireCustomer, sessionOf, type CustomerState } from '../auth/bearer.ts';
import type { PasswordService } from '../auth/password-service.ts';
import { changeEmailSchema, changePasswordSchema } from '../auth/auth-schemas.ts';
import { presentConfirmationSent, presentMessage } from '../auth/auth-presenter.ts';
import { CONFIRMATION_SENT, linkOriginsOf } from '../auth/auth-routes.ts';
import type { LinkOriginPolicy } from '../auth/link-origins.ts';
import type { CustomerService } from './customer-service.ts';
import { customerFieldsSchema } from './customer-fields.ts';
import { presentCustomer } from './customer-presenter.ts';

const PROFILE = '/api/rest/portal/profile';

export function profileRoutes(deps: {
  customers: CustomerService;
  passwords: PasswordService;
  accessTokens: AccessTokenService;
  auth: { linkOrigins: LinkOriginPolicy; exposeMagicLinks: boolean };
}): Router<CustomerState> {
  const { customers, passwords, accessTokens } = deps;
  const router = new Router<CustomerState>();
  const signedIn = requireCustomer(accessTokens);

  router.get(PROFILE, signedIn, async (ctx) => {
    ctx.body = presentCustomer(await customers.load(sessionOf(ctx.state).customerId));
  });

  router.put(PROFILE, signedIn, async (ctx) => {
    const fields = validateBody(customerFieldsSchema, bodyOrEmpty(ctx.request.body));
    ctx.body = presentCustomer(await customers.updateProfile(sessionOf(ctx.state).customerId, fields));
  });

  router.patch(`${PROFILE}/change-password`, signedIn, async (ctx) => {
    await passwords.changePassword(sessionOf(ctx.state), validateBody(changePasswordSchema, ctx.request.body), ctx.ip);
    ctx.body = presentMessage('The password has been changed; other sessions have been signed out');
  });

  router.patch(`${PROFILE}/change-email`, signedIn, async (ctx) => {
    const { url, ...input } = validateBody(changeEmailSchema, ctx.request.body);
    const target = { url, origins: linkOriginsOf(ctx, deps.auth.linkOrigins) };
    const { confirmationLink } = await passwords.changeEmail(sessionOf(ctx.state), input, ctx.ip, target);
    ctx.body = presentConfirmationSent(CONFIRMATION_SENT, confirmationLink, deps.auth.exposeMagicLinks);
  });

  return router;
}
