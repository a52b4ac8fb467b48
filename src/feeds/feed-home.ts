// One advertised home as a feed (a BLM record, an RTDF push) describes it, in our terms but before it is
// grouped into developments and written: what each format's reader produces, and what the writer takes.
import type { AvailabilityCode } from '../inventory/availability.ts';
import type { TypeGroup } from './feed-codes.ts';

/** A photo, floor plan or document: a file of the uploaded zip, or a URL used as given. */
export type MediaSource = { file: string } | { url: string };

export interface FeedImage {
  source: MediaSource;
  caption: string;
}

export interface FeedHome {
  branch: string;
  agentRef: string;
  /** our externalRef of the property (and of its listing and development when it stands alone) */
  ref: string;
  /** the name a development is known by: ADDRESS_1 (or a DEVELOPMENT_REF the feed sends) */
  developmentName: string;
  /** a development key the feed sends (our extension): homes with the same key are grouped */
  developmentKey: string | null;
  displayAddress: string;
  town: string;
  postcode: string;
  latitude: number | null;
  longitude: number | null;
  newHome: boolean;
  forSale: boolean;
  published: boolean;
  property: {
    propertyNumber: string;
    propertyType: string;
    propertyTypeGroup: TypeGroup;
    bedrooms: number;
    bathrooms: number | null;
    receptionRooms: number | null;
    furnitureStatus: string | null;
    floorArea: number | null;
    tenure: 'leasehold' | 'freehold' | null;
    leaseYears: number | null;
    features: string[];
    availabilityStatus: AvailabilityCode;
    isSharedOwnership: boolean;
    fullMarketPrice: number | null;
    minSharePercentage: number | null;
    subsidisedMonthlyRent: number | null;
    monthlyServiceCharge: number | null;
    annualGroundRent: number | null;
    councilTaxBand: string | null;
    monthlyRent: number | null;
    rentalDeposit: number | null;
  };
  summary: string | null;
  description: string | null;
  images: FeedImage[];
  floorplans: FeedImage[];
  brochures: string[];
  tours: string[];
  schemes: string[];
  /** when the provider last changed it (null: not given, or 0000-00-00) */
  updatedAt: Date | null;
}

export interface FeedFieldError {
  field: string;
  message: string;
}

/** A record read: the home, or why it cannot be one; and what was lost on the way. */
export interface FeedRow {
  agentRef: string;
  home: FeedHome | null;
  errors: FeedFieldError[];
  warnings: string[];
}

/** How a provider's shared-ownership prices are meant (the account's setting, docs/feeds.md). */
export type SharedOwnershipPrice = 'full-value' | 'share-price';
export const SHARED_OWNERSHIP_PRICES = ['full-value', 'share-price'] as const;

const REF_CHARS = /[^A-Za-z0-9._\-/]/g;

/** `rm:<branch>:<agent ref>`: the refs feeds write, so that BLM files and RTDF pushes of a branch meet. */
export function feedRef(branch: string, agentRef: string): string {
  return `rm:${branch.replace(REF_CHARS, '-')}:${agentRef.replace(REF_CHARS, '-')}`;
}

export const branchPrefix = (branch: string) => `rm:${branch.replace(REF_CHARS, '-')}:`;

/**
 * The full market value from a shared-ownership price: as sent under `full-value`, or the share's
 * price scaled up by the share under `share-price` (null when the share is not known).
 */
export function fullValueOf(price: number, isSharedOwnership: boolean, sharePercent: number | null, meaning: SharedOwnershipPrice): number | null {
  if (!isSharedOwnership || meaning === 'full-value') return price;
  if (sharePercent === null || sharePercent <= 0 || sharePercent > 100) return null;
  return Math.round((price * 100) / sharePercent);
}
