// The Local-authority object of the postcode lookup, also the item of the local-authorities list.
import type { County, LocalAuthority, Region } from '../generated/prisma/client.ts';

export type LocalAuthorityWithCounty = LocalAuthority & { county: County & { region: Region } };

export const localAuthorityInclude = { county: { include: { region: true } } } as const;

export function presentRegion(region: Region) {
  return { id: region.id, name: region.name };
}

export function presentCounty(county: County & { region: Region }) {
  return { id: county.id, name: county.name, region: presentRegion(county.region) };
}

export function presentLocalAuthority(la: LocalAuthorityWithCounty) {
  return { id: la.id, name: la.name, longName: la.longName, type: la.type, county: presentCounty(la.county) };
}
