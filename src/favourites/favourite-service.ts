// A customer's favourite listings. Kept in PostgreSQL; read back as listing items from the search index,
// which decides what is live (a favourite whose listing is withdrawn or unpublished is kept but not shown).
import type pg from 'pg';
import type { PrismaClient } from '../db/prisma.ts';
import type { SearchClient } from '../search/client.ts';
import { ConflictError, NotFoundError } from '../core/errors.ts';
import { isRecordId } from '../core/record-id.ts';
import type { StoredItem } from '../listing-index/document/listing-item-field.ts';
import { readItems } from '../listing-index/hit-readers.ts';
import { liveItemsByIdsRequest } from '../listing-index/by-ids-requests.ts';
import type { ListingStats } from '../listing-stats/listing-stats-recorder.ts';

export class FavouriteService {
  constructor(
    private readonly prisma: PrismaClient,
    /** the pool under `prisma`: the favourites of every signed-in search are read straight (db/prisma.ts) */
    private readonly pool: Pick<pg.Pool, 'query'>,
    private readonly search: SearchClient,
    private readonly alias: string,
    /** counts each favourite added (listing statistics) */
    private readonly stats?: Pick<ListingStats, 'countNow'>,
  ) {}

  async has(customerId: number, listingId: number): Promise<boolean> {
    if (!isRecordId(listingId)) return false;
    return (await this.prisma.favourite.count({ where: { customerId, listingId } })) > 0;
  }

  /** 404 unless the listing is live; 409 when it is already a favourite. */
  async add(customerId: number, listingId: number): Promise<void> {
    if (!isRecordId(listingId) || (await this.liveViews([listingId])).size === 0)
      throw new NotFoundError(`Listing ${listingId} was not found`);
    const { count } = await this.prisma.favourite.createMany({ data: [{ customerId, listingId }], skipDuplicates: true });
    if (count === 0) throw new ConflictError('This listing is already one of your favourites');
    await this.stats?.countNow(listingId, 'favourites');
  }

  /** 404 when it was not a favourite. */
  async remove(customerId: number, listingId: number): Promise<void> {
    const { count } = isRecordId(listingId) ? await this.prisma.favourite.deleteMany({ where: { customerId, listingId } }) : { count: 0 };
    if (count === 0) throw new NotFoundError('This listing is not one of your favourites');
  }

  /** The live favourites, most recently added first. */
  async list(customerId: number): Promise<StoredItem[]> {
    const rows = await this.prisma.favourite.findMany({
      where: { customerId },
      orderBy: [{ createdAt: 'desc' }, { listingId: 'desc' }],
      select: { listingId: true },
    });
    const views = await this.liveViews(rows.map((r) => r.listingId));
    return rows.flatMap((r) => views.get(r.listingId) ?? []);
  }

  /** All of the customer's favourites, or null when they have more than `limit` (then ask favouriteIdsAmong). */
  async favouriteIdsUpTo(customerId: number, limit: number): Promise<Set<number> | null> {
    const { rows } = await this.pool.query<{ listingId: number }>({
      name: 'favourite-ids-up-to',
      text: 'SELECT "listingId" FROM "Favourite" WHERE "customerId" = $1 LIMIT $2',
      values: [customerId, limit + 1],
    });
    return rows.length > limit ? null : new Set(rows.map((r) => r.listingId));
  }

  /** Of these listings, the customer's favourites (for search and listing reads that show `favourite`). */
  async favouriteIdsAmong(customerId: number, listingIds: number[]): Promise<Set<number>> {
    const ids = listingIds.filter(isRecordId);
    if (ids.length === 0) return new Set();
    const { rows } = await this.pool.query<{ listingId: number }>({
      name: 'favourite-ids-among',
      text: 'SELECT "listingId" FROM "Favourite" WHERE "customerId" = $1 AND "listingId" = ANY($2::int[])',
      values: [customerId, ids],
    });
    return new Set(rows.map((r) => r.listingId));
  }

  private async liveViews(listingIds: number[]): Promise<Map<number, StoredItem>> {
    const views = new Map<number, StoredItem>();
    for (let i = 0; i < listingIds.length; i += 1000) {
      const chunk = listingIds.slice(i, i + 1000);
      const res = await this.search.search({ index: this.alias, ...liveItemsByIdsRequest(chunk) });
      for (const item of readItems(res.hits.hits)) views.set(item.id, item);
    }
    return views;
  }
}
