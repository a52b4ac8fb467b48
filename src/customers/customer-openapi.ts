// OpenAPI: the Customer resource, the customer update fields, and what the customer's operations share
// (the bearer scheme, its 401, the rate limit's 429); the profile's operations are in profile/profile-routes.ts.
import { errorResponse, int, noProtoKey, type JsonSchema } from '../core/openapi/schema-helpers.ts';
import { componentsOf, jsonSchemaOf } from '../core/openapi/from-yup.ts';
import { customerPayload, messagePayload } from './customer-payload.ts';
import { customerFieldsSchema } from './customer-fields.ts';


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
