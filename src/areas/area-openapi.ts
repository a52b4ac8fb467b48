// OpenAPI fragment of area pages: their components and the editors' writes (the portal's reads are in area-routes.ts).
import { apiKeySecurity, apiKeyUnauthorised } from '../sync/api-key-openapi.ts';
import { errorResponse, json, ref, type JsonSchema } from '../core/openapi/schema-helpers.ts';
import type * as yup from 'yup';
import { componentsOf, jsonBodyOf, parametersOf } from '../core/openapi/from-yup.ts';
import { publishSchema } from '../content/content-inputs.ts';
import { idPath } from '../content/path-params.ts';
import { areaPageSchema } from './area-inputs.ts';
import { areaPagePayload, editorAreaPagePayload, schemeAreasPayload } from './area-payload.ts';

export const areaSchemas: Record<string, JsonSchema> = componentsOf(schemeAreasPayload, areaPagePayload, editorAreaPagePayload);

const editorTag = ['Content management'];
const notFound = errorResponse('No such area page, or not visible');
const security = apiKeySecurity;
const unauthorised = apiKeyUnauthorised;
const forbidden = errorResponse("The api_key is not an editor account's");
const idParam = parametersOf(idPath('area page'), 'path');
const body = (schema: yup.AnySchema) =>
  jsonBodyOf(schema, 'POST needs slug, name, template, scheme and a place: region, or area with a county or local authority');

export function areaPaths(): Record<string, unknown> {
  const editor = (operationId: string, summary: string, responses: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
    tags: editorTag,
    operationId,
    summary,
    security,
    ...extra,
    responses: { 401: unauthorised, 403: forbidden, ...responses },
  });
  return {
    '/api/rest/cms/area-pages': {
      post: editor(
        'createAreaPage',
        'Create an area page (a draft unless publishedAt is given); 409 when the slug exists',
        { 201: json(ref('EditorAreaPage'), 'Created'), 409: errorResponse('The slug exists') },
        { requestBody: body(areaPageSchema('create')) },
      ),
    },
    '/api/rest/cms/area-pages/{id}': {
      patch: editor(
        'updateAreaPage',
        'Change the fields sent; content is replaced as a whole',
        { 200: json(ref('EditorAreaPage')), 404: notFound },
        { parameters: idParam, requestBody: body(areaPageSchema('update')) },
      ),
    },
    '/api/rest/cms/area-pages/{id}/publish': {
      post: editor(
        'publishAreaPage',
        'Publish now, or at publishedAt',
        { 200: json(ref('EditorAreaPage')), 404: notFound },
        { parameters: idParam, requestBody: jsonBodyOf(publishSchema) },
      ),
    },
    '/api/rest/cms/area-pages/{id}/unpublish': {
      post: editor(
        'unpublishAreaPage',
        'Take the page off the portal (back to a draft)',
        { 200: json(ref('EditorAreaPage')), 404: notFound },
        { parameters: idParam },
      ),
    },
  };
}
