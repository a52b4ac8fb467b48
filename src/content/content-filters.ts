// The content list's filters (any subset, all applying together) and their translation to a query.
import * as yup from 'yup';
import type { Prisma } from '../generated/prisma/client.ts';
import { validate } from '../core/validation.ts';
import { trimmed } from './content-inputs.ts';

const id = (name: string) =>
  yup.number().typeError(`${name} must be a whole number`).integer(`${name} must be a whole number`).min(1, `${name} must be at least 1`);
const str = (name: string) => trimmed().typeError(`${name} must be a single value`).min(1, `${name} must not be empty`);

const filterSchema = yup.object({
  sitemap_code: str('sitemap_code'),
  content_type_code: str('content_type_code'),
  related_entity_code: str('related_entity_code'),
  related_item_id: id('related_item_id'),
  related_item_slug: str('related_item_slug'),
  collection_id: id('collection_id'),
  collection_slug: str('collection_slug'),
  topic_id: id('topic_id'),
  topic_code: str('topic_code'),
  topic_slug: str('topic_slug'),
  series_id: id('series_id'),
  series_slug: str('series_slug'),
  tag_slug: str('tag_slug'),
  category_slug: str('category_slug'),
  author_id: id('author_id'),
});

export type ContentFilters = yup.InferType<typeof filterSchema>;
export const CONTENT_FILTER_NAMES = Object.keys(filterSchema.fields) as (keyof ContentFilters)[];

export function parseContentFilters(query: Record<string, unknown>): ContentFilters {
  return validate(filterSchema, Object.fromEntries(CONTENT_FILTER_NAMES.map((k) => [k, query[k] === '' ? undefined : query[k]])));
}

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
