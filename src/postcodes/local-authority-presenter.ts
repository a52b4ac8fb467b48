// The Local-authority object of the postcode lookup, also the item of the local-authorities list.
import type { County, Region } from '../generated/prisma/client.ts';
import type { CountyPayload, LocalAuthorityPayload, RegionPayload } from './local-authority-payload.ts';
import type { LocalAuthorityWithCounty } from './local-authority-row.ts';

export function presentRegion(region: Region): RegionPayload {
  return { id: region.id, name: region.name };
}

export function presentCounty(county: County & { region: Region }): CountyPayload {
  return { id: county.id, name: county.name, region: presentRegion(county.region) };
}

export function presentLocalAuthority(la: LocalAuthorityWithCounty): LocalAuthorityPayload {
  return { id: la.id, name: la.name, longName: la.longName, type: la.type, county: presentCounty(la.county) };
}
