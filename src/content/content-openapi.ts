// OpenAPI fragment of generic content: its components and the editors' content management interface (the
// portal's reads are in content-routes.ts).
// Request bodies and parameters come from the yup schemas that validate them; this file holds the rest.
import { apiKeySecurity, apiKeyUnauthorised } from '../sync/api-key-openapi.ts';
import type * as yup from 'yup';
import { errorResponse, json, ref, type JsonSchema } from '../core/openapi/schema-helpers.ts';
import { componentsOf, jsonBodyOf, parametersOf } from '../core/openapi/from-yup.ts';
import { familySchema, pageCreateSchema, pageUpdateSchema, publishSchema, tagSchema, topicSchema } from './content-inputs.ts';
import { idPath } from './path-params.ts';
import {
  contentListItemPayload,
  contentPagePayload,
  contentTagPayload,
  editorContentPagePayload,
  editorFamilyPayload,
  topicPayload,
} from './content-payload.ts';

export const contentSchemas: Record<string, JsonSchema> = componentsOf(
  contentListItemPayload,
  contentPagePayload,
  editorContentPagePayload,
  topicPayload,
  contentTagPayload,
  editorFamilyPayload,
);

const FAMILY =
  'relatedTo defaults to the site with the marketplace portal as item; location: county or local_authority name a reference (id, ONS code or name), city or town a name, region, latitude, longitude and radius (miles)';

const editorTag = ['Content management'];
const security = apiKeySecurity;
const unauthorised = apiKeyUnauthorised;
const forbidden = errorResponse("The api_key is not an editor account's");
const idParam = (what: string) => parametersOf(idPath(what), 'path');
const body = (schema: yup.AnySchema, description?: string) => ({ requestBody: jsonBodyOf(schema, description) });

function editor(operationId: string, summary: string, responses: Record<string, unknown>, extra: Record<string, unknown> = {}) {
  return { tags: editorTag, operationId, summary, security, ...extra, responses: { 401: unauthorised, 403: forbidden, ...responses } };
}

export function contentPaths(): Record<string, unknown> {
  const notFound = errorResponse('Not found, or not visible');
  const created = (schema: string) => ({ 201: json(ref(schema), 'Created'), 409: errorResponse('The slug or code exists') });
  const changed = (schema: string) => ({ 200: json(ref(schema)), 404: notFound });
  const publish = { requestBody: jsonBodyOf(publishSchema) };
  return {
    '/api/rest/cms/pages': {
      post: editor(
        'createContentPage',
        'Create a page (a draft unless publishedAt is given), with a new family or in an existing one',
        created('EditorContentPage'),
        body(
          pageCreateSchema,
          "family is an existing family (id or slug) or the fields of a new one (slug, name and content type default to the page's); sections are checked against the template",
        ),
      ),
    },
    '/api/rest/cms/pages/{id}': {
      patch: editor('updateContentPage', 'Change the fields sent', changed('EditorContentPage'), {
        parameters: idParam('content page'),
        ...body(pageUpdateSchema, 'sections are checked against the template'),
      }),
    },
    '/api/rest/cms/pages/{id}/publish': {
      post: editor('publishContentPage', 'Publish (and enable) now, or at publishedAt', changed('EditorContentPage'), {
        parameters: idParam('content page'),
        ...publish,
      }),
    },
    '/api/rest/cms/pages/{id}/unpublish': {
      post: editor('unpublishContentPage', 'Take the page off the portal', changed('EditorContentPage'), {
        parameters: idParam('content page'),
      }),
    },
    '/api/rest/cms/families': {
      post: editor('createContentFamily', 'Create a family', created('EditorFamily'), body(familySchema('create'), FAMILY)),
    },
    '/api/rest/cms/families/{id}': {
      patch: editor('updateContentFamily', 'Change the fields sent; enabled false hides all its pages', changed('EditorFamily'), {
        parameters: idParam('family'),
        ...body(familySchema('update'), `${FAMILY}; lists are replaced as a whole`),
      }),
    },
    '/api/rest/cms/topics': { post: editor('createTopic', 'Create a topic', created('Topic'), body(topicSchema('create'))) },
    '/api/rest/cms/topics/{id}': {
      patch: editor('updateTopic', 'Change the fields sent; code and contentType never change', changed('Topic'), {
        parameters: idParam('topic'),
        ...body(topicSchema('update')),
      }),
    },
    '/api/rest/cms/tags': {
      post: editor('createTag', 'Create a tag (category: a tag category slug)', created('ContentTag'), body(tagSchema('create'))),
    },
    '/api/rest/cms/tags/{id}': {
      patch: editor('updateTag', 'Change the fields sent', changed('ContentTag'), {
        parameters: idParam('tag'),
        ...body(tagSchema('update')),
      }),
    },
  };
}
