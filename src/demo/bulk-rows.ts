// Database rows for payloads, holding exactly what the sync services would store for them (used by the
// bulk path of large benchmark seeds, which bypasses the per-item services for speed).
import * as yup from 'yup';
import { validate } from '../core/validation.ts';
import { londonToInstant } from '../core/london-time.ts';
import { sameData } from '../sync/write-result.ts';
import { developmentSchema } from '../inventory/development-schema.ts';
import { propertySchema } from '../inventory/property-schema.ts';
import { headlinePrice } from '../inventory/price-history.ts';
import { listingSyncSchema } from '../listings/listing-sync-schema.ts';
import type { DevelopmentPlan } from './plan.ts';
import type { PropertyPayload } from './property-payload.ts';
import type { ListingPayload } from './listing-payload.ts';

/** A row as JSON: column name -> value (dates as ISO strings, JSON columns as values, SQL NULL as null). */
export type Row = Record<string, unknown>;

export function developmentRow(plan: DevelopmentPlan, accountId: number, housingProviderId: number): Row {
  const { externalRef, latitude: _lat, longitude: _lng, localAuthority: _la, ...rest } = plan.development;
  // the site's point and local authority: the postcode's, or those the payload gives
  return {
    ...rest,
    accountId,
    externalRef,
    housingProviderId,
    latitude: plan.postcode.latitude,
    longitude: plan.postcode.longitude,
    localAuthorityId: plan.postcode.localAuthorityId,
  };
}

export function propertyRow(p: PropertyPayload, accountId: number, developmentId: number): Row {
  const { development: _dev, ...rest } = p;
  return { ...rest, accountId, developmentId };
}

/** The first entry of a new property's price history (none without a headline price). */
export function priceAddedRow(p: PropertyPayload, propertyId: number): Row | null {
  const price = headlinePrice(p);
  return price === null ? null : { propertyId, forSale: p.forSale, price, change: 'added' };
}

export function listingRow(l: ListingPayload, accountId: number, developmentId: number): Row {
  if (!l.slug) throw new Error(`listing ${l.externalRef} needs a slug for the bulk path`);
  const { development: _dev, properties: _p, schemes: _s, portals: _o, openDays: _d, registerInterestFields, ...rest } = l;
  return { ...rest, ...registerInterestFields, accountId, developmentId };
}

export const slotRows = (l: ListingPayload, listingId: number): Row[] =>
  l.openDays.map((s) => ({
    listingId,
    startsAt: londonToInstant(s.date, s.time).toISOString(),
    durationMin: s.durationMin,
    capacity: s.capacity,
  }));

function assertAsValidated(schema: yup.AnyObjectSchema, payload: object, label: string): void {
  const validated = validate(schema, payload) as Record<string, unknown>;
  const given = payload as Record<string, unknown>;
  const differing = [...new Set([...Object.keys(validated), ...Object.keys(given)])].filter(
    (k) => !sameData({ v: validated[k] }, { v: given[k] }),
  );
  if (differing.length) throw new Error(`${label}: the payload differs from what the sync schema makes of it in ${differing.join(', ')}`);
}

/**
 * The bulk path stores payloads as they are, so they must already be in the form the schemas give them
 * (every default filled in, postcodes normalised); checked on a sample development.
 */
export function assertPlanInSchemaForm(plan: DevelopmentPlan): void {
  assertAsValidated(developmentSchema, plan.development, `development ${plan.development.externalRef}`);
  for (const p of plan.properties) assertAsValidated(propertySchema, p, `property ${p.externalRef}`);
  for (const l of plan.listings) assertAsValidated(listingSyncSchema, l, `listing ${l.externalRef}`);
}
