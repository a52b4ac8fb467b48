// OpenAPI fragment of generic content: the portal's reads and the editors' content management interface.
import {
  arrayOf,
  bool,
  dataEnvelope,
  errorResponse,
  int,
  json,
  nNum,
  nStr,
  nullable,
  object,
  pagedEnvelope,
  pathParam,
  ref,
  str,
  validationResponse,
  type JsonSchema,
} from '../openapi/schema-helpers.ts';
import { CONTENT_FILTER_NAMES } from './content-filters.ts';
import { LOCATION_TYPES, RELATION_ENTITY_CODES } from './relation-entities.ts';

const idRef = { type: ['integer', 'string'], description: 'an id, or a slug or code' };

const listItemFields = {
  id: int,
  familyId: int,
  url: str,
  blurb: nStr,
  publishedAt: { ...nStr, description: 'null only for an unpublished page shown to an editor (ignore_visibility)' },
  image: nStr,
  headerImages: arrayOf(object({ id: int, alternativeText: str, caption: str, masterUrl: str, thumbnailUrl: str })),
  sitemapCode: str,
  contentTypeCode: str,
  name: str,
  headline: nStr,
  slug: str,
  abstract: nStr,
  location: nullable(
    object({
      region: str,
      type: { type: 'string', enum: [...LOCATION_TYPES] },
      reference: { ...nullable(int), description: 'the id of the county or local authority' },
      name: str,
      latitude: nNum,
      longitude: nNum,
      radius: { ...nNum, description: 'miles' },
    }),
  ),
  topic: nullable(object({ id: int, name: str, slug: str, code: str })),
  series: nullable(object({ id: int, name: str, slug: str })),
  sources: arrayOf(object({ id: int, name: str, url: str, displayOrder: int })),
  authors: arrayOf(
    object({ id: int, name: str, role: str, trails: { ...arrayOf(str), description: "short lines shown under the author's name" } }),
  ),
  tags: arrayOf(object({ name: str, slug: str, category: object({ name: str, slug: str }) })),
};

const sectionsSchema = {
  type: 'object',
  description: "one attribute per template section: an array of objects of the section's fields (strings or null)",
  additionalProperties: arrayOf({ type: 'object', additionalProperties: nStr }),
};

export const contentSchemas: Record<string, JsonSchema> = {
  ContentListItem: object(listItemFields),
  ContentPage: object({
    ...listItemFields,
    relatedTo: object({
      entity: object({ code: { type: 'string', enum: RELATION_ENTITY_CODES }, name: str }),
      item: object({ id: int, slug: str }),
    }),
    titleTag: nStr,
    metaKeywords: nStr,
    metaDescription: nStr,
    canonicalUrl: nStr,
    socialTitle: nStr,
    socialDescription: nStr,
    htmlInfo: { ...nStr, description: 'body html' },
    template: object({ name: str, filePath: str }),
    sections: sectionsSchema,
    family: {
      ...nullable(arrayOf(object({ id: int, slug: str, name: str, url: str, menuLabel: nStr, displayOrder: int }))),
      description: "the family's pages; null for single-content types",
    },
  }),
  EditorContentPage: {
    allOf: [ref('ContentPage'), object({ enabled: bool, main: { ...bool, description: "the family's main page (the one listed)" } })],
  },
  Topic: object({
    id: int,
    contentType: object({
      id: int,
      name: str,
      singleContent: bool,
      activateSources: bool,
      singularTopicLabel: nStr,
      singularSeriesLabel: nStr,
    }),
    name: str,
    code: str,
    slug: str,
    blurb: nStr,
    htmlDetails: nStr,
    tags: {
      ...arrayOf(object({ name: str, slug: str, count: int })),
      description: "tags of the topic's listed content, with how many carry each",
    },
    updatedAt: nStr,
    createdAt: nStr,
  }),
  ContentTag: object({ id: int, name: str, slug: str, category: object({ name: str, slug: str }) }),
  EditorFamily: object({
    id: int,
    slug: str,
    name: str,
    contentTypeCode: str,
    enabled: bool,
    mainPageId: nullable(int),
    topic: listItemFields.topic,
    series: listItemFields.series,
    relatedTo: object({ entity: object({ code: str, name: str }), item: object({ id: int, slug: str }) }),
    location: listItemFields.location,
    sources: listItemFields.sources,
    authors: listItemFields.authors,
    tags: listItemFields.tags,
    collections: arrayOf(object({ id: int, slug: str, name: str })),
    pages: arrayOf(object({ id: int, slug: str, name: str })),
  }),
  FamilyInput: {
    type: 'object',
    description: 'POST needs slug, name and contentType (a code); PATCH changes the fields sent (lists are replaced as a whole)',
    properties: {
      slug: str,
      name: str,
      contentType: str,
      topic: nullable(idRef),
      series: nullable(idRef),
      relatedTo: nullable({
        type: 'object',
        properties: { entity: { type: 'string', enum: RELATION_ENTITY_CODES }, item: idRef },
        description: 'default: entity site, item the marketplace portal',
      }),
      location: nullable({
        type: 'object',
        description:
          'county or local_authority: reference (id, ONS code or name); city or town: name, region, latitude, longitude, radius (miles)',
        properties: {
          type: { type: 'string', enum: [...LOCATION_TYPES] },
          reference: nullable(idRef),
          region: nullable(idRef),
          name: nStr,
          latitude: nNum,
          longitude: nNum,
          radius: nNum,
        },
      }),
      sources: arrayOf(object({ name: str, url: str })),
      authors: arrayOf(object({ author: idRef, role: str })),
      tags: arrayOf(idRef),
      collections: arrayOf(idRef),
      enabled: bool,
    },
  },
  ContentPageInput: {
    type: 'object',
    description:
      "POST needs sitemap (code), template (name), slug and name; family is an existing family (id or slug) or the fields of a new one (FamilyInput; slug, name and content type default to the page's). PATCH changes the fields sent; sections are checked against the template",
    properties: {
      sitemap: str,
      template: str,
      family: { oneOf: [idRef, ref('FamilyInput')] },
      slug: str,
      name: str,
      headline: nStr,
      blurb: nStr,
      abstract: nStr,
      image: nStr,
      headerImages: arrayOf({ type: 'object', properties: { masterUrl: str, thumbnailUrl: nStr, alternativeText: str, caption: str } }),
      titleTag: nStr,
      metaKeywords: nStr,
      metaDescription: nStr,
      canonicalUrl: nStr,
      socialTitle: nStr,
      socialDescription: nStr,
      htmlInfo: nStr,
      sections: sectionsSchema,
      menuLabel: nStr,
      displayOrder: int,
      main: bool,
      enabled: bool,
      publishedAt: { ...nStr, format: 'date-time' },
    },
  },
  TopicInput: {
    type: 'object',
    description: 'POST needs all but blurb and htmlDetails; code and contentType never change',
    properties: { contentType: str, code: str, slug: str, name: str, blurb: nStr, htmlDetails: nStr },
  },
  TagInput: {
    type: 'object',
    description: 'POST needs all three',
    properties: { slug: str, name: str, category: { ...str, description: 'a tag category slug' } },
  },
};

const preview = [
  {
    name: 'ignore_visibility',
    in: 'query',
    schema: { type: 'string', enum: ['1', 'true'] },
    description: 'also show disabled and unpublished content; needs the api_key of an editor account',
  },
  { name: 'api_key', in: 'query', schema: str },
];
const page = [
  { name: 'page', in: 'query', schema: { type: 'integer', minimum: 1, default: 1 } },
  { name: 'size', in: 'query', schema: { type: 'integer', minimum: 1, maximum: 100, default: 10 } },
];
const filters = CONTENT_FILTER_NAMES.map((name) => ({ name, in: 'query', schema: name.endsWith('_id') ? int : str }));
const tag = ['Content'];
const editorTag = ['Content management'];
const security = [{ apiKey: [] }];
const unauthorised = errorResponse('Missing, unknown or deprecated api_key');
const forbidden = errorResponse("The api_key is not an editor account's");
const id = (what: string) => pathParam('id', `${what} id`, { type: 'string' });
const body = (schema: string, required = true) => ({ required, content: { 'application/json': { schema: ref(schema) } } });

function editor(operationId: string, summary: string, responses: Record<string, unknown>, extra: Record<string, unknown> = {}) {
  return { tags: editorTag, operationId, summary, security, ...extra, responses: { 401: unauthorised, 403: forbidden, ...responses } };
}

export function contentPaths(): Record<string, unknown> {
  const notFound = errorResponse('Not found, or not visible');
  const created = (schema: string) => ({
    201: json(ref(schema), 'Created'),
    409: errorResponse('The slug or code exists'),
    422: validationResponse,
  });
  const changed = (schema: string) => ({ 200: json(ref(schema)), 404: notFound, 422: validationResponse });
  return {
    '/api/rest/portal/contents': {
      get: {
        tags: tag,
        operationId: 'contentList',
        summary: 'Main pages of content families, newest published first (then newest created); every filter given applies',
        parameters: [...filters, ...page, ...preview],
        responses: { 200: json(pagedEnvelope(ref('ContentListItem'))), 422: validationResponse },
      },
    },
    '/api/rest/portal/contents/{id}': {
      get: {
        tags: tag,
        operationId: 'contentPageById',
        summary: 'A content page',
        parameters: [id('content page'), ...preview],
        responses: { 200: json(ref('ContentPage')), 404: notFound },
      },
    },
    '/api/rest/portal/contents/slug/{slug}': {
      get: {
        tags: tag,
        operationId: 'contentPageBySlug',
        summary: 'A content page by slug; without sitemap_code, the most recently published page with that slug',
        parameters: [
          pathParam('slug', 'content page slug'),
          { name: 'sitemap_code', in: 'query', schema: str, description: 'advisable: a slug can repeat across sitemap entries' },
          ...preview,
        ],
        responses: { 200: json(ref('ContentPage')), 404: notFound },
      },
    },
    '/api/rest/portal/topics': {
      get: { tags: tag, operationId: 'topicList', summary: 'All topics, by name', responses: { 200: json(dataEnvelope(ref('Topic'))) } },
    },
    '/api/rest/portal/topics/{id}': {
      get: {
        tags: tag,
        operationId: 'topicById',
        summary: 'A topic with its tag counts',
        parameters: [id('topic')],
        responses: { 200: json(ref('Topic')), 404: notFound },
      },
    },
    '/api/rest/portal/topics/slug/{slug}': {
      get: {
        tags: tag,
        operationId: 'topicBySlug',
        summary: 'A topic with its tag counts',
        parameters: [pathParam('slug', 'topic slug')],
        responses: { 200: json(ref('Topic')), 404: notFound },
      },
    },
    '/api/rest/cms/pages': {
      post: editor(
        'createContentPage',
        'Create a page (a draft unless publishedAt is given), with a new family or in an existing one',
        created('EditorContentPage'),
        { requestBody: body('ContentPageInput') },
      ),
    },
    '/api/rest/cms/pages/{id}': {
      patch: editor('updateContentPage', 'Change the fields sent', changed('EditorContentPage'), {
        parameters: [id('content page')],
        requestBody: body('ContentPageInput'),
      }),
    },
    '/api/rest/cms/pages/{id}/publish': {
      post: editor('publishContentPage', 'Publish (and enable) now, or at publishedAt', changed('EditorContentPage'), {
        parameters: [id('content page')],
        requestBody: body('PublishInput', false),
      }),
    },
    '/api/rest/cms/pages/{id}/unpublish': {
      post: editor(
        'unpublishContentPage',
        'Take the page off the portal',
        { 200: json(ref('EditorContentPage')), 404: notFound },
        { parameters: [id('content page')] },
      ),
    },
    '/api/rest/cms/families': {
      post: editor('createContentFamily', 'Create a family', created('EditorFamily'), { requestBody: body('FamilyInput') }),
    },
    '/api/rest/cms/families/{id}': {
      patch: editor('updateContentFamily', 'Change the fields sent; enabled false hides all its pages', changed('EditorFamily'), {
        parameters: [id('family')],
        requestBody: body('FamilyInput'),
      }),
    },
    '/api/rest/cms/topics': { post: editor('createTopic', 'Create a topic', created('Topic'), { requestBody: body('TopicInput') }) },
    '/api/rest/cms/topics/{id}': {
      patch: editor('updateTopic', 'Change the fields sent', changed('Topic'), {
        parameters: [id('topic')],
        requestBody: body('TopicInput'),
      }),
    },
    '/api/rest/cms/tags': { post: editor('createTag', 'Create a tag', created('ContentTag'), { requestBody: body('TagInput') }) },
    '/api/rest/cms/tags/{id}': {
      patch: editor('updateTag', 'Change the fields sent', changed('ContentTag'), {
        parameters: [id('tag')],
        requestBody: body('TagInput'),
      }),
    },
  };
}
