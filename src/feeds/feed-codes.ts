// Rightmove's code tables (BLM v3 and RTDF share most of them) and what each becomes here. What has no
// value of ours is said in the row's warnings (docs/feeds.md lists every loss), never guessed.
import type { AvailabilityCode } from '../inventory/availability.ts';

export type TypeGroup = 'house' | 'flat' | 'maisonette' | 'bungalow' | 'other';

/** Rightmove's property types: label, and our group; `null` group: not a home (refused) */
const PROPERTY_TYPES: Record<number, [string, TypeGroup | null]> = {
  0: ['Not specified', 'other'],
  1: ['Terraced house', 'house'],
  2: ['End of terrace house', 'house'],
  3: ['Semi-detached house', 'house'],
  4: ['Detached house', 'house'],
  5: ['Mews house', 'house'],
  6: ['Cluster house', 'house'],
  7: ['Ground floor flat', 'flat'],
  8: ['Flat', 'flat'],
  9: ['Studio flat', 'flat'],
  10: ['Ground floor maisonette', 'maisonette'],
  11: ['Maisonette', 'maisonette'],
  12: ['Bungalow', 'bungalow'],
  13: ['Terraced bungalow', 'bungalow'],
  14: ['Semi-detached bungalow', 'bungalow'],
  15: ['Detached bungalow', 'bungalow'],
  16: ['Mobile home', 'other'],
  19: ['Commercial property', null],
  20: ['Land', null],
  21: ['Link detached house', 'house'],
  22: ['Town house', 'house'],
  23: ['Cottage', 'house'],
  24: ['Chalet', 'house'],
  25: ['Character property', 'house'],
  26: ['House', 'house'],
  27: ['Villa', 'house'],
  28: ['Apartment', 'flat'],
  29: ['Penthouse', 'flat'],
  43: ['Barn conversion', 'house'],
  44: ['Serviced apartment', 'flat'],
  45: ['Parking', null],
  46: ['Sheltered housing', 'other'],
  47: ['Retirement property', 'other'],
  48: ['House share', 'other'],
  49: ['Flat share', 'other'],
  50: ['Park home', 'other'],
  51: ['Garages', null],
  52: ['Farm house', 'house'],
  56: ['Duplex', 'flat'],
  59: ['Triplex', 'flat'],
};

export type PropertyTypeResult = { label: string; group: TypeGroup } | { notAHome: string } | { unknown: true };

export function propertyTypeOf(code: number | null): PropertyTypeResult {
  if (code === null) return { unknown: true };
  const known = PROPERTY_TYPES[code];
  if (!known) return code >= 100 ? { notAHome: 'a commercial or overseas property type' } : { unknown: true };
  const [label, group] = known;
  return group === null ? { notAHome: label } : { label, group };
}

/**
 * Land, parking spaces and garages that a CRM typed as a house or left unspecified: no bedrooms and a
 * summary that says what it is. A home with no bedrooms that says none of these (a studio) is a home.
 */
export function looksLikeNotAHome(bedrooms: number | null, summary: string): string | null {
  if (bedrooms !== null && bedrooms > 0) return null;
  const m = /\b(building plot|plot of land|parcel of land|(?:residential |agricultural )?land (?:for sale|with planning)|parking space|car parking|garage (?:for sale|to let)|lock-?up garage)\b/i.exec(summary);
  return m ? m[1]!.toLowerCase() : null;
}

/** BLM STATUS_ID (0-based) */
export function blmAvailability(status: number | null): { code: AvailabilityCode; lost: string | null } | null {
  switch (status) {
    case 0: return { code: 'available', lost: null };
    case 1: return { code: 'under-offer', lost: 'sold subject to contract is shown as under offer' };
    case 2: return { code: 'under-offer', lost: 'sold subject to conclusion of missives is shown as under offer' };
    case 3: return { code: 'under-offer', lost: null };
    case 4: return { code: 'under-offer', lost: 'reserved is shown as under offer' };
    case 5: return { code: 'under-offer', lost: null };
    default: return null;
  }
}

/** RTDF status is BLM's plus one. */
export const rtdfAvailability = (status: number | null) => blmAvailability(status === null ? null : status - 1);

/** Monthly rent from a rent and BLM's LET_RENT_FREQUENCY (0 weekly, 1 monthly, 2 quarterly, 3 annual, 5 per person per week). */
export function blmMonthlyRent(rent: number, frequency: number | null): { monthly: number; note: string | null } | null {
  switch (frequency) {
    case 0: return { monthly: (rent * 52) / 12, note: null };
    case 1:
    case null: return { monthly: rent, note: frequency === null ? 'no rent frequency given: taken as monthly' : null };
    case 2: return { monthly: rent / 3, note: null };
    case 3: return { monthly: rent / 12, note: null };
    default: return null;
  }
}

/** RTDF rent_frequency: payments a year (1, 4, 12, 52, 365). */
export function rtdfMonthlyRent(rent: number, frequency: number | null): { monthly: number; note: string | null } | null {
  if (frequency === null) return { monthly: rent, note: 'no rent frequency given: taken as monthly' };
  if (![1, 4, 12, 52, 365].includes(frequency)) return null;
  return { monthly: (rent * frequency) / 12, note: null };
}

/** Rounded to the penny, as a rent converted from another frequency is. */
export const pennies = (value: number) => Math.round(value * 100) / 100;

/** TENURE_TYPE_ID / tenure_type: 1 freehold, 2 leasehold, 3 feudal, 4 commonhold, 5 share of freehold, 6 non-traditional */
export function tenureOf(code: number | null): { tenure: 'leasehold' | 'freehold' | null; note: string | null } {
  switch (code) {
    case 1: return { tenure: 'freehold', note: null };
    case 2: return { tenure: 'leasehold', note: null };
    case 4: return { tenure: 'freehold', note: 'commonhold is shown as freehold' };
    case 5: return { tenure: 'leasehold', note: 'share of freehold is shown as leasehold' };
    case 3: return { tenure: null, note: 'feudal tenure has no value here: shown as "Ask the provider"' };
    case 6: return { tenure: null, note: 'non-traditional tenure has no value here: shown as "Ask the provider"' };
    default: return { tenure: null, note: null };
  }
}

/** LET_FURN_ID / furnished_type: 0 furnished, 1 part, 2 unfurnished, 3 not specified, 4 furnished or unfurnished */
export function furnitureOf(code: number | null): 'furnished' | 'part-furnished' | 'unfurnished' | null {
  return code === 0 ? 'furnished' : code === 1 ? 'part-furnished' : code === 2 ? 'unfurnished' : null;
}

export const PRICE_QUALIFIERS: Record<number, string> = {
  0: 'Default', 1: 'POA', 2: 'Guide price', 3: 'Fixed price', 4: 'Offers in excess of', 5: 'Offers in the region of',
  6: 'Sale by tender', 7: 'From', 9: 'Shared ownership', 10: 'Offers over', 11: 'Part buy, part rent', 12: 'Shared equity',
  15: 'Offers invited', 16: 'Coming soon',
};
export const SHARED_OWNERSHIP_QUALIFIERS = [9, 11];
export const POA = 1;
export const COMING_SOON = 16;
