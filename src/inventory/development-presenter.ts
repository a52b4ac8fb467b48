import type { Development } from '../generated/prisma/client.ts';

/** The integrator's view of a development: the payload fields plus its marketplace id. */
export function presentDevelopment(d: Development) {
  return {
    id: d.id,
    externalRef: d.externalRef,
    name: d.name,
    displayAddress: d.displayAddress,
    postcode: d.postcode,
    latitude: d.latitude,
    longitude: d.longitude,
    localAuthority: d.localAuthorityId,
    localAreaName: d.localAreaName,
    localAreaDescription: d.localAreaDescription,
    specifications: d.specifications,
    galleryImages: d.galleryImages,
    videos: d.videos,
    brochures: d.brochures,
    tenure: d.tenure,
    newBuild: d.newBuild,
    createdAt: d.createdAt.toISOString(),
    updatedAt: d.updatedAt.toISOString(),
  };
}

export type DevelopmentView = ReturnType<typeof presentDevelopment>;
