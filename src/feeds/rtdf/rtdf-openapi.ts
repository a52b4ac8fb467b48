// OpenAPI: the RTDF calls.
import { errorResponse, json, ref, type JsonSchema } from '../../core/openapi/schema-helpers.ts';
import { componentsOf, jsonBodyOf } from '../../core/openapi/from-yup.ts';
import { rtdfBranchListPayload, rtdfResponsePayload } from './rtdf-payload.ts';
import { branchPropertyListBody, removePropertyBody, sendPropertyBody } from './rtdf-schemas.ts';
import { RTDF_PREFIX } from './rtdf-routes.ts';

export const rtdfSchemas: Record<string, JsonSchema> = componentsOf(rtdfResponsePayload, rtdfBranchListPayload);

const security = [{ apiKeyHeader: [] }, { apiKey: [] }];
const common = {
  401: errorResponse('Missing, unknown or deprecated key (X-Api-Key header or api_key)'),
  403: errorResponse('The account cannot hold inventory'),
};
const invalid = json(
  { anyOf: [ref('RtdfResponse'), ref('Error')] },
  'The request is not valid: RTDF\'s envelope with success false and every error; or `{message}` when the body is not well-formed JSON, or holds a `__proto__` key at any depth',
);

export function rtdfPaths(): Record<string, unknown> {
  const tags = ['RTDF'];
  return {
    [`${RTDF_PREFIX}/sendpropertydetails`]: {
      post: {
        tags,
        operationId: 'rtdfSendPropertyDetails',
        summary: "Creates or updates one home from Rightmove's SendPropertyDetails request (docs/feeds.md); fields of another RTDF version are warnings",
        security,
        requestBody: jsonBodyOf(sendPropertyBody),
        responses: { 200: json(ref('RtdfResponse'), 'Stored (with warnings for what is not shown)'), 400: invalid, ...common },
      },
    },
    [`${RTDF_PREFIX}/removeproperty`]: {
      post: {
        tags,
        operationId: 'rtdfRemoveProperty',
        summary: 'Withdraws one home (RemoveProperty)',
        security,
        requestBody: jsonBodyOf(removePropertyBody),
        responses: { 200: json(ref('RtdfResponse'), 'Removed'), 400: invalid, 404: json(ref('RtdfResponse'), 'No live property of that agent_ref in the branch'), ...common },
      },
    },
    [`${RTDF_PREFIX}/getbranchpropertylist`]: {
      post: {
        tags,
        operationId: 'rtdfGetBranchPropertyList',
        summary: "The branch's live homes of the channel, for reconciliation (GetBranchPropertyList)",
        security,
        requestBody: jsonBodyOf(branchPropertyListBody),
        responses: { 200: json(ref('RtdfBranchPropertyList')), 400: invalid, ...common },
      },
    },
  };
}

export const rtdfSecuritySchemes = { apiKeyHeader: { type: 'apiKey', in: 'header', name: 'X-Api-Key' } };
