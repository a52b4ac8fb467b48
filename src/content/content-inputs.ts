// yup schemas of what editors send (content management interface and import files). `create` schemas
// require what a new object needs; `update` schemas accept any subset (only the fields sent change).
import * as yup from 'yup';
import { LOCATION_TYPES, RELATION_ENTITY_CODES } from './relation-entities.ts';
import { TOPIC_USES } from './content-type-rules.ts';
import { templateSectionsSchema } from './template-model.ts';
import { urlPatternProblem } from './content-url.ts';

export const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const CODE = /^[a-z0-9]+(?:[-_][a-z0-9]+)*$/;

export type Mode = 'create' | 'update';

const isHttpUrl = (value: string | null | undefined) => {
  if (value === null || value === undefined) return true;
  try {
    return ['http:', 'https:'].includes(new URL(value).protocol);
  } catch {
    return false;
  }
};

/** A string, trimmed; anything else (an array, an object) is a type error, not a crash. */
export const trimmed = () =>
  yup
    .string()
    .typeError('${path} must be a string')
    .transform((v: unknown) => (typeof v === 'string' ? v.trim() : v));

export const slugField = () => trimmed().matches(SLUG, '${path} must be lower-case words and digits joined by hyphens').max(120);
export const codeField = () =>
  trimmed().matches(CODE, '${path} must be lower-case words and digits joined by hyphens or underscores').max(60);
export const nameField = (max = 255) => trimmed().max(max);
export const text = (max = 2000) => yup.string().typeError('${path} must be a string').max(max).nullable();
export const urlField = () => trimmed().nullable().test('url', '${path} must be a full http(s) url', isHttpUrl);

/** A reference to another object: its id, or its slug or code. */
export const refField = (what: string) =>
  yup
    .mixed<number | string>()
    .test(
      'ref',
      `${what} must be an id or a slug`,
      (v) =>
        v === undefined ||
        v === null ||
        (typeof v === 'number' && Number.isInteger(v) && v > 0) ||
        (typeof v === 'string' && v.trim() !== ''),
    );

const need = <S extends yup.Schema>(schema: S, mode: Mode, message = '${path} is required'): S =>
  mode === 'create' ? (schema.required(message) as unknown as S) : schema;

// ---- families ----

const relationSchema = yup
  .object({
    entity: yup
      .string()
      .required('relatedTo.entity is required')
      .oneOf(RELATION_ENTITY_CODES, `relatedTo.entity must be one of ${RELATION_ENTITY_CODES.join(', ')}`),
    item: refField('relatedTo.item').required('relatedTo.item is required'),
  })
  .nullable()
  .default(undefined);

const locationSchema = yup
  .object({
    type: yup
      .string()
      .required('location.type is required')
      .oneOf(LOCATION_TYPES, `location.type must be one of ${LOCATION_TYPES.join(', ')}`),
    reference: refField('location.reference').nullable(),
    region: refField('location.region').nullable(),
    name: trimmed().max(255).nullable(),
    latitude: yup.number().typeError('location.latitude must be a number').min(-90).max(90).nullable(),
    longitude: yup.number().typeError('location.longitude must be a number').min(-180).max(180).nullable(),
    radius: yup.number().typeError('location.radius must be a number').min(0, 'location.radius must be at least 0').nullable(),
  })
  .nullable()
  .default(undefined);

export function familySchema(mode: Mode | 'inline') {
  const m: Mode = mode === 'inline' ? 'update' : mode;
  return yup.object({
    slug: need(slugField(), m),
    name: need(nameField(), m),
    contentType: need(codeField(), m),
    topic: refField('topic').nullable(),
    series: refField('series').nullable(),
    relatedTo: relationSchema,
    location: locationSchema,
    sources: yup
      .array(yup.object({ name: nameField().required('name is required'), url: urlField().required('url is required') }).required())
      .default(undefined),
    authors: yup
      .array(
        yup
          .object({ author: refField('author').required('author is required'), role: nameField(100).required('role is required') })
          .required(),
      )
      .default(undefined),
    tags: yup.array(refField('tag').required()).default(undefined),
    collections: yup.array(refField('collection').required()).default(undefined),
    enabled: yup.boolean(),
  });
}
export type FamilyInput = yup.InferType<ReturnType<typeof familySchema>>;

// ---- pages ----

const headerImageSchema = yup.object({
  masterUrl: urlField().required('masterUrl is required'),
  thumbnailUrl: urlField(),
  alternativeText: yup.string().max(500).default(''),
  caption: yup.string().max(1000).default(''),
});

export function pageSchema(mode: Mode) {
  return yup.object({
    sitemap: need(codeField(), mode),
    template: need(nameField(100), mode),
    slug: need(slugField(), mode),
    name: need(nameField(), mode),
    headline: text(500),
    blurb: text(2000),
    abstract: text(5000),
    image: urlField(),
    headerImages: yup.array(headerImageSchema.required()).default(undefined),
    titleTag: text(255),
    metaKeywords: text(500),
    metaDescription: text(1000),
    canonicalUrl: urlField(),
    socialTitle: text(255),
    socialDescription: text(1000),
    htmlInfo: text(500_000),
    sections: yup.mixed(),
    menuLabel: text(100),
    displayOrder: yup.number().typeError('displayOrder must be a whole number').integer('displayOrder must be a whole number'),
    main: yup.boolean(),
    enabled: yup.boolean(),
    publishedAt: yup.date().typeError('publishedAt must be an ISO 8601 date-time').nullable(),
  });
}
export type PageInput = yup.InferType<ReturnType<typeof pageSchema>>;

/** The family of a new page: an id or slug of an existing family, or the fields of a new one. */
export const pageFamilyField = yup
  .mixed<number | string | Record<string, unknown>>()
  .test(
    'family',
    'family must be an id, a slug or the fields of a new family',
    (v) =>
      v === undefined ||
      v === null ||
      typeof v === 'object' ||
      (typeof v === 'number' && Number.isInteger(v) && v > 0) ||
      (typeof v === 'string' && v.trim() !== ''),
  );

export const publishSchema = yup.object({ publishedAt: yup.date().typeError('publishedAt must be an ISO 8601 date-time').nullable() });

// ---- topics and tags ----

export function topicSchema(mode: Mode) {
  return yup.object({
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
  return yup.object({ slug: need(slugField(), mode), name: need(nameField(), mode), category: need(slugField(), mode) });
}
export type TagInput = yup.InferType<ReturnType<typeof tagSchema>>;

// ---- kinds only the import sets up ----

export const contentTypeSchema = yup.object({
  code: codeField().required('code is required'),
  name: nameField().required('name is required'),
  singleContent: yup.boolean().default(true),
  topic: yup
    .string()
    .oneOf(TOPIC_USES, `topic must be one of ${TOPIC_USES.join(', ')}`)
    .default('optional'),
  series: yup.boolean().default(false),
  sources: yup.boolean().default(false),
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
  trails: yup.array(yup.string().max(255).required()).default([]),
});
export const collectionSchema = yup.object({
  slug: slugField().required('slug is required'),
  name: nameField().required('name is required'),
  description: text(2000),
});
