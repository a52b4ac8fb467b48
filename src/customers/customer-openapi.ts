// OpenAPI: the Customer resource, the customer update fields and the profile paths.
import { errorResponse, int, json, noProtoKey, ref, type JsonSchema } from '../core/openapi/schema-helpers.ts';
import { componentsOf, jsonBodyOf, jsonSchemaOf } from '../core/openapi/from-yup.ts';
import { customerPayload, messagePayload } from './customer-payload.ts';
import { customerFieldsSchema } from './customer-fields.ts';
import { changeEmailSchema, changePasswordSchema } from '../auth/auth-schemas.ts';


/** The customer update fields (profile PUT, registrations), as their yup schema describes them. */
export const customerInputProperties = jsonSchemaOf(customerFieldsSchema).properties as Record<string, JsonSchema>;


export const customerSchemas: Record<string, JsonSchema> = {
  ...componentsOf(customerPayload, messagePayload),
  CustomerUpdate: { type: 'object', properties: customerInputProperties, propertyNames: noProtoKey },
};

export const bearer = [{ bearerAuth: [] }];
export const unauthorised = errorResponse('No valid bearer access token (missing, invalid, expired or revoked)');
export const tooMany = {
  ...errorResponse('Rate limit reached; retry after the number of seconds in Retry-After'),
  headers: { 'Retry-After': { schema: int } },
};

const refBody = (schema: JsonSchema) => ({ required: false, content: { 'application/json': { schema } } });

export function profilePaths(): Record<string, unknown> {
  const tags = ['Profile'];
  return {
    '/api/rest/portal/profile': {
      get: {
        tags,
        operationId: 'getProfile',
        summary: 'The signed-in customer',
        security: bearer,
        responses: { 200: json(ref('Customer')), 401: unauthorised },
      },
      put: {
        tags,
        operationId: 'updateProfile',
        summary:
          'Change the fields sent (null or "" resets a field; firstName and lastName must be non-empty when sent); answers the updated customer',
        security: bearer,
        requestBody: refBody(ref('CustomerUpdate')),
        responses: { 200: json(ref('Customer')), 401: unauthorised },
      },
    },
    '/api/rest/portal/profile/change-password': {
      patch: {
        tags,
        operationId: 'changePassword',
        summary:
          'Change the password (at least 6 characters, not one of the 10,000 most common: 422 on newPassword); every other session of the customer ends',
        security: bearer,
        requestBody: jsonBodyOf(changePasswordSchema),
        responses: { 200: json(ref('Message')), 401: unauthorised, 429: tooMany },
      },
    },
    '/api/rest/portal/profile/change-email': {
      patch: {
        tags,
        operationId: 'changeEmail',
        summary:
          'Ask to change the e-mail address, confirmed by the password: a confirmation link (url, else the portal\'s /sign-in/link, on the portal origins) is mailed to newEmail, and the address changes only when that link is used (at auth-token, which also removes the password and ends every other session). APP_ENV=test answers carry confirmationLink; 422 on newEmail when it is taken',
        security: bearer,
        requestBody: jsonBodyOf(changeEmailSchema, 'url (optional): where the confirmation link points (the customer id and token are appended)'),
        responses: { 200: json(ref('ConfirmationSent')), 401: unauthorised, 429: tooMany },
      },
    },
  };
}
