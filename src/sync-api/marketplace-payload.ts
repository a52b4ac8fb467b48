// A listing of the marketplace pull: the listing item with what its listing page adds about its
// properties, so that a partner republishing the marketplace needs no second call per listing.
import { about, flag, listOf, named, shape, type Payload } from '../core/openapi/payload-fields.ts';
import { listingItemPayload } from '../listings/listing-item-payload.ts';
import { propertyDetailsPayload } from '../listings/property-details-payload.ts';

export const marketplaceListingPayload = named(
  'MarketplaceListing',
  shape({
    ...listingItemPayload.fields,
    singleProperty: about(flag, 'true when the listing advertises one property'),
    propertyDetails: about(propertyDetailsPayload.nullable(), "the one property's details when `singleProperty` (as on the listing page), else null"),
    properties: about(listOf(propertyDetailsPayload), "every property's details when the listing advertises several (as the listing's full details give them), else empty"),
  }),
);

export type MarketplaceListingPayload = Payload<typeof marketplaceListingPayload>;
