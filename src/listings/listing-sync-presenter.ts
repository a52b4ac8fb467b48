import { instantToLondon } from '../core/london-time.ts';
import type { SyncListingRow } from './sync-listing-row.ts';

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
