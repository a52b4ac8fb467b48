// Area pages: the schemes with their areas, an area page, and the editors' view of one.
import { about, integer, listOf, named, nText, oneOf, optional, shape, text, type Payload } from '../core/openapi/payload-fields.ts';
import { AREA_TEMPLATES, AREA_TYPES } from './area-inputs.ts';


export const schemeAreasPayload = named(
  'SchemeAreas',
  shape({
    id: integer,
    name: text,
    slug: text,
    color: text,
    regions: listOf(shape({ name: text, areas: listOf(shape({ id: integer, name: text, slug: text })) })),
  }),
);

const featuredListing = shape({
  image: text,
  imageAltText: text,
  title: text,
  content: text,
  url: about(nText, 'a listing slug'),
});

const areaPageFields = {
  id: integer,
  name: text,
  slug: text,
  template: oneOf(AREA_TEMPLATES),
  scheme: shape({ id: integer, name: text, slug: text, color: text }),
  region: text,
  titleTag: text,
  metaKeywords: text,
  metaDescription: text,
  headline: text,
  content: about(
    shape({
      heading: nText,
      description: nText,
      title1: nText,
      copy1: nText,
      title2: nText,
      copy2: nText,
      featuredListings: optional(listOf(featuredListing)),
    }),
    'featuredListings only with the featured-listings template',
  ),
  faqs: listOf(shape({ question: text, answer: text })).nullable(),
  mainImageUrl: nText,
  socialImageUrl: nText,
  socialTitle: nText,
  socialDescription: nText,
};

export const areaPagePayload = named('AreaPage', shape(areaPageFields));

/** The page, its area and its publication. */
export const editorAreaPagePayload = named(
  'EditorAreaPage',
  shape({
    ...areaPageFields,
    area: shape({
      type: oneOf(AREA_TYPES),
      reference: about(integer, 'the id of the region, county or local authority'),
      name: text,
    }),
    displayOrder: integer,
    publishedAt: about(nText, 'null: a draft; a future instant: scheduled'),
  }),
);

export type SchemeAreasPayload = Payload<typeof schemeAreasPayload>;
export type AreaPagePayload = Payload<typeof areaPagePayload>;
export type EditorAreaPagePayload = Payload<typeof editorAreaPagePayload>;
