// The listings of applications, read from the search index (current, while live) with their pages'
// views (listing-page-views.ts), and the snapshot an application keeps of its listing for the time
// after the listing leaves the marketplace.
import type { SearchClient } from '../search/client.ts';
import type { IndexedListingDocument, ListingDocument } from '../listing-index/document/listing-document.ts';
import { withPageView, type ListingPageViews } from '../listing-index/document/listing-page-views.ts';
import type { ListingEligibility } from '../eligibility/listing-eligibility.ts';
import { liveDocumentsByIdsRequest } from '../listing-index/by-ids-requests.ts';
import { presentListingItem } from '../listings/listing-presenter.ts';
import type { ListingItemPayload } from '../listings/listing-item-payload.ts';
import type { PropertyDetailsPayload } from '../listings/property-details-payload.ts';
import { storedPropertyDetails } from '../listing-reads/listing-details-presenter.ts';
import type { PropertyTerms } from '../eligibility/eligibility-rules.ts';
import type { CostedProperty } from '../affordability/affordability.ts';
import { ITEM_FACTS_FIELD, type ItemFacts } from '../listing-index/document/listing-costs.ts';

export interface ListingSnapshot {
  /** the listing item when the application was made (JSON in the row) */
  item: ListingItemPayload;
  eligibility: ListingEligibility;
  terms: PropertyTerms[];
  eligibilityFields: string[];
  /** each home's costing (listing-costs.ts), which the decision judges money by; absent in older snapshots */
  costs?: CostedProperty[];
}

export function snapshotOf(doc: ListingDocument): ListingSnapshot {
  return {
    item: presentListingItem(doc.view, { favourite: null }),
    eligibility: doc.eligibility,
    // the deposit each home needs under the one deposit rule (a document of an older mapping: its deposit value)
    terms: doc.properties.map((p) => ({ id: p.id, depositValue: p.depositNeeded !== undefined ? p.depositNeeded : p.depositValue, availabilityStatus: p.availabilityStatus })),
    eligibilityFields: doc.view.registerInterestFields.eligibilityFields,
    ...(doc[ITEM_FACTS_FIELD] ? { costs: (JSON.parse(doc[ITEM_FACTS_FIELD]) as ItemFacts).properties } : {}),
  };
}

export function propertyViewOf(doc: ListingDocument, propertyId: number): PropertyDetailsPayload | null {
  return storedPropertyDetails(doc).find((p) => p.id === propertyId) ?? null;
}

/** Available: the listing is live and not closed; a named property is still advertised and not closed. */
export function isAvailable(doc: ListingDocument | undefined, propertyId: number | null): boolean {
  if (!doc || doc.availabilityStatus === 'closed') return false;
  if (propertyId === null) return true;
  const property = doc.properties.find((p) => p.id === propertyId);
  return property !== undefined && property.availabilityStatus !== 'closed';
}

export class ApplicationListings {
  constructor(
    private readonly search: SearchClient,
    private readonly alias: string,
    private readonly views: Pick<ListingPageViews, 'read'>,
  ) {}

  /** The live documents among these listing ids (any portal), with their pages' views. */
  async live(ids: number[]): Promise<Map<number, ListingDocument>> {
    const unique = [...new Set(ids)];
    if (unique.length === 0) return new Map();
    const stored = this.views.read(unique);
    stored.catch(() => undefined); // awaited below, unless the engine fails first
    const res = await this.search.search<IndexedListingDocument>({ index: this.alias, ...liveDocumentsByIdsRequest(unique) });
    const views = await stored;
    return new Map(res.hits.hits.map((h) => [Number(h._id), withPageView(h._source!, h._version ?? undefined, views.get(Number(h._id)))]));
  }
}
