// OpenAPI fragment of area pages: the portal's reads and the editors' writes.
import { apiKeyOperation } from '../api-accounts/api-key-operations.ts';
import { dataEnvelope, engineUnavailable, errorResponse, json, ref, validationResponse, type JsonSchema } from '../core/openapi/schema-helpers.ts';
import type * as yup from 'yup';
import { componentsOf, jsonBodyOf, parametersOf } from '../core/openapi/from-yup.ts';
import { publishSchema } from '../content/content-inputs.ts';
import { previewQuery } from '../content/editor-access.ts';
import { idPath, slugPath } from '../content/path-params.ts';
import { areaListingsQuery, areaPageSchema } from './area-inputs.ts';
import { areaPagePayload, editorAreaPagePayload, schemeAreasPayload } from './area-payload.ts';

export const areaSchemas: Record<string, JsonSchema> = componentsOf(schemeAreasPayload, areaPagePayload, editorAreaPagePayload);

const tag = ['Area pages'];
const editorTag = ['Content management'];
const notFound = errorResponse('No such area page, or not visible');
const forbidden = errorResponse("The api_key is not an editor account's");
const idParam = parametersOf(idPath('area page'), 'path');
const pathParams = (v: 'Id' | 'Slug') => (v === 'Id' ? idParam : parametersOf(slugPath('area page'), 'path'));
const body = (schema: yup.AnySchema) =>
  jsonBodyOf(schema, 'POST needs slug, name, template, scheme and a place: region, or area with a county or local authority');

export function areaPaths(): Record<string, unknown> {
  const page = (v: 'Id' | 'Slug') => ({
    tags: tag,
    operationId: `areaPageBy${v}`,
    summary: 'An area page',
    parameters: [...pathParams(v), ...parametersOf(previewQuery, 'query')],
    responses: { 200: json(ref('AreaPage')), 404: notFound },
  });
  const listings = (v: 'Id' | 'Slug') => ({
    tags: tag,
    operationId: `areaListingsBy${v}`,
    description: 'An optional bearer token fills `favourite`.',
    summary:
      "Live marketplace listings of the page's scheme in its area (region, county or local authority): featured, then premium, then newest",
    parameters: [...pathParams(v), ...parametersOf(areaListingsQuery, 'query')],
    responses: {
      200: json(dataEnvelope(ref('ListingItem'))),
      401: errorResponse('An invalid, expired or revoked bearer token'),
      404: notFound,
      422: validationResponse,
      503: engineUnavailable,
    },
  });
  const editor = (operationId: string, summary: string, responses: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
    apiKeyOperation({ tags: editorTag, operationId, summary, ...extra, responses: { 403: forbidden, ...responses } });
  return {
    '/api/rest/portal/scheme-areas': {
      get: {
        tags: tag,
        operationId: 'schemeAreas',
        summary: 'Schemes with area pages, each with its regions and their areas',
        responses: { 200: json(dataEnvelope(ref('SchemeAreas'))) },
      },
    },
    '/api/rest/portal/scheme-areas/pages/{id}': { get: page('Id') },
    '/api/rest/portal/scheme-areas/pages/slug/{slug}': { get: page('Slug') },
    '/api/rest/portal/scheme-areas/pages/{id}/listings': { get: listings('Id') },
    '/api/rest/portal/scheme-areas/pages/slug/{slug}/listings': { get: listings('Slug') },
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
