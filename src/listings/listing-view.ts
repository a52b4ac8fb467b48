// The stored, not indexed, `view` of a listing document (listing-document.ts builds it): every field the
// listing item, listing details and property details present. Its own module, so that the presenters
// and the stored item fields that read it need not import the document's builder, which uses them.
import type { StoredPropertyDetails } from './property-details-payload.ts';
export interface ListingView {
  listing: Record<string, unknown>;
  properties: StoredPropertyDetails[];
  registerInterestFields: { eligibilityFields: string[]; priorityFields: string[] };
}
