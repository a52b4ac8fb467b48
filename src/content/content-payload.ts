// Generic content: list items, pages, topics, tags, and the editors' views of pages and families.
import { about, flag, integer, listOf, mapOf, named, nDecimal, nText, oneOf, shape, text, type Payload } from '../core/openapi/payload-fields.ts';
import { LOCATION_TYPES, RELATION_ENTITY_CODES } from './relation-entities.ts';


const location = shape({
  region: text,
  type: oneOf(LOCATION_TYPES),
  reference: about(integer.nullable(), 'the id of the county or local authority'),
  name: text,
  latitude: nDecimal,
  longitude: nDecimal,
  radius: about(nDecimal, 'miles'),
}).nullable();
const topicRef = shape({ id: integer, name: text, slug: text, code: text }).nullable();
const seriesRef = shape({ id: integer, name: text, slug: text }).nullable();
const sources = listOf(shape({ id: integer, name: text, url: text, displayOrder: integer }));
const authors = listOf(
  shape({ id: integer, name: text, role: text, trails: about(listOf(text), "short lines shown under the author's name") }),
);
const tags = listOf(shape({ name: text, slug: text, category: shape({ name: text, slug: text }) }));
const item = shape({ id: integer, slug: text });

const listItemFields = {
  id: integer,
  familyId: integer,
  url: text,
  blurb: nText,
  publishedAt: about(nText, 'null only for an unpublished page shown to an editor (ignore_visibility)'),
  image: nText,
  headerImages: listOf(shape({ id: integer, alternativeText: text, caption: text, masterUrl: text, thumbnailUrl: text })),
  sitemapCode: text,
  contentTypeCode: text,
  name: text,
  headline: nText,
  slug: text,
  abstract: nText,
  location,
  topic: topicRef,
  series: seriesRef,
  sources,
  authors,
  tags,
};

export const contentListItemPayload = named('ContentListItem', shape(listItemFields));

const pageFields = {
  ...listItemFields,
  relatedTo: shape({ entity: shape({ code: oneOf(RELATION_ENTITY_CODES), name: text }), item }),
  titleTag: nText,
  metaKeywords: nText,
  metaDescription: nText,
  canonicalUrl: nText,
  socialTitle: nText,
  socialDescription: nText,
  htmlInfo: about(nText, 'body html'),
  template: shape({ name: text, filePath: text }),
  sections: about(
    mapOf(listOf(mapOf(nText))),
    "one attribute per template section: an array of objects of the section's fields (strings or null)",
  ),
  family: about(
    listOf(shape({ id: integer, slug: text, name: text, url: text, menuLabel: nText, displayOrder: integer })).nullable(),
    "the family's pages; null for single-content types",
  ),
};

export const contentPagePayload = named('ContentPage', shape(pageFields));

/** The page and its state. */
export const editorContentPagePayload = named(
  'EditorContentPage',
  shape({ ...pageFields, enabled: flag, main: about(flag, "the family's main page (the one listed)") }),
);

export const topicPayload = named(
  'Topic',
  shape({
    id: integer,
    contentType: shape({
      id: integer,
      name: text,
      singleContent: flag,
      activateSources: flag,
      singularTopicLabel: nText,
      singularSeriesLabel: nText,
    }),
    name: text,
    code: text,
    slug: text,
    blurb: nText,
    htmlDetails: nText,
    tags: about(listOf(shape({ name: text, slug: text, count: integer })), "tags of the topic's listed content, with how many carry each"),
    updatedAt: nText,
    createdAt: nText,
  }),
);

export const contentTagPayload = named('ContentTag', shape({ id: integer, name: text, slug: text, category: shape({ name: text, slug: text }) }));

export const editorFamilyPayload = named(
  'EditorFamily',
  shape({
    id: integer,
    slug: text,
    name: text,
    contentTypeCode: text,
    enabled: flag,
    mainPageId: integer.nullable(),
    topic: topicRef,
    series: seriesRef,
    relatedTo: shape({ entity: shape({ code: text, name: text }), item }),
    location,
    sources,
    authors,
    tags,
    collections: listOf(shape({ id: integer, slug: text, name: text })),
    pages: listOf(shape({ id: integer, slug: text, name: text })),
  }),
);

export type ContentListItemPayload = Payload<typeof contentListItemPayload>;
export type ContentPagePayload = Payload<typeof contentPagePayload>;
export type EditorContentPagePayload = Payload<typeof editorContentPagePayload>;
export type TopicPayload = Payload<typeof topicPayload>;
export type ContentTagPayload = Payload<typeof contentTagPayload>;
export type EditorFamilyPayload = Payload<typeof editorFamilyPayload>;
