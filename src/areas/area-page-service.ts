// Area pages as the portal reads them: the schemes with their regions and areas, one page by id or slug,
// and the page's listings, which come from the search index (live listings on the marketplace portal of
// the page's scheme whose development lies in the page's area), featured first, then premium, then newest.
import type { PrismaClient } from '../db/prisma.ts';
import { NotFoundError } from '../core/errors.ts';
import { areaListingsRequest } from '../listing-index/area-listings-request.ts';
import { DEFAULT_PORTAL_ID } from '../portals/portal-settings.ts';
import type { ListingReadService } from '../listing-reads/listing-read-service.ts';
import type { StoredItem } from '../listing-index/document/listing-item-field.ts';
import { areaOf, areaPageInclude, visibleAreaPageWhere, type AreaPageRow } from './area-rows.ts';

export type AreaPageKey = { id: number } | { slug: string };

export class AreaPageService {
  constructor(
    private readonly prisma: PrismaClient,
    private readonly reads: ListingReadService,
  ) {}

  /** Every visible page, in scheme order, then region (ONS code order), then the pages' own order. */
  visiblePages(now = new Date()): Promise<AreaPageRow[]> {
    return this.prisma.areaPage.findMany({
      where: visibleAreaPageWhere(now),
      include: areaPageInclude,
      orderBy: [
        { scheme: { position: 'asc' } },
        { schemeId: 'asc' },
        { region: { code: 'asc' } },
        { displayOrder: 'asc' },
        { name: 'asc' },
        { id: 'asc' },
      ],
    });
  }

  async find(key: AreaPageKey, preview: boolean, now = new Date()): Promise<AreaPageRow> {
    const row = await this.prisma.areaPage.findUnique({
      where: 'id' in key ? { id: key.id } : { slug: key.slug },
      include: areaPageInclude,
    });
    if (!row || (!preview && (row.publishedAt === null || row.publishedAt > now)))
      throw new NotFoundError(`Area page ${'id' in key ? key.id : key.slug} was not found`);
    return row;
  }

  listings(page: AreaPageRow, size: number): Promise<StoredItem[]> {
    const { type, id } = areaOf(page);
    return this.reads.items(areaListingsRequest({ schemeSlug: page.scheme.slug, area: { type, id } }, size, DEFAULT_PORTAL_ID));
  }
}
