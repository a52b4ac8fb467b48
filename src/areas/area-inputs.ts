// yup schemas of area pages as editors send them, validated where the request arrives; the OpenAPI
// request bodies are generated from them. `content.featuredListings` items take the alt text as
// `imageAltText` (the field table's name) or `image_alt_text` (as one example payload spells it).
import * as yup from 'yup';
import { withJsonSchema } from '../core/validation.ts';
import type { Mode } from '../content/content-inputs.ts';
import { previewFields } from '../content/editor-access.ts';
import { closedObject, dateTimeField, intField, nameField, oneOfField, plainText, refField, slugField, text, trimmedText, urlField } from '../content/input-fields.ts';

export const AREA_TEMPLATES = ['basic', 'featured-listings'] as const;
export type AreaTemplate = (typeof AREA_TEMPLATES)[number];
export const AREA_TYPES = ['region', 'county', 'local_authority'] as const;
export type AreaType = (typeof AREA_TYPES)[number];

const featuredListing = closedObject({
  image: urlField().required('image is required'),
  imageAltText: plainText(500).default(''),
  image_alt_text: withJsonSchema(plainText(500), {
    description: 'imageAltText under another name (used when imageAltText is not given)',
  }).strip(),
  title: nameField().required('title is required'),
  content: plainText(5000).default(''),
  url: withJsonSchema(trimmedText(255).nullable().default(null), { description: 'a listing slug' }),
}).transform((value: unknown) => {
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    const v = value as Record<string, unknown>;
    if (v.imageAltText === undefined && v.image_alt_text !== undefined) return { ...v, imageAltText: v.image_alt_text };
  }
  return value;
});

export const areaContentSchema = closedObject({
  heading: text(500),
  description: text(20_000),
  title1: text(500),
  copy1: text(20_000),
  title2: text(500),
  copy2: text(20_000),
  featuredListings: withJsonSchema(yup.array(featuredListing.required()).max(24, 'at most 24 featured listings'), {
    description: 'only with the featured-listings template',
  }),
});

export function areaPageSchema(mode: Mode) {
  const need = <S extends yup.Schema>(s: S): S => (mode === 'create' ? (s.required('${path} is required') as unknown as S) : s);
  return closedObject({
    slug: need(slugField()),
    name: need(nameField()),
    template: need(oneOfField(AREA_TEMPLATES, 'template')),
    scheme: need(refField('scheme')),
    region: refField('region', { nullable: true }),
    area: withJsonSchema(
      closedObject({
        type: oneOfField(AREA_TYPES, 'area.type').required('area.type is required'),
        reference: refField('area.reference', { nullable: true }),
      })
        .nullable()
        .optional(),
      { description: 'a county or local authority of the region (by id, ONS code or name); the region as a whole when left out' },
    ),
    titleTag: plainText(255),
    metaKeywords: plainText(500),
    metaDescription: plainText(1000),
    headline: plainText(500),
    content: areaContentSchema.optional(),
    faqs: yup
      .array(
        closedObject({
          question: nameField(500).required('question is required'),
          answer: nameField(20_000).required('answer is required'),
        }).required(),
      )
      .nullable(),
    mainImageUrl: urlField(),
    socialImageUrl: urlField(),
    socialTitle: text(255),
    socialDescription: text(1000),
    displayOrder: intField(),
    publishedAt: dateTimeField({ nullable: true }),
  });
}
export type AreaPageInput = yup.InferType<ReturnType<typeof areaPageSchema>>;

// ---- the portal's reads ----

export const AREA_LISTINGS_SIZE = 6;

/** The query of an area page's listings. */
export const areaListingsQuery = yup.object({
  size: yup
    .number()
    .typeError('size must be a whole number')
    .integer('size must be a whole number')
    .min(1, 'size must be at least 1')
    .max(50, 'size must be at most 50')
    .default(AREA_LISTINGS_SIZE),
  ...previewFields,
});
