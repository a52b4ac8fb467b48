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
} from '../openapi/schema-helpers.ts';
import { customerInputProperties } from '../customers/customer-openapi.ts';

const n = nullable;
const refOrId = { oneOf: [{ type: 'string' }, { type: 'integer' }] };
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
    eligibilityStatus: { type: 'string', enum: ['passed', 'considered', 'incomplete', 'failed'] },
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
  PushedLead: object(
    {
      ...customerInputProperties,
      email: { type: 'string', format: 'email' },
      listing: { ...refOrId, description: "the account's listing ref, or a marketplace listing id" },
      property: n({ ...refOrId, description: 'a property ref or id of that listing' }),
      source: { type: 'string', description: 'the platform the lead comes from' },
      additionalInfo: n(str),
      enquiryDate: n({ type: 'string', format: 'date-time' }),
    },
    ['email', 'listing', 'source'],
  ),
};

const security = [{ apiKey: [] }];
const unauthorised = errorResponse('Missing, unknown or deprecated api_key');
const filters = [
  { name: 'updated_since', in: 'query', description: 'ISO 8601 date-time: only leads changed since', schema: str },
  { name: 'listing', in: 'query', description: 'a listing externalRef', schema: str },
  {
    name: 'status',
    in: 'query',
    description: 'eligibility status',
    schema: { type: 'string', enum: ['passed', 'considered', 'incomplete', 'failed'] },
  },
];
const page = (max: number, size: number) => [
  { name: 'page', in: 'query', schema: { type: 'integer', minimum: 1, default: 1 } },
  { name: 'size', in: 'query', schema: { type: 'integer', minimum: 1, maximum: max, default: size } },
];

export function leadPaths(): Record<string, unknown> {
  const tags = ['Leads'];
  return {
    '/api/rest/leads': {
      get: {
        tags,
        operationId: 'listLeads',
        summary: "Leads (applications) on the account's listings, oldest change first",
        security,
        parameters: [...page(100, 10), ...filters],
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
        parameters: [pathParam('id', 'lead (application) id')],
        responses: { 200: json(ref('Lead')), 401: unauthorised, 404: errorResponse("No such lead on this account's listings") },
      },
    },
    '/api/bulk/leads': {
      get: {
        tags: ['Bulk'],
        operationId: 'bulkPullLeads',
        summary: 'All leads changed since `updated_since`, pages of up to 1000 (premium)',
        security,
        parameters: [...page(1000, 1000), ...filters],
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
