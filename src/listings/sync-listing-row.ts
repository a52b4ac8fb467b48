// A synchronised listing as the store gives it: its columns and the names its links point to.
import type { Prisma } from '../generated/prisma/client.ts';

export const syncListingInclude = {
  development: { select: { externalRef: true } },
  properties: { include: { property: { select: { externalRef: true } } }, orderBy: { position: 'asc' } },
  schemes: { include: { scheme: { select: { slug: true } } }, orderBy: { position: 'asc' } },
  portals: { select: { portalId: true } },
  openDaySlots: { orderBy: { startsAt: 'asc' } },
} satisfies Prisma.ListingInclude;

export type SyncListingRow = Prisma.ListingGetPayload<{ include: typeof syncListingInclude }>;
