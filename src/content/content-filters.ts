// The content list's query: its filters (any subset, all applying together), paging and the editors'
// preview, and the filters' translation to a query.
import * as yup from 'yup';
import { withJsonSchema } from '../core/validation.ts';
import type { Prisma } from '../generated/prisma/client.ts';
import { pageFields } from '../core/envelope.ts';
import { queryId, queryText } from './input-fields.ts';
import { previewFields } from './editor-access.ts';

const filterFields = {
  sitemap_code: queryText(),
  content_type_code: queryText(),
  related_entity_code: queryText(),
  related_item_id: queryId(),
  related_item_slug: queryText(),
  collection_id: queryId(),
  collection_slug: queryText(),
  topic_id: queryId(),
  topic_code: queryText(),
  topic_slug: queryText(),
  series_id: queryId(),
  series_slug: queryText(),
  tag_slug: queryText(),
  category_slug: queryText(),
  author_id: queryId(),
};
const filterSchema = yup.object(filterFields);

export type ContentFilters = yup.InferType<typeof filterSchema>;

/** The query of GET /contents: blank filters count as not given. */
export const contentListQuery = filterSchema.shape({ ...pageFields(), ...previewFields });

/** The query of GET /contents/slug/{slug}. */
export const pageBySlugQuery = yup.object({
  sitemap_code: withJsonSchema(queryText(), { description: 'advisable: a slug can repeat across sitemap entries' }),
  ...previewFields,
});

/** Conditions on the page and its family; only main pages are listed. */
export function contentListWhere(f: ContentFilters): Prisma.ContentPageWhereInput {
  const family: Prisma.ContentFamilyWhereInput[] = [];
  if (f.related_entity_code !== undefined) family.push({ relatedEntity: f.related_entity_code });
  if (f.related_item_id !== undefined) family.push({ relatedItemId: f.related_item_id });
  if (f.related_item_slug !== undefined) family.push({ relatedItemSlug: f.related_item_slug });
  if (f.collection_id !== undefined) family.push({ collections: { some: { collectionId: f.collection_id } } });
  if (f.collection_slug !== undefined) family.push({ collections: { some: { collection: { slug: f.collection_slug } } } });
  if (f.topic_id !== undefined) family.push({ topicId: f.topic_id });
  if (f.topic_code !== undefined) family.push({ topic: { code: f.topic_code } });
  if (f.topic_slug !== undefined) family.push({ topic: { slug: f.topic_slug } });
  if (f.series_id !== undefined) family.push({ seriesId: f.series_id });
  if (f.series_slug !== undefined) family.push({ series: { slug: f.series_slug } });
  if (f.tag_slug !== undefined) family.push({ tags: { some: { tag: { slug: f.tag_slug } } } });
  if (f.category_slug !== undefined) family.push({ tags: { some: { tag: { category: { slug: f.category_slug } } } } });
  if (f.author_id !== undefined) family.push({ authors: { some: { authorId: f.author_id } } });
  if (f.content_type_code !== undefined) family.push({ contentType: { code: f.content_type_code } });
  const page: Prisma.ContentPageWhereInput[] = [{ mainOf: { isNot: null } }];
  if (f.sitemap_code !== undefined) page.push({ sitemap: { code: f.sitemap_code } });
  if (family.length) page.push({ family: { AND: family } });
  return { AND: page };
}

/** Published date then creation date, newest first; unpublished drafts (previews only) come first. */
export const CONTENT_ORDER: Prisma.ContentPageOrderByWithRelationInput[] = [
  { publishedAt: { sort: 'desc', nulls: 'first' } },
  { createdAt: 'desc' },
  { id: 'desc' },
];
