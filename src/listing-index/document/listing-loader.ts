// Loads listings with everything their search document needs, in one query per batch.
import type { Prisma } from '../../generated/prisma/client.ts';
import type { PrismaClient } from '../../db/prisma.ts';

export const listingDocumentInclude = {
  account: { select: { partnerSource: true } },
  development: {
    include: {
      housingProvider: true,
      localAuthority: { include: { county: { include: { region: true } } } },
    },
  },
  properties: {
    include: { property: { include: { priceChanges: { orderBy: [{ changedAt: 'asc' }, { id: 'asc' }] } } } },
    orderBy: { position: 'asc' },
  },
  schemes: { include: { scheme: true }, orderBy: { position: 'asc' } },
  portals: { select: { portalId: true } },
} satisfies Prisma.ListingInclude;

export type LoadedListing = Prisma.ListingGetPayload<{ include: typeof listingDocumentInclude }>;

type Db = Pick<PrismaClient, 'listing'>;

export function loadListings(db: Db, ids: number[]): Promise<LoadedListing[]> {
  return db.listing.findMany({ where: { id: { in: ids } }, include: listingDocumentInclude });
}

export function loadListingPage(db: Db, afterId: number, take: number): Promise<LoadedListing[]> {
  return db.listing.findMany({ where: { id: { gt: afterId } }, orderBy: { id: 'asc' }, take, include: listingDocumentInclude });
}
