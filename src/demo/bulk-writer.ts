// The bulk path for large benchmark seeds: each batch of developments, with their homes and listings,
// is written by a few multi-row INSERTs in one transaction that also queues its listings in the index outbox
// (markListingsChanged), like any other write. Developments already present are left as they are, so
// a second run adds nothing and an interrupted run can be resumed.
import type { PrismaClient } from '../db/prisma.ts';
import type { ApiAccount } from '../generated/prisma/client.ts';
import { listingsChanged, type ListingChangeFollower } from '../sync/outbox.ts';
import { requireProvider } from '../inventory/development-service.ts';
import type { DevelopmentPlan } from './plan.ts';
import { developmentRow, listingRow, priceAddedRow, propertyRow, slotRows } from './bulk-rows.ts';
import { insertReturningIds, insertRows } from './bulk-sql.ts';
import { emptyCounts, type WriteCounts } from './service-writer.ts';

export class BulkWriter {
  readonly counts: WriteCounts = emptyCounts();
  private schemeIds: Map<string, number> | null = null;

  constructor(
    private readonly prisma: PrismaClient,
    private readonly account: ApiAccount,
    /** what else a write of listings causes (the alert checks) */
    private readonly follower?: ListingChangeFollower,
  ) {}

  /** Which of these developments exist already (counted as unchanged, with their homes and listings). */
  async existing(refs: string[]): Promise<Set<string>> {
    const where = { accountId: this.account.id, externalRef: { in: refs } };
    const present = await this.prisma.development.findMany({ where, select: { id: true, externalRef: true } });
    if (present.length) {
      const developmentId = { in: present.map((d) => d.id) };
      const properties = await this.prisma.property.count({ where: { developmentId } });
      const listings = await this.prisma.listing.count({ where: { developmentId } });
      this.counts.developments.unchanged += present.length;
      this.counts.properties.unchanged += properties;
      this.counts.listings.unchanged += listings;
    }
    return new Set(present.map((d) => d.externalRef));
  }

  /** Inserts new developments with their homes and listings. */
  async write(todo: DevelopmentPlan[]): Promise<void> {
    if (todo.length === 0) return;
    const accountId = this.account.id;
    const providerId = requireProvider(this.account);
    const schemeIds = (this.schemeIds ??= new Map((await this.prisma.scheme.findMany()).map((s) => [s.slug, s.id])));

    await this.prisma.$transaction(
      async (tx) => {
        const devIds = await insertReturningIds(
          tx,
          'Development',
          todo.map((p) => developmentRow(p, accountId, providerId)),
        );
        const devId = (p: DevelopmentPlan) => devIds.get(p.development.externalRef)!;
        const propIds = await insertReturningIds(
          tx,
          'Property',
          todo.flatMap((p) => p.properties.map((h) => propertyRow(h, accountId, devId(p)))),
        );
        await insertRows(
          tx,
          'PropertyPriceChange',
          todo.flatMap((p) => p.properties.map((h) => priceAddedRow(h, propIds.get(h.externalRef)!)).filter((r) => r !== null)),
        );
        const listingIds = await insertReturningIds(
          tx,
          'Listing',
          todo.flatMap((p) => p.listings.map((l) => listingRow(l, accountId, devId(p)))),
        );
        const listings = todo.flatMap((p) => p.listings).map((l) => ({ l, id: listingIds.get(l.externalRef)! }));
        await insertRows(
          tx,
          'ListingProperty',
          listings.flatMap(({ l, id }) =>
            l.properties.map((ref, position) => ({ listingId: id, propertyId: propIds.get(ref)!, position })),
          ),
        );
        await insertRows(
          tx,
          'ListingScheme',
          listings.flatMap(({ l, id }) => l.schemes.map((slug, position) => ({ listingId: id, schemeId: schemeIds.get(slug)!, position }))),
        );
        await insertRows(
          tx,
          'ListingPortal',
          listings.flatMap(({ l, id }) => l.portals.map((portalId) => ({ listingId: id, portalId }))),
        );
        await insertRows(
          tx,
          'OpenDaySlot',
          listings.flatMap(({ l, id }) => slotRows(l, id)),
        );
        await listingsChanged(
          tx,
          listings.map((x) => x.id),
          this.follower,
        );
      },
      { timeout: 600_000, maxWait: 30_000 },
    );
    this.counts.developments.created += todo.length;
    for (const p of todo) {
      this.counts.properties.created += p.properties.length;
      this.counts.listings.created += p.listings.length;
    }
  }
}
