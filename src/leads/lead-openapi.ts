// OpenAPI: leads in the synchronisation interfaces (REST pull and push, bulk pull).
import { apiKeyPaths } from '../api-accounts/api-key-operations.ts';
import { engineUnavailable, errorResponse, json, pagedEnvelope, pathParam, ref, validationResponse, type JsonSchema } from '../core/openapi/schema-helpers.ts';
import { componentsOf, jsonSchemaOf, parametersOf } from '../core/openapi/from-yup.ts';
import { MAX_ID } from '../sync/payload-fields.ts';
import { bulkLeadQuery, pushedLeadSchema, restLeadQuery } from './lead-schemas.ts';
import { leadProgressSchema } from './lead-progress-schemas.ts';
import { leadPayload } from './lead-payload.ts';

export const leadSchemas: Record<string, JsonSchema> = {
  ...componentsOf(leadPayload),
  PushedLead: jsonSchemaOf(pushedLeadSchema),
  LeadProgress: jsonSchemaOf(leadProgressSchema),
};

export function leadPaths(): Record<string, unknown> {
  const tags = ['Leads'];
  return apiKeyPaths({
    '/api/rest/leads': {
      get: {
        tags,
        operationId: 'listLeads',
        summary: "Leads (applications) on the account's listings, oldest change first",
        parameters: parametersOf(restLeadQuery, 'query'),
        responses: { 200: json(pagedEnvelope(ref('Lead'))), 422: validationResponse },
      },
      post: {
        tags,
        operationId: 'pushLead',
        summary:
          "Push a lead from another platform on one of the account's live listings (a partner's: a marketplace listing): kept as pushed, with that source, status incomplete and no decision; it belongs to no customer account",
        requestBody: { required: true, content: { 'application/json': { schema: ref('PushedLead') } } },
        responses: {
          201: json(ref('Lead'), 'Created'),
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
        parameters: [pathParam('id', 'lead (application) id', { type: 'integer', minimum: 1, maximum: MAX_ID })],
        responses: { 200: json(ref('Lead')), 404: errorResponse("No such lead on this account's listings") },
      },
      patch: {
        tags,
        operationId: 'moveLead',
        summary:
          "Move the lead along its stages: the progress the applicant sees (stage, place in the queue, note), set as a whole. A change is e-mailed to the applicant once and sent as lead.updated; the same progress again changes nothing",
        parameters: [pathParam('id', 'lead (application) id', { type: 'integer', minimum: 1, maximum: MAX_ID })],
        requestBody: { required: true, content: { 'application/json': { schema: ref('LeadProgress') } } },
        responses: {
          200: json(ref('Lead')),
          404: errorResponse("No such lead on this account's listings"),
          422: validationResponse,
        },
      },
    },
    '/api/bulk/leads': {
      get: {
        tags: ['Bulk'],
        operationId: 'bulkPullLeads',
        summary: 'All leads changed since `updated_since`, pages of up to 1000 (premium)',
        parameters: parametersOf(bulkLeadQuery, 'query'),
        responses: {
          200: json(pagedEnvelope(ref('Lead'))),
          403: errorResponse('Basic accounts cannot call premium-only operations'),
          422: validationResponse,
        },
      },
    },
  });
}
