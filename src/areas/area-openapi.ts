// OpenAPI fragment of area pages: the portal's reads and the editors' writes.
import {
  arrayOf,
  dataEnvelope,
  engineUnavailable,
  errorResponse,
  int,
  json,
  nStr,
  nullable,
  object,
  pathParam,
  ref,
  str,
  validationResponse,
  type JsonSchema,
} from '../openapi/schema-helpers.ts';
import { AREA_TEMPLATES, AREA_TYPES } from './area-inputs.ts';

const idRef = { type: ['integer', 'string'], description: 'an id, or a slug, code or name' };

const featuredListing = object({
  image: str,
  imageAltText: str,
  title: str,
  content: str,
  url: { ...nStr, description: 'a listing slug' },
});

export const areaSchemas: Record<string, JsonSchema> = {
  SchemeAreas: object({
    id: int,
    name: str,
    slug: str,
    color: str,
    regions: arrayOf(object({ name: str, areas: arrayOf(object({ id: int, name: str, slug: str })) })),
  }),
  AreaPage: object({
    id: int,
    name: str,
    slug: str,
    template: { type: 'string', enum: [...AREA_TEMPLATES] },
    scheme: object({ id: int, name: str, slug: str, color: str }),
    region: str,
    titleTag: str,
    metaKeywords: str,
    metaDescription: str,
    headline: str,
    content: {
      type: 'object',
      description: 'featuredListings only with the featured-listings template',
      required: ['heading', 'description', 'title1', 'copy1', 'title2', 'copy2'],
      properties: {
        heading: nStr,
        description: nStr,
        title1: nStr,
        copy1: nStr,
        title2: nStr,
        copy2: nStr,
        featuredListings: arrayOf(featuredListing),
      },
    },
    faqs: nullable(arrayOf(object({ question: str, answer: str }))),
    mainImageUrl: nStr,
    socialImageUrl: nStr,
    socialTitle: nStr,
    socialDescription: nStr,
  }),
  EditorAreaPage: {
    allOf: [
      ref('AreaPage'),
      object({
        area: object({
          type: { type: 'string', enum: [...AREA_TYPES] },
          reference: { ...int, description: 'the id of the region, county or local authority' },
          name: str,
        }),
        displayOrder: int,
        publishedAt: { ...nStr, description: 'null: a draft; a future instant: scheduled' },
      }),
    ],
  },
  AreaPageInput: {
    type: 'object',
    description:
      'POST needs slug, name, template, scheme and a place (region, or area with a county or local authority); PATCH changes the fields sent',
    properties: {
      slug: str,
      name: str,
      template: { type: 'string', enum: [...AREA_TEMPLATES] },
      scheme: idRef,
      region: idRef,
      area: { type: 'object', properties: { type: { type: 'string', enum: [...AREA_TYPES] }, reference: idRef } },
      titleTag: str,
      metaKeywords: str,
      metaDescription: str,
      headline: str,
      content: {
        type: 'object',
        properties: {
          heading: nStr,
          description: nStr,
          title1: nStr,
          copy1: nStr,
          title2: nStr,
          copy2: nStr,
          featuredListings: arrayOf({
            type: 'object',
            description: 'image, imageAltText (or image_alt_text), title, content, url',
            properties: { image: str, imageAltText: str, image_alt_text: str, title: str, content: str, url: nStr },
          }),
        },
      },
      faqs: nullable(arrayOf(object({ question: str, answer: str }))),
      mainImageUrl: nStr,
      socialImageUrl: nStr,
      socialTitle: nStr,
      socialDescription: nStr,
      displayOrder: int,
      publishedAt: { ...nStr, format: 'date-time' },
    },
  },
  PublishInput: {
    type: 'object',
    properties: { publishedAt: { ...nStr, format: 'date-time', description: 'when the object becomes visible; now when omitted' } },
  },
};

const tag = ['Area pages'];
const editorTag = ['Content management'];
const notFound = errorResponse('No such area page, or not visible');
const preview = [
  {
    name: 'ignore_visibility',
    in: 'query',
    schema: { type: 'string', enum: ['1', 'true'] },
    description: 'show an unpublished page; needs the api_key of an editor account',
  },
  { name: 'api_key', in: 'query', schema: str },
];
const size = { name: 'size', in: 'query', schema: { type: 'integer', minimum: 1, maximum: 50, default: 6 } };
const security = [{ apiKey: [] }];
const unauthorised = errorResponse('Missing, unknown or deprecated api_key');
const forbidden = errorResponse("The api_key is not an editor account's");
const idParam = pathParam('id', 'area page id', { type: 'string' });
const body = (schema: string, required = true) => ({ required, content: { 'application/json': { schema: ref(schema) } } });

export function areaPaths(): Record<string, unknown> {
  const page = (v: 'Id' | 'Slug') => ({
    tags: tag,
    operationId: `areaPageBy${v}`,
    summary: 'An area page',
    parameters: [v === 'Id' ? idParam : pathParam('slug', 'area page slug'), ...preview],
    responses: { 200: json(ref('AreaPage')), 404: notFound },
  });
  const listings = (v: 'Id' | 'Slug') => ({
    tags: tag,
    operationId: `areaListingsBy${v}`,
    description: 'An optional bearer token fills `favourite`.',
    summary:
      "Live marketplace listings of the page's scheme in its area (region, county or local authority): featured, then premium, then newest",
    parameters: [v === 'Id' ? idParam : pathParam('slug', 'area page slug'), size, ...preview],
    responses: {
      200: json(dataEnvelope(ref('ListingItem'))),
      401: errorResponse('An invalid, expired or revoked bearer token'),
      404: notFound,
      422: validationResponse,
      503: engineUnavailable,
    },
  });
  const editor = (operationId: string, summary: string, responses: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
    tags: editorTag,
    operationId,
    summary,
    security,
    ...extra,
    responses: { 401: unauthorised, 403: forbidden, ...responses },
  });
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
        { 201: json(ref('EditorAreaPage'), 'Created'), 409: errorResponse('The slug exists'), 422: validationResponse },
        { requestBody: body('AreaPageInput') },
      ),
    },
    '/api/rest/cms/area-pages/{id}': {
      patch: editor(
        'updateAreaPage',
        'Change the fields sent; content is replaced as a whole',
        { 200: json(ref('EditorAreaPage')), 404: notFound, 422: validationResponse },
        { parameters: [idParam], requestBody: body('AreaPageInput') },
      ),
    },
    '/api/rest/cms/area-pages/{id}/publish': {
      post: editor(
        'publishAreaPage',
        'Publish now, or at publishedAt',
        { 200: json(ref('EditorAreaPage')), 404: notFound, 422: validationResponse },
        { parameters: [idParam], requestBody: body('PublishInput', false) },
      ),
    },
    '/api/rest/cms/area-pages/{id}/unpublish': {
      post: editor(
        'unpublishAreaPage',
        'Take the page off the portal (back to a draft)',
        { 200: json(ref('EditorAreaPage')), 404: notFound },
        { parameters: [idParam] },
      ),
    },
  };
}
