// The listings and properties whose pictures name a feed picture (by the digest in its URLs): what a
// picture that does not decode is taken off. Rare (a picture that passed its header check and then failed
// to decode), so a scan of the JSON columns' text is enough.
import type { PrismaClient } from '../db/prisma.ts';

export interface PictureHolder {
  accountId: number;
  externalRef: string;
}

export async function listingsShowing(prisma: PrismaClient, digest: string): Promise<PictureHolder[]> {
  const like = `%/feeds/${digest}/%`;
  return prisma.$queryRaw<PictureHolder[]>`
    SELECT "accountId", "externalRef" FROM "Listing"
    WHERE "withdrawnAt" IS NULL AND ("mainImage"::text LIKE ${like} OR "galleryImages"::text LIKE ${like})
    ORDER BY id`;
}

export async function propertiesShowing(prisma: PrismaClient, digest: string): Promise<PictureHolder[]> {
  const like = `%/feeds/${digest}/%`;
  return prisma.$queryRaw<PictureHolder[]>`
    SELECT "accountId", "externalRef" FROM "Property"
    WHERE "deletedAt" IS NULL AND "floorplans"::text LIKE ${like}
    ORDER BY id`;
}
