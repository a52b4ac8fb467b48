// yup schemas of area pages as editors send them. `content.featuredListings` items take the alt text as
// `imageAltText` (the field table's name) or `image_alt_text` (as one example payload spells it).
import * as yup from 'yup';
import { nameField, refField, slugField, text, trimmed, urlField, type Mode } from '../content/content-inputs.ts';

export const AREA_TEMPLATES = ['basic', 'featured-listings'] as const;
export type AreaTemplate = (typeof AREA_TEMPLATES)[number];
export const AREA_TYPES = ['region', 'county', 'local_authority'] as const;
export type AreaType = (typeof AREA_TYPES)[number];

const featuredListing = yup
  .object({
    image: urlField().required('image is required'),
    imageAltText: yup.string().max(500).default(''),
    title: nameField().required('title is required'),
    content: yup.string().max(5000).default(''),
    url: trimmed().max(255).nullable().default(null),
  })
  .transform((value: unknown) => {
    if (value && typeof value === 'object' && !Array.isArray(value)) {
      const v = value as Record<string, unknown>;
      if (v.imageAltText === undefined && v.image_alt_text !== undefined) return { ...v, imageAltText: v.image_alt_text };
    }
    return value;
  });

export const areaContentSchema = yup.object({
  heading: text(500),
  description: text(20_000),
  title1: text(500),
  copy1: text(20_000),
  title2: text(500),
  copy2: text(20_000),
  featuredListings: yup.array(featuredListing.required()).max(24, 'at most 24 featured listings').default(undefined),
});

export function areaPageSchema(mode: Mode) {
  const need = <S extends yup.Schema>(s: S): S => (mode === 'create' ? (s.required('${path} is required') as unknown as S) : s);
  return yup.object({
    slug: need(slugField()),
    name: need(nameField()),
    template: need(yup.string().oneOf(AREA_TEMPLATES, `template must be one of ${AREA_TEMPLATES.join(', ')}`)),
    scheme: need(refField('scheme')),
    region: refField('region').nullable(),
    area: yup
      .object({
        type: yup
          .string()
          .required('area.type is required')
          .oneOf(AREA_TYPES, `area.type must be one of ${AREA_TYPES.join(', ')}`),
        reference: refField('area.reference').nullable(),
      })
      .nullable()
      .default(undefined),
    titleTag: yup.string().max(255),
    metaKeywords: yup.string().max(500),
    metaDescription: yup.string().max(1000),
    headline: yup.string().max(500),
    content: areaContentSchema.default(undefined),
    faqs: yup
      .array(
        yup
          .object({
            question: trimmed().required('question is required').max(500),
            answer: trimmed().required('answer is required').max(20_000),
          })
          .required(),
      )
      .nullable()
      .default(undefined),
    mainImageUrl: urlField(),
    socialImageUrl: urlField(),
    socialTitle: text(255),
    socialDescription: text(1000),
    displayOrder: yup.number().typeError('displayOrder must be a whole number').integer('displayOrder must be a whole number'),
    publishedAt: yup.date().typeError('publishedAt must be an ISO 8601 date-time').nullable(),
  });
}
export type AreaPageInput = yup.InferType<ReturnType<typeof areaPageSchema>>;
