import type { Prisma } from '../generated/prisma/client.ts';
import { instantToLondon } from '../core/london-time.ts';

export const syncListingInclude = {
  development: { select: { externalRef: true } },
  properties: { include: { property: { select: { externalRef: true } } }, orderBy: { position: 'asc' } },
  schemes: { include: { scheme: { select: { slug: true } } }, orderBy: { position: 'asc' } },
  portals: { select: { portalId: true } },
  openDaySlots: { orderBy: { startsAt: 'asc' } },
} satisfies Prisma.ListingInclude;

export type SyncListingRow = Prisma.ListingGetPayload<{ include: typeof syncListingInclude }>;

/** A listing with its links but not the names they point to: what a write compares (fewer queries than syncListingInclude). */
export const listingLinksInclude = {
  properties: { orderBy: { position: 'asc' } },
  schemes: { orderBy: { position: 'asc' } },
  portals: { select: { portalId: true } },
  openDaySlots: { orderBy: { startsAt: 'asc' } },
} satisfies Prisma.ListingInclude;

export type ListingLinksRow = Prisma.ListingGetPayload<{ include: typeof listingLinksInclude }>;

/** The row presentSyncListing takes, from the links and the names they point to. */
export function withLinkNames(
  row: ListingLinksRow,
  names: { development: string; properties: Map<number, string>; schemes: Map<number, string> },
): SyncListingRow {
  return {
    ...row,
    development: { externalRef: names.development },
    properties: row.properties.map((p) => ({ ...p, property: { externalRef: names.properties.get(p.propertyId)! } })),
    schemes: row.schemes.map((s) => ({ ...s, scheme: { slug: names.schemes.get(s.schemeId)! } })),
  };
}

/** The integrator's view of a listing: payload fields, marketplace id and slug. */
export function presentSyncListing(l: SyncListingRow) {
  return {
    id: l.id,
    externalRef: l.externalRef,
    slug: l.slug,
    development: l.development.externalRef,
    properties: l.properties.map((p) => p.property.externalRef),
    name: l.name,
    forSale: l.forSale,
    schemes: l.schemes.map((s) => s.scheme.slug),
    displayAs: l.displayAs,
    shortDescription: l.shortDescription,
    longDescription: l.longDescription,
    headline: l.headline,
    titleTag: l.titleTag,
    metaKeywords: l.metaKeywords,
    metaDescription: l.metaDescription,
    mainImage: l.mainImage,
    galleryImages: l.galleryImages,
    termsAndConditions: l.termsAndConditions,
    disclaimer: l.disclaimer,
    depositPercentage: l.depositPercentage,
    eligibility: l.eligibility,
    registerInterestFields: { eligibilityFields: l.eligibilityFields, priorityFields: l.priorityFields },
    published: l.published,
    publishAt: l.publishAt?.toISOString() ?? null,
    portals: l.portals.map((p) => p.portalId).sort((a, b) => a - b),
    partnerSources: l.partnerSources,
    openDays: l.openDaySlots.map((s) => ({ id: s.id, ...instantToLondon(s.startsAt), durationMin: s.durationMin, capacity: s.capacity })),
    withdrawn: l.withdrawnAt !== null,
    createdAt: l.createdAt.toISOString(),
    updatedAt: l.updatedAt.toISOString(),
  };
}

export type SyncListingView = ReturnType<typeof presentSyncListing>;
