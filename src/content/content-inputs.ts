// yup schemas of what editors send (content management interface and import files), validated where the
// request arrives; the OpenAPI request bodies are generated from them. `create` schemas require what a
// new object needs; `update` schemas accept any subset (only the fields sent change).
import * as yup from 'yup';
import { withJsonSchema } from '../core/validation.ts';
import { jsonSchemaOf } from '../core/openapi/from-yup.ts';
import { LOCATION_TYPES, RELATION_ENTITY_CODES } from './relation-entities.ts';
import { TOPIC_USES } from './content-type-rules.ts';
import { sectionsField, templateSectionsSchema } from './template-model.ts';
import { urlPatternProblem } from './content-url.ts';
import { boolField, closedObject, codeField, dateTimeField, intField, nameField, numberField, oneOfField, plainText, refField, slugField, text, urlField } from './input-fields.ts';

export type Mode = 'create' | 'update';

const need = <S extends yup.Schema>(schema: S, mode: Mode, message = '${path} is required'): S =>
  mode === 'create' ? (schema.required(message) as unknown as S) : schema;

// ---- families ----

const relationSchema = closedObject({
  entity: oneOfField(RELATION_ENTITY_CODES, 'relatedTo.entity').required('relatedTo.entity is required'),
  item: refField('relatedTo.item').required('relatedTo.item is required'),
})
  .nullable()
  .optional();

const PLACED_TYPES = ['city', 'town'];
const PLACED_FIELDS = ['name', 'region', 'latitude', 'longitude', 'radius'] as const;

/** County and local authority locations name their reference; cities and towns are named, placed and sized. */
const locationSchema = closedObject({
  type: oneOfField(LOCATION_TYPES, 'location.type').required('location.type is required'),
  reference: refField('location.reference', { nullable: true }),
  region: refField('location.region', { nullable: true }),
  name: nameField(255).nullable(),
  latitude: numberField().min(-90, '${path} must be at least -90').max(90, '${path} must be at most 90').nullable(),
  longitude: numberField().min(-180, '${path} must be at least -180').max(180, '${path} must be at most 180').nullable(),
  radius: numberField().min(0, '${path} must be at least 0').nullable(),
})
  .nullable()
  .optional()
  .test('location-fields', function (loc) {
    if (!loc || !LOCATION_TYPES.includes(loc.type as never)) return true;
    const missing = PLACED_TYPES.includes(loc.type)
      ? PLACED_FIELDS.filter((key) => loc[key] === null || loc[key] === undefined).map((key) => [
          key,
          `location.${key} is required for a ${loc.type}`,
        ])
      : loc.reference === null || loc.reference === undefined
        ? [['reference', `location.reference (the ${loc.type.replace('_', ' ')}) is required`]]
        : [];
    if (!missing.length) return true;
    return new yup.ValidationError(missing.map(([key, message]) => this.createError({ path: `${this.path}.${key}`, message })));
  });

function familyFields(mode: Mode) {
  return {
    slug: need(slugField(), mode),
    name: need(nameField(), mode),
    contentType: need(codeField(), mode),
    topic: refField('topic', { nullable: true }),
    series: refField('series', { nullable: true }),
    relatedTo: relationSchema,
    location: locationSchema,
    sources: yup.array(
      closedObject({ name: nameField().required('name is required'), url: urlField().required('url is required') }).required(),
    ),
    authors: yup.array(
      closedObject({
        author: refField('author').required('author is required'),
        role: nameField(100).required('role is required'),
      }).required(),
    ),
    tags: yup.array(refField('tag').required()),
    collections: yup.array(refField('collection').required()),
    enabled: boolField(),
  };
}

/** `inline`: the fields of a new family given with its first page (all optional: they default to the page's). */
export function familySchema(mode: Mode | 'inline') {
  return closedObject(familyFields(mode === 'inline' ? 'update' : mode));
}
export type FamilyInput = yup.InferType<ReturnType<typeof familySchema>>;

// ---- pages ----

const headerImageSchema = closedObject({
  masterUrl: urlField().required('masterUrl is required'),
  thumbnailUrl: urlField(),
  alternativeText: plainText(500).default(''),
  caption: plainText(1000).default(''),
});

function pageFields(mode: Mode) {
  return {
    sitemap: need(codeField(), mode),
    template: need(nameField(100), mode),
    slug: need(slugField(), mode),
    name: need(nameField(), mode),
    headline: text(500),
    blurb: text(2000),
    abstract: text(5000),
    image: urlField(),
    headerImages: yup.array(headerImageSchema.required()),
    titleTag: text(255),
    metaKeywords: text(500),
    metaDescription: text(1000),
    canonicalUrl: urlField(),
    socialTitle: text(255),
    socialDescription: text(1000),
    htmlInfo: text(500_000),
    sections: sectionsField(),
    menuLabel: text(100),
    displayOrder: intField(),
    main: boolField(),
    enabled: boolField(),
    publishedAt: dateTimeField({ nullable: true }),
  };
}

/** The family of a new page: an id or slug of an existing family, or the fields of a new one. */
function pageFamilyField() {
  const inline = familySchema('inline');
  const existing = refField('family', { nullable: true });
  // one schema in the document: integer and string keywords bind the reference, object keywords the new family
  const { type: _object, ...objectKeywords } = jsonSchemaOf(inline);
  const documentedRef = withJsonSchema(existing, { ...objectKeywords, type: ['integer', 'string', 'object', 'null'] });
  const field = yup.lazy((value: unknown) =>
    typeof value === 'object' && value !== null && !Array.isArray(value) ? inline : documentedRef,
  );
  return field as unknown as yup.MixedSchema<FamilyInput | number | string | null | undefined>;
}

export const pageCreateSchema = closedObject({ ...pageFields('create'), family: pageFamilyField() });
export const pageUpdateSchema = closedObject(pageFields('update'));
export type PageCreateInput = yup.InferType<typeof pageCreateSchema>;
export type PageUpdateInput = yup.InferType<typeof pageUpdateSchema>;

export const publishSchema = closedObject({
  publishedAt: withJsonSchema(dateTimeField({ nullable: true }), { description: 'when the object becomes visible; now when left out' }),
});
export type PublishInput = yup.InferType<typeof publishSchema>;

// ---- topics and tags ----

export function topicSchema(mode: Mode) {
  return closedObject({
    contentType: need(codeField(), mode),
    code: need(codeField(), mode),
    slug: need(slugField(), mode),
    name: need(nameField(), mode),
    blurb: text(2000),
    htmlDetails: text(200_000),
  });
}
export type TopicInput = yup.InferType<ReturnType<typeof topicSchema>>;

export function tagSchema(mode: Mode) {
  return closedObject({ slug: need(slugField(), mode), name: need(nameField(), mode), category: need(slugField(), mode) });
}
export type TagInput = yup.InferType<ReturnType<typeof tagSchema>>;

// ---- kinds only the import sets up ----

export const contentTypeSchema = yup.object({
  code: codeField().required('code is required'),
  name: nameField().required('name is required'),
  singleContent: boolField().default(true),
  topic: oneOfField(TOPIC_USES, 'topic').default('optional'),
  series: boolField().default(false),
  sources: boolField().default(false),
  singularTopicLabel: text(100),
  singularSeriesLabel: text(100),
  tagCategories: yup.array(slugField().required()).default([]),
});

export const tagCategorySchema = yup.object({
  slug: slugField().required('slug is required'),
  name: nameField().required('name is required'),
});

export const sitemapSchema = yup.object({
  code: codeField().required('code is required'),
  name: nameField().required('name is required'),
  contentType: codeField().required('contentType is required'),
  urlPattern: yup
    .string()
    .required('urlPattern is required')
    .test('pattern', (value, ctx) => {
      const problem = value ? urlPatternProblem(value) : null;
      return problem ? ctx.createError({ message: problem }) : true;
    }),
  templates: yup
    .array(
      yup
        .object({
          name: nameField(100).required('name is required'),
          filePath: nameField(255).required('filePath is required'),
          sections: templateSectionsSchema,
        })
        .required(),
    )
    .required('templates are required')
    .min(1, 'a sitemap entry needs at least one template'),
});

export const seriesSchema = yup.object({
  slug: slugField().required('slug is required'),
  name: nameField().required('name is required'),
  contentType: codeField().required('contentType is required'),
});
export const authorSchema = yup.object({
  slug: slugField().required('slug is required'),
  name: nameField().required('name is required'),
  trails: yup.array(plainText(255).required()).default([]),
});
export const collectionSchema = yup.object({
  slug: slugField().required('slug is required'),
  name: nameField().required('name is required'),
  description: text(2000),
});
