// The rules a content type sets for its families: topic none, optional or required; series and sources
// allowed or not; which tag categories apply; single-page families. Pure checks, one message per field.
import type { FieldErrors } from '../core/errors.ts';

export const TOPIC_USES = ['none', 'optional', 'required'] as const;
export type TopicUse = (typeof TOPIC_USES)[number];

export interface ContentTypeRules {
  id: number;
  code: string;
  singleContent: boolean;
  topicUse: string;
  activateSeries: boolean;
  activateSources: boolean;
  categoryIds: number[];
}

export interface FamilyShape {
  topic: { id: number; contentTypeId: number } | null;
  series: { id: number; contentTypeId: number } | null;
  sourceCount: number;
  tags: { slug: string; categoryId: number }[];
}

export function familyRuleErrors(type: ContentTypeRules, family: FamilyShape): FieldErrors {
  const errors: FieldErrors = {};
  const add = (key: string, message: string) => (errors[key] ??= []).push(message);
  if (type.topicUse === 'required' && !family.topic) add('topic', `a topic is required for content of type ${type.code}`);
  if (type.topicUse === 'none' && family.topic) add('topic', `content of type ${type.code} has no topic`);
  if (family.topic && family.topic.contentTypeId !== type.id) add('topic', `the topic belongs to another content type than ${type.code}`);
  if (family.series && !type.activateSeries) add('series', `content of type ${type.code} has no series`);
  if (family.series && family.series.contentTypeId !== type.id)
    add('series', `the series belongs to another content type than ${type.code}`);
  if (family.sourceCount > 0 && !type.activateSources) add('sources', `content of type ${type.code} has no sources`);
  family.tags.forEach((tag, i) => {
    if (!type.categoryIds.includes(tag.categoryId))
      add(`tags[${i}]`, `tag ${tag.slug} is of a category content of type ${type.code} does not use`);
  });
  return errors;
}

/** A single-content family holds one page; others any number. */
export function familyPageProblem(type: Pick<ContentTypeRules, 'code' | 'singleContent'>, otherPages: number): string | null {
  return type.singleContent && otherPages > 0 ? `families of content type ${type.code} hold a single page` : null;
}
