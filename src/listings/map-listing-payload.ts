// A listing on the search's map: basic (the portal's default) or extended (listing-presenter.ts presentMapListing).
import { about, decimal, flag, integer, listOf, named, nDecimal, oneOf, shape, text, type Payload } from '../core/openapi/payload-fields.ts';
import { availabilityStatusPayload, imagePayload } from './listing-item-payload.ts';
import { DISPLAY_AS } from './listing-sync-schema.ts';

export const mapListingPayload = named(
  'MapListing',
  about(
    shape({
      id: integer,
      name: text,
      slug: text,
      schemes: listOf(shape({ text, color: text })),
      latitude: decimal,
      longitude: decimal,
      // the extended payload's
      mainImage: imagePayload.nullable().optional(),
      propertyType: text.optional(),
      availabilityStatus: availabilityStatusPayload.optional(),
      displayAs: oneOf(DISPLAY_AS).optional(),
      displayAddress: text.optional(),
      bedrooms: listOf(integer).optional(),
      forSale: flag.optional(),
      isSharedOwnership: flag.optional(),
      fullMarketPrice: nDecimal.optional(),
      minShareValue: nDecimal.optional(),
      monthlyRent: nDecimal.optional(),
    }),
    'basic: id, name, slug, schemes, latitude, longitude; extended adds mainImage, propertyType, availabilityStatus, displayAs, displayAddress, bedrooms, forSale, isSharedOwnership, fullMarketPrice, minShareValue, monthlyRent',
  ),
);

export type MapListingPayload = Payload<typeof mapListingPayload>;
