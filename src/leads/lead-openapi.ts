// OpenAPI: leads in the synchronisation interfaces (REST pull and push, bulk pull).
import {
  arrayOf,
  bool,
  engineUnavailable,
  errorResponse,
  int,
  json,
  nullable,
  num,
  object,
  pagedEnvelope,
  pathParam,
  ref,
  str,
  validationResponse,
  type JsonSchema,
} from '../core/openapi/schema-helpers.ts';
import { jsonSchemaOf, parametersOf } from '../core/openapi/from-yup.ts';
import { MAX_ID } from '../sync/payload-fields.ts';
import { bulkLeadQuery, ELIGIBILITY_STATUSES, pushedLeadSchema, restLeadQuery } from './lead-schemas.ts';

const n = nullable;
const objectRef = object({ id: int, externalRef: str });

export const leadSchemas: Record<string, JsonSchema> = {
  Lead: object({
    id: int,
    listing: objectRef,
    property: n(objectRef),
    bedrooms: arrayOf(int),
    customer: object({
      id: int,
      email: str,
      firstName: n(str),
      lastName: n(str),
      phone: n(str),
      annualHouseholdIncome: n(num),
      deposit: n(num),
      dateOfBirth: n(str),
      homePostcode: n(str),
      workPostcode: n(str),
      eligibleCitizen: n(bool),
      homeOwnershipStatus: n(int),
      livingCircumstance: n(int),
      workingCircumstance: n(int),
      housingWaitingList: n(bool),
      armedForcesMember: n(bool),
      keyworker: n(bool),
      dependants: n(int),
      hasDisability: n(bool),
    }),
    additionalInfo: n(str),
    eligibilityStatus: { type: 'string', enum: [...ELIGIBILITY_STATUSES] },
    decision: n(ref('Decision')),
    source: str,
    utmSource: n(str),
    utmMedium: n(str),
    utmCampaign: n(str),
    utmTerm: n(str),
    utmContent: n(str),
    appointments: arrayOf(ref('Appointment')),
    isArchived: bool,
    enquiryDate: str,
    updatedAt: str,
  }),
  PushedLead: jsonSchemaOf(pushedLeadSchema),
};

const security = [{ apiKey: [] }];
const unauthorised = errorResponse('Missing, unknown or deprecated api_key');
export function leadPaths(): Record<string, unknown> {
  const tags = ['Leads'];
  return {
    '/api/rest/leads': {
      get: {
        tags,
        operationId: 'listLeads',
        summary: "Leads (applications) on the account's listings, oldest change first",
        security,
        parameters: parametersOf(restLeadQuery, 'query'),
        responses: { 200: json(pagedEnvelope(ref('Lead'))), 401: unauthorised, 422: validationResponse },
      },
      post: {
        tags,
        operationId: 'pushLead',
        summary: 'Push a lead from another platform: an application with that source, status incomplete and no decision',
        security,
        requestBody: { required: true, content: { 'application/json': { schema: ref('PushedLead') } } },
        responses: {
          201: json(ref('Lead'), 'Created'),
          401: unauthorised,
          404: errorResponse('No such live listing for this account'),
          422: validationResponse,
          503: engineUnavailable,
        },
      },
    },
    '/api/rest/leads/{id}': {
      get: {
        tags,
        operationId: 'getLead',
        summary: "One lead on the account's listings",
        security,
        parameters: [pathParam('id', 'lead (application) id', { type: 'integer', minimum: 1, maximum: MAX_ID })],
        responses: { 200: json(ref('Lead')), 401: unauthorised, 404: errorResponse("No such lead on this account's listings") },
      },
    },
    '/api/bulk/leads': {
      get: {
        tags: ['Bulk'],
        operationId: 'bulkPullLeads',
        summary: 'All leads changed since `updated_since`, pages of up to 1000 (premium)',
        security,
        parameters: parametersOf(bulkLeadQuery, 'query'),
        responses: {
          200: json(pagedEnvelope(ref('Lead'))),
          401: unauthorised,
          403: errorResponse('Basic accounts cannot call premium-only operations'),
          422: validationResponse,
        },
      },
    },
  };
}
