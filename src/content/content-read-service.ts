// Reads of generic content: the list of main pages, single pages by id or slug, topics with tag counts.
// `preview` (an editor's ignore_visibility) also shows disabled and unpublished content.
import type { PrismaClient } from '../db/prisma.ts';
import { Prisma } from '../generated/prisma/client.ts';
import { NotFoundError } from '../core/errors.ts';
import { offsetOf, type PageRequest } from '../core/envelope.ts';
import { CONTENT_ORDER, contentListWhere, type ContentFilters } from './content-filters.ts';
import {
  listItemInclude,
  pageInclude,
  topicInclude,
  visiblePageWhere,
  type ListItemRow,
  type PageRow,
  type TagCount,
  type TopicRow,
} from './content-rows.ts';

export type PageKey = { id: number } | { slug: string; sitemapCode: string | null };
export type TopicKey = { id: number } | { slug: string };

export class ContentReadService {
  constructor(private readonly prisma: PrismaClient) {}

  async list(
    filters: ContentFilters,
    page: PageRequest,
    preview: boolean,
    now = new Date(),
  ): Promise<{ items: ListItemRow[]; total: number }> {
    const where: Prisma.ContentPageWhereInput = preview
      ? contentListWhere(filters)
      : { AND: [contentListWhere(filters), visiblePageWhere(now)] };
    const [items, total] = await Promise.all([
      this.prisma.contentPage.findMany({
        where,
        include: listItemInclude,
        orderBy: CONTENT_ORDER,
        skip: offsetOf(page),
        take: page.size,
      }),
      this.prisma.contentPage.count({ where }),
    ]);
    return { items, total };
  }

  /** By slug without a sitemap code: the most recently published of the pages with that slug. */
  async page(key: PageKey, preview: boolean, now = new Date()): Promise<PageRow> {
    const visible = preview ? undefined : visiblePageWhere(now);
    const identity: Prisma.ContentPageWhereInput =
      'id' in key ? { id: key.id } : { slug: key.slug, ...(key.sitemapCode !== null ? { sitemap: { code: key.sitemapCode } } : {}) };
    const row = await this.prisma.contentPage.findFirst({
      where: { AND: [identity, visible ?? {}] },
      include: pageInclude(visible),
      orderBy: CONTENT_ORDER,
    });
    if (!row) throw new NotFoundError(`Content page ${'id' in key ? key.id : key.slug} was not found`);
    return row;
  }

  async topics(now = new Date()): Promise<{ topic: TopicRow; tags: TagCount[] }[]> {
    const topics = await this.prisma.contentTopic.findMany({ include: topicInclude, orderBy: [{ name: 'asc' }, { id: 'asc' }] });
    const counts = await this.tagCounts(
      topics.map((t) => t.id),
      now,
    );
    return topics.map((topic) => ({ topic, tags: counts.get(topic.id) ?? [] }));
  }

  async topic(key: TopicKey, now = new Date()): Promise<{ topic: TopicRow; tags: TagCount[] }> {
    const topic = await this.prisma.contentTopic.findUnique({
      where: 'id' in key ? { id: key.id } : { slug: key.slug },
      include: topicInclude,
    });
    if (!topic) throw new NotFoundError(`Topic ${'id' in key ? key.id : key.slug} was not found`);
    return { topic, tags: (await this.tagCounts([topic.id], now)).get(topic.id) ?? [] };
  }

  /** Per topic, its tags with the number of listed (visible main page) families of the topic carrying each. */
  private async tagCounts(topicIds: number[], now: Date): Promise<Map<number, TagCount[]>> {
    const out = new Map<number, TagCount[]>();
    if (!topicIds.length) return out;
    const rows = await this.prisma.$queryRaw<{ topicId: number; name: string; slug: string; count: number }[]>`
      SELECT f."topicId" AS "topicId", t.name, t.slug, COUNT(DISTINCT f.id)::int AS count
      FROM "ContentFamily" f
      JOIN "ContentPage" p ON p.id = f."mainPageId"
      JOIN "ContentFamilyTag" ft ON ft."familyId" = f.id
      JOIN "ContentTag" t ON t.id = ft."tagId"
      WHERE f."topicId" IN (${Prisma.join(topicIds)}) AND f.enabled AND p.enabled AND p."publishedAt" <= ${now}
      GROUP BY f."topicId", t.id, t.name, t.slug
      ORDER BY count DESC, t.name ASC`;
    for (const r of rows) {
      const list = out.get(r.topicId) ?? [];
      list.push({ name: r.name, slug: r.slug, count: r.count });
      out.set(r.topicId, list);
    }
    return out;
  }
}
