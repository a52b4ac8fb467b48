// Pure rules of register interest around the eligibility engine: which eligibility fields a request must
// carry, and when an application counts as a duplicate.
import type { EligibilityProfile } from '../customers/customer-eligibility.ts';
import { ELIGIBILITY_FIELDS } from '../listings/listing-sync-schema.ts';

export type EligibilityField = (typeof ELIGIBILITY_FIELDS)[number];

/**
 * The eligibility fields a request must make known (sent, or already in the profile): the listing's own
 * `eligibilityFields` always; with validate_eligibility also every field its rules need (`needed`, the
 * engine's missingFields). For the engine's "homePostcode" (local connection, first dibs) either
 * postcode will do. A value the customer cannot have is not demanded: a work postcode of someone whose
 * working circumstance says they are not in work (`inWork` false; null when not known).
 */
export function missingMandatoryFields(
  stored: EligibilityProfile,
  listingFields: readonly string[],
  needed: readonly string[],
  validateEligibility: boolean,
  inWork: boolean | null = null,
): EligibilityField[] {
  const wanted = new Set<string>(listingFields.filter((f) => (ELIGIBILITY_FIELDS as readonly string[]).includes(f)));
  if (validateEligibility) for (const f of needed) wanted.add(f);
  const missing: EligibilityField[] = [];
  for (const field of ELIGIBILITY_FIELDS) {
    if (!wanted.has(field)) continue;
    if (field === 'workPostcode' && inWork === false) continue;
    const known =
      field === 'homePostcode' && !listingFields.includes('homePostcode') ? (stored.homePostcode ?? stored.workPostcode) : stored[field];
    if (known === null || known === undefined) missing.push(field);
  }
  return missing;
}

/**
 * Whether a new interest may be registered beside the customer's earlier (not archived) applications
 * for the same property, or the same listing when no property is named: only when every earlier one
 * failed and the new decision does not.
 */
export function isDuplicate(previousStatuses: string[], newStatus: string): boolean {
  if (previousStatuses.length === 0) return false;
  return !(previousStatuses.every((s) => s === 'failed') && newStatus !== 'failed');
}

export const DUPLICATE_PROPERTY = 'A previous application exists for the same property';
export const DUPLICATE_LISTING = 'A previous application exists for the same listing';
