// Listings with open days and registrations of interest, for the application and appointment tests.
import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { api, type ApiResponse } from './api.ts';
import { developmentPayload, eventually, listingPayload, propertyPayload, withKey, type TestAccount } from './factories.ts';
import { P, bearer, clientIp, fromIp, type SignedIn } from './customers.ts';
import { testApp } from './test-app.ts';

/** A date `days` from today as YYYY-MM-DD. */
export const daysFromNow = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

export interface PushedListing {
  id: number;
  slug: string;
  ref: string;
  /** property ids, in the order of `properties` */
  propertyIds: number[];
  propertyRefs: string[];
  dev: string;
}

/**
 * A development, its properties (each with its overrides) and a listing of them, visible in search
 * before it returns. Listing overrides go over factories' listingPayload (which has eligibility rules
 * and eligibilityFields annualHouseholdIncome and deposit).
 */
export async function pushAppListing(
  account: TestAccount,
  options: { properties?: Record<string, unknown>[]; listing?: Record<string, unknown> } = {},
): Promise<PushedListing> {
  const suffix = randomUUID().slice(0, 8);
  const dev = `dev-${suffix}`;
  expect((await api.put(`/api/rest/inventory/developments/${dev}`, developmentPayload(), withKey(account))).status).to.equal(201);
  const propertyRefs: string[] = [];
  const propertyIds: number[] = [];
  for (const [i, overrides] of (options.properties ?? [{}]).entries()) {
    const ref = `prop-${suffix}-${i}`;
    const res = await api.put(
      `/api/rest/inventory/properties/${ref}`,
      propertyPayload(dev, { propertyNumber: `Flat ${i + 1}`, ...overrides }),
      withKey(account),
    );
    expect(res.status, res.text).to.equal(201);
    propertyRefs.push(ref);
    propertyIds.push(res.body.id);
  }
  const ref = `listing-${suffix}`;
  const res = await api.put(
    `/api/rest/listings/${ref}`,
    listingPayload(dev, propertyRefs, { name: `Wharf ${suffix}`, ...options.listing }),
    withKey(account, { refresh: 'wait_for' }),
  );
  expect(res.status, res.text).to.equal(201);
  const live = res.body.published !== false && !(res.body.publishAt && Date.parse(res.body.publishAt) > Date.now());
  if (live) await eventually(async () => expect((await api.get(`${P}/listings/${res.body.id}`)).status).to.equal(200));
  return { id: res.body.id, slug: res.body.slug, ref, propertyIds, propertyRefs, dev };
}

/** Values that pass factories' default listing rules. */
export const PASSING = { annualHouseholdIncome: 40000, deposit: 50000, eligibleCitizen: true, homeOwnershipStatus: 1 };

export const registerInterest = (
  listing: number | string,
  body: Record<string, unknown>,
  customer?: SignedIn,
  query: Record<string, string> = {},
): Promise<ApiResponse> =>
  api.post(
    typeof listing === 'number' ? `${P}/listings/${listing}/register-interest` : `${P}/listings/slug/${listing}/register-interest`,
    body,
    {
      ...(customer ? bearer(customer.accessToken) : fromIp(clientIp())),
      query,
    },
  );

/** Registers with passing values and returns the application (201 asserted). */
export async function applied(customer: SignedIn, listing: number, body: Record<string, unknown> = {}) {
  const res = await registerInterest(listing, { ...PASSING, ...body }, customer);
  expect(res.status, res.text).to.equal(201);
  return res.body as { id: number; updateToken: string; eligibilityStatus: string };
}

/** Open-day slots straight in the database (for past slots, which the sync interface would refuse). */
export async function insertSlot(listingId: number, startsAt: Date, capacity = 5, durationMin = 60): Promise<number> {
  const slot = await testApp().runtime.prisma.openDaySlot.create({ data: { listingId, startsAt, capacity, durationMin } });
  return slot.id;
}

export async function slotIds(listingId: number): Promise<number[]> {
  return (await testApp().runtime.prisma.openDaySlot.findMany({ where: { listingId }, orderBy: { startsAt: 'asc' } })).map((s) => s.id);
}
