// The only place that shapes content JSON: list items, pages, topics, and the editors' views.
import { contentUrl } from './content-url.ts';
import { RELATION_ENTITIES, type RelationEntity } from './relation-entities.ts';
import { sectionsForTemplate, type TemplateSection } from './template-model.ts';
import type { FamilyRow, ListItemRow, PageRow, TagCount, TopicRow } from './content-rows.ts';
import type { LocationType } from './relation-entities.ts';
import type {
  ContentListItemPayload,
  ContentPagePayload,
  ContentTagPayload,
  EditorContentPagePayload,
  EditorFamilyPayload,
  TopicPayload,
} from './content-payload.ts';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function urlOf(page: { slug: string }, pattern: string, family: { slug: string; topic: { slug: string } | null }) {
  return contentUrl(pattern, { slug: page.slug, family: family.slug, topic: family.topic?.slug ?? null });
}

export function presentLocation(
  f: Pick<FamilyRow, 'locationType' | 'locationRegion' | 'locationReference' | 'locationName' | 'latitude' | 'longitude' | 'radius'>,
): ContentListItemPayload['location'] {
  if (!f.locationType) return null;
  return {
    region: f.locationRegion?.name ?? '',
    // the column holds only the location types the family writer accepts
    type: f.locationType as LocationType,
    reference: f.locationReference,
    name: f.locationName ?? '',
    latitude: f.latitude,
    longitude: f.longitude,
    radius: f.radius,
  };
}

const presentTopicRef = (t: FamilyRow['topic']) => (t ? { id: t.id, name: t.name, slug: t.slug, code: t.code } : null);
const presentSeries = (s: FamilyRow['series']) => (s ? { id: s.id, name: s.name, slug: s.slug } : null);
const presentSources = (f: FamilyRow) => f.sources.map((s) => ({ id: s.id, name: s.name, url: s.url, displayOrder: s.displayOrder }));
const presentAuthors = (f: FamilyRow) =>
  f.authors.map((a) => ({ id: a.author.id, name: a.author.name, role: a.role, trails: a.author.trails }));
const presentTags = (f: FamilyRow) =>
  f.tags.map(({ tag }) => ({ name: tag.name, slug: tag.slug, category: { name: tag.category.name, slug: tag.category.slug } }));

export function presentRelation(f: Pick<FamilyRow, 'relatedEntity' | 'relatedItemId' | 'relatedItemSlug'>) {
  const code = f.relatedEntity as RelationEntity;
  return { entity: { code, name: RELATION_ENTITIES[code] ?? code }, item: { id: f.relatedItemId, slug: f.relatedItemSlug } };
}

export function presentContentListItem(p: ListItemRow): ContentListItemPayload {
  const f = p.family;
  return {
    id: p.id,
    familyId: f.id,
    url: urlOf(p, p.sitemap.urlPattern, f),
    blurb: p.blurb,
    publishedAt: iso(p.publishedAt),
    image: p.image,
    headerImages: p.headerImages.map((h) => ({
      id: h.id,
      alternativeText: h.alternativeText,
      caption: h.caption,
      masterUrl: h.masterUrl,
      thumbnailUrl: h.thumbnailUrl,
    })),
    sitemapCode: p.sitemap.code,
    contentTypeCode: p.sitemap.contentType.code,
    name: p.name,
    headline: p.headline,
    slug: p.slug,
    abstract: p.abstract,
    location: presentLocation(f),
    topic: presentTopicRef(f.topic),
    series: presentSeries(f.series),
    sources: presentSources(f),
    authors: presentAuthors(f),
    tags: presentTags(f),
  };
}

export function presentContentPage(p: PageRow): ContentPagePayload {
  const f = p.family;
  return {
    ...presentContentListItem(p),
    relatedTo: presentRelation(f),
    titleTag: p.titleTag,
    metaKeywords: p.metaKeywords,
    metaDescription: p.metaDescription,
    canonicalUrl: p.canonicalUrl,
    socialTitle: p.socialTitle,
    socialDescription: p.socialDescription,
    htmlInfo: p.htmlInfo,
    template: { name: p.template.name, filePath: p.template.filePath },
    sections: sectionsForTemplate(p.template.sections as unknown as TemplateSection[], p.sections),
    family: f.contentType.singleContent
      ? null
      : f.pages.map((member) => ({
          id: member.id,
          slug: member.slug,
          name: member.name,
          url: urlOf(member, member.sitemap.urlPattern, f),
          menuLabel: member.menuLabel,
          displayOrder: member.displayOrder,
        })),
  };
}

/** What editors get back from the content management interface: the page plus its state. */
export function presentEditorPage(p: PageRow): EditorContentPagePayload {
  return { ...presentContentPage(p), enabled: p.enabled, main: p.mainOf !== null };
}

export function presentTopic(t: TopicRow, tags: TagCount[]): TopicPayload {
  const ct = t.contentType;
  return {
    id: t.id,
    contentType: {
      id: ct.id,
      name: ct.name,
      singleContent: ct.singleContent,
      activateSources: ct.activateSources,
      singularTopicLabel: ct.singularTopicLabel,
      singularSeriesLabel: ct.singularSeriesLabel,
    },
    name: t.name,
    code: t.code,
    slug: t.slug,
    blurb: t.blurb,
    htmlDetails: t.htmlDetails,
    tags,
    updatedAt: iso(t.updatedAt),
    createdAt: iso(t.createdAt),
  };
}

export function presentTag(t: { id: number; name: string; slug: string; category: { name: string; slug: string } }): ContentTagPayload {
  return { id: t.id, name: t.name, slug: t.slug, category: { name: t.category.name, slug: t.category.slug } };
}

export function presentEditorFamily(
  f: FamilyRow & {
    collections: { collection: { id: number; slug: string; name: string } }[];
    pages: { id: number; slug: string; name: string }[];
  },
): EditorFamilyPayload {
  return {
    id: f.id,
    slug: f.slug,
    name: f.name,
    contentTypeCode: f.contentType.code,
    enabled: f.enabled,
    mainPageId: f.mainPageId,
    topic: presentTopicRef(f.topic),
    series: presentSeries(f.series),
    relatedTo: presentRelation(f),
    location: presentLocation(f),
    sources: presentSources(f),
    authors: presentAuthors(f),
    tags: presentTags(f),
    collections: f.collections.map(({ collection: c }) => ({ id: c.id, slug: c.slug, name: c.name })),
    pages: f.pages.map((p) => ({ id: p.id, slug: p.slug, name: p.name })),
  };
}
