// The search envelope, its facets and (listings/map-listing-payload.ts) its map listings.
import { about, decimal, flag, integer, listOf, named, oneOf, shape, text, withJsonSchema, type Payload } from '../core/openapi/payload-fields.ts';
import * as yup from 'yup';
import { linksPayload, paginationPayload } from '../core/envelope-payload.ts';
import { listingItemPayload } from '../listings/listing-item-payload.ts';
import { mapListingPayload } from '../listings/map-listing-payload.ts';

export const facetPayload = named(
  'Facet',
  shape({
    name: text,
    param: text,
    multiValue: flag,
    options: listOf(shape({ value: withJsonSchema(yup.mixed<string | number>().defined(), { type: ['string', 'number'] }), text, count: integer })),
  }),
);

/** Where a home or work postcode is: its own point, or its district's centre. */
const postcodePoint = shape({ postcode: text, latitude: decimal, longitude: decimal });

/** The place `location` was understood as, with the id and type of its place autocomplete suggestion. */
const understoodPlace = shape({
  id: text,
  type: oneOf(['postcode', 'district', 'town', 'local_authority', 'county', 'region'] as const),
  name: text,
});

export const searchEnvelopePayload = named(
  'SearchEnvelope',
  shape({
    data: listOf(listingItemPayload),
    pagination: paginationPayload,
    links: linksPayload,
    // the first page's (pages after it carry only the above unless the portal asks for the full envelope)
    center: shape({ lat: decimal, lng: decimal }).optional(),
    rectBounds: about(
      shape({ north: decimal, south: decimal, east: decimal, west: decimal }),
      'the location rectangle expanded by the radius (a local authority, county or region with radius 0: its own rectangle)',
    ).optional(),
    clearLocation: about(
      flag,
      'false when `location` names no known place (nor a postcode of a known postcode district): the search then covers the whole UK, and a client should say that the place was not found',
    ).optional(),
    place: about(
      understoodPlace.nullable(),
      'the place `location` was understood as (null without a location, for a drawn area or an echoed resolution, and when nothing matched); a region, county or local authority with radius 0 means the listings of its local authorities; with a radius above 0, the listings inside its rectangle expanded by the radius',
    ).optional(),
    home: postcodePoint.nullable().optional(),
    work: postcodePoint.nullable().optional(),
    mapListings: listOf(mapListingPayload).optional(),
    facets: listOf(facetPayload).optional(),
    sortOptions: listOf(shape({ value: text, text })).optional(),
  }),
);

export type FacetPayload = Payload<typeof facetPayload>;
export type SearchEnvelopePayload = Payload<typeof searchEnvelopePayload>;
