// OpenAPI: the components of signing up and in, and the bearer security scheme (the operations are in auth-routes.ts).
import type { JsonSchema } from '../core/openapi/schema-helpers.ts';
import { componentsOf } from '../core/openapi/from-yup.ts';
import { accessTokenPayload, confirmationSentPayload, linkSentPayload, loginTokensPayload, registeredCustomerPayload } from './auth-payload.ts';

export const authSecuritySchemes = { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } };

export const authSchemas: Record<string, JsonSchema> = componentsOf(
  linkSentPayload,
  accessTokenPayload,
  loginTokensPayload,
  confirmationSentPayload,
  registeredCustomerPayload,
);
