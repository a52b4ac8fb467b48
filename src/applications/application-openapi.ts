// OpenAPI: register interest, the Application resource and the customer's applications.
import {
  dataEnvelope,
  engineUnavailable,
  errorResponse,
  json,
  pathParam,
  ref,
  validationResponse,
  type JsonSchema,
} from '../core/openapi/schema-helpers.ts';
import { bearer, tooMany, unauthorised } from '../customers/customer-openapi.ts';
import { componentsOf, jsonBodyOf, parametersOf, responseSchemaOf } from '../core/openapi/from-yup.ts';
import { applicationPayload, decisionPayload, progressPayload } from './application-payload.ts';
import { registerInterestDetailsPayload, registerInterestFieldsPayload, registerInterestPropertyDetailsPayload } from '../listing-reads/listing-details-payload.ts';
import { applicationUpdateSchema, archivedQuery, registerInterestSchema, sizeQuery, tokenUpdateSchema, validateEligibilityQuery } from './application-schemas.ts';
import { badBearer, optionalBearer, portalHeaders } from '../listing-search/search-openapi.ts';
import { ELIGIBILITY_FIELDS } from '../listings/listing-sync-schema.ts';

export const applicationSchemas: Record<string, JsonSchema> = componentsOf(decisionPayload, progressPayload, applicationPayload, registerInterestFieldsPayload);

const validateEligibility = parametersOf(validateEligibilityQuery, 'query', {
  descriptions: {
    validate_eligibility: `1 or true: every eligibility field the listing's rules need (${ELIGIBILITY_FIELDS.join(', ')}) must be known, from the body or the profile (422 naming each missing field)`,
  },
})[0]!;
const notFound = errorResponse('No such application of this customer');
const applicationId = pathParam('applicationId', 'application id', { type: 'string' });
const keyParam = (v: 'id' | 'slug') => (v === 'id' ? pathParam('id', 'listing id', { type: 'string' }) : pathParam('slug', 'listing slug'));
const tags = ['Register interest'];

function variants(
  suffix: string,
  method: 'get' | 'post',
  op: (variant: 'id' | 'slug') => Record<string, unknown>,
  extra: Record<string, unknown>[] = [],
) {
  return {
    [`/api/rest/portal/listings/{id}${suffix}`]: { [method]: { ...op('id'), parameters: [keyParam('id'), ...extra, ...portalHeaders] } },
    [`/api/rest/portal/listings/slug/{slug}${suffix}`]: {
      [method]: { ...op('slug'), parameters: [keyParam('slug'), ...extra, ...portalHeaders] },
    },
  };
}

export function applicationPaths(): Record<string, unknown> {
  const listingMissing = errorResponse('No such live listing (or property of it)');
  const fullDetails = (withProperty: boolean) => responseSchemaOf(withProperty ? registerInterestPropertyDetailsPayload : registerInterestDetailsPayload);
  const propertyParam = pathParam('propertyId', 'property id', { type: 'string' });
  const appTags = ['Applications'];
  return {
    ...variants('/register-interest-fields', 'get', (v) => ({
      tags,
      operationId: `registerInterestFields_${v}`,
      summary: 'The eligibility and priority fields a register-interest form asks for',
      responses: { 200: json(responseSchemaOf(registerInterestFieldsPayload)), 404: listingMissing, 422: validationResponse, 503: engineUnavailable },
    })),
    ...variants('/register-interest-full-details', 'get', (v) => ({
      tags,
      operationId: `registerInterestFullDetails_${v}`,
      summary: 'The listing details and the register-interest fields',
      security: optionalBearer,
      responses: { 200: json(fullDetails(false)), 401: badBearer, 404: listingMissing, 422: validationResponse, 503: engineUnavailable },
    })),
    ...variants(
      '/properties/{propertyId}/register-interest-full-details',
      'get',
      (v) => ({
        tags,
        operationId: `registerInterestPropertyFullDetails_${v}`,
        summary: 'The listing details, the register-interest fields and one property',
        security: optionalBearer,
        responses: { 200: json(fullDetails(true)), 401: badBearer, 404: listingMissing, 422: validationResponse, 503: engineUnavailable },
      }),
      [propertyParam],
    ),
    ...variants(
      '/register-interest',
      'post',
      (v) => ({
        tags,
        operationId: `registerInterest_${v}`,
        summary:
          'Register interest: a signed-in customer (bearer), or a new one registered by `email` (+ `password` where the portal uses passwords: 6 or more characters, not one of the 10,000 most common), whose address stays unproven until a magic link sent to it is used. ' +
          'Sent customer fields update the profile; eligibility is always decided. 201 with the application, its customer and updateToken.',
        security: optionalBearer,
        requestBody: jsonBodyOf(registerInterestSchema, 'email (+ password where the portal uses passwords) registers a new customer in the same request; property: interest in one property; bedrooms: counts of interest when no property is given'),
        responses: {
          201: json(ref('Application'), 'Application created'),
          401: badBearer,
          404: listingMissing,
          409: errorResponse('A previous application exists for the same property (or the same listing when no property is given)'),
          422: validationResponse,
          429: tooMany,
          503: engineUnavailable,
        },
      }),
      [validateEligibility],
    ),
    '/api/rest/portal/profile/applications': {
      get: {
        tags: appTags,
        operationId: 'listApplications',
        summary: "The customer's applications (without the customer object), newest first",
        security: bearer,
        parameters: parametersOf(archivedQuery, 'query', { descriptions: { archived: '1/true archived only, 0/false active only, absent all' } }),
        responses: { 200: json(dataEnvelope(ref('Application'))), 401: unauthorised, 422: validationResponse, 503: engineUnavailable },
      },
    },
    '/api/rest/portal/profile/applications/{applicationId}': {
      get: {
        tags: appTags,
        operationId: 'getApplication',
        summary: 'One application, with its customer',
        security: bearer,
        parameters: [applicationId],
        responses: { 200: json(ref('Application')), 401: unauthorised, 404: notFound, 503: engineUnavailable },
      },
      put: {
        tags: appTags,
        operationId: 'updateApplication',
        summary:
          "Update an application (and the profile fields sent); eligibility is decided again. UTM values are stored only while all of the application's are empty.",
        security: bearer,
        parameters: [applicationId, validateEligibility],
        requestBody: jsonBodyOf(applicationUpdateSchema),
        responses: { 200: json(ref('Application')), 401: unauthorised, 404: notFound, 422: validationResponse, 503: engineUnavailable },
      },
    },
    '/api/rest/portal/profile/applications/{applicationId}/archive': {
      patch: {
        tags: appTags,
        operationId: 'archiveApplication',
        summary:
          'Archive (irreversible; archiving again changes nothing); every upcoming confirmed appointment is cancelled. Answers the application.',
        security: bearer,
        parameters: [applicationId],
        responses: { 200: json(ref('Application')), 401: unauthorised, 404: notFound, 503: engineUnavailable },
      },
    },
    '/api/rest/portal/applications/{applicationId}': {
      put: {
        tags: appTags,
        operationId: 'updateApplicationWithToken',
        summary:
          'Update an application without signing in, with the updateToken from register interest: it works for 30 days after register interest and never once the application is archived (404 for a wrong, expired or voided token). The answer holds the application alone, never the customer',
        parameters: [applicationId, validateEligibility],
        requestBody: jsonBodyOf(tokenUpdateSchema),
        responses: { 200: json(ref('Application')), 404: notFound, 422: validationResponse, 503: engineUnavailable },
      },
    },
    '/api/rest/portal/applications/{applicationId}/recommendations': {
      get: {
        tags: appTags,
        operationId: 'applicationRecommendations',
        summary: "Listings similar to the application's, that the customer is eligible for (not failed) and has not applied for",
        security: bearer,
        parameters: [
          applicationId,
          ...parametersOf(sizeQuery, 'query'),
          ...portalHeaders,
        ],
        responses: { 200: json(dataEnvelope(ref('ListingItem'))), 401: unauthorised, 404: notFound, 422: validationResponse, 503: engineUnavailable },
      },
    },
  };
}
