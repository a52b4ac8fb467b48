// The Local-authority object of the postcode lookup and of the local-authorities list, with its county
// and region.
import { integer, named, shape, text, type Payload } from '../core/openapi/payload-fields.ts';

export const regionPayload = named('Region', shape({ id: integer, name: text }));
export const countyPayload = named('County', shape({ id: integer, name: text, region: regionPayload }));
export const localAuthorityPayload = named(
  'LocalAuthority',
  shape({ id: integer, name: text, longName: text, type: text, county: countyPayload }),
);

export type RegionPayload = Payload<typeof regionPayload>;
export type CountyPayload = Payload<typeof countyPayload>;
export type LocalAuthorityPayload = Payload<typeof localAuthorityPayload>;
