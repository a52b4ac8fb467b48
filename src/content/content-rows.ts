// The shapes content is read in (Prisma includes), shared by the read service, the writers and the presenter.
import type { Prisma } from '../generated/prisma/client.ts';

export const familyInclude = {
  contentType: true,
  topic: true,
  series: true,
  locationRegion: true,
  sources: { orderBy: [{ displayOrder: 'asc' }, { id: 'asc' }] },
  authors: { include: { author: true }, orderBy: [{ displayOrder: 'asc' }, { authorId: 'asc' }] },
  tags: { include: { tag: { include: { category: true } } }, orderBy: { tag: { name: 'asc' } } },
} satisfies Prisma.ContentFamilyInclude;

export const listItemInclude = {
  sitemap: { include: { contentType: true } },
  headerImages: { orderBy: [{ displayOrder: 'asc' }, { id: 'asc' }] },
  family: { include: familyInclude },
} satisfies Prisma.ContentPageInclude;

/** A family's pages for the `family` array of a page: visible ones only, unless previewing. */
export function pageInclude(visiblePages: Prisma.ContentPageWhereInput | undefined) {
  return {
    ...listItemInclude,
    template: true,
    mainOf: { select: { id: true } },
    family: {
      include: {
        ...familyInclude,
        pages: { where: visiblePages, include: { sitemap: true }, orderBy: [{ displayOrder: 'asc' }, { id: 'asc' }] },
      },
    },
  } satisfies Prisma.ContentPageInclude;
}

export type ListItemRow = Prisma.ContentPageGetPayload<{ include: typeof listItemInclude }>;
export type PageRow = Prisma.ContentPageGetPayload<{ include: ReturnType<typeof pageInclude> }>;
export type FamilyRow = Prisma.ContentFamilyGetPayload<{ include: typeof familyInclude }>;

export const topicInclude = { contentType: true } satisfies Prisma.ContentTopicInclude;
export type TopicRow = Prisma.ContentTopicGetPayload<{ include: typeof topicInclude }>;

export interface TagCount {
  name: string;
  slug: string;
  count: number;
}

/** Pages the public may see: enabled, in an enabled family, published at or before `now`. */
export function visiblePageWhere(now: Date): Prisma.ContentPageWhereInput {
  return { enabled: true, publishedAt: { lte: now }, family: { enabled: true } };
}
