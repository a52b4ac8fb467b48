// Accounts and sync payloads for tests. Payloads are the JSON an integrator would send.
import { randomUUID } from 'node:crypto';
import { testApp } from './test-app.ts';
import { ApiAccountService } from '../../src/api-accounts/api-account-service.ts';

export interface TestAccount {
  id: number;
  key: string;
  housingProviderId: number | null;
}

export async function createAccount(options: { tier?: 'basic' | 'premium'; kind?: 'provider' | 'agent' | 'partner'; partnerSource?: string } = {}): Promise<TestAccount> {
  const { prisma } = testApp().runtime;
  const kind = options.kind ?? 'provider';
  const provider = kind === 'partner' ? null : await prisma.housingProvider.create({ data: { name: `Provider ${randomUUID().slice(0, 8)}`, contactEmail: 'homes@example.org' } });
  const { account, key } = await new ApiAccountService(prisma).createAccount({
    name: `Account ${randomUUID().slice(0, 8)}`,
    kind,
    tier: options.tier ?? 'premium',
    housingProviderId: provider?.id ?? null,
    partnerSource: options.partnerSource ?? null,
    partnerImageUrl: options.partnerSource ? `https://images.example.org/${options.partnerSource}.png` : null,
  });
  return { id: account.id, key, housingProviderId: provider?.id ?? null };
}

export const withKey = (account: TestAccount, extra: Record<string, string> = {}) => ({ query: { api_key: account.key, ...extra } });

export function developmentPayload(overrides: Record<string, unknown> = {}) {
  return {
    name: 'Canal Wharf',
    displayAddress: 'Canal Street, Manchester',
    postcode: 'M1 1AD',
    tenure: 'leasehold',
    newBuild: true,
    localAreaName: 'Northern Quarter',
    ...overrides,
  };
}

export function propertyPayload(development: string, overrides: Record<string, unknown> = {}) {
  return {
    development,
    propertyNumber: 'Flat 1',
    propertyType: 'Apartment',
    propertyTypeGroup: 'flat',
    bedrooms: 2,
    bathrooms: 1,
    tenure: 'leasehold',
    energyEfficiencyRatingCurrent: 84,
    energyEfficiencyRatingPotential: 86,
    environmentalImpactRatingCurrent: 85,
    environmentalImpactRatingPotential: 88,
    availabilityStatus: 'available',
    forSale: true,
    isSharedOwnership: true,
    fullMarketPrice: 300000,
    minSharePercentage: 25,
    subsidisedMonthlyRent: 500,
    rooms: [{ name: 'Living room', units: 'metre', width: 4, length: 5 }],
    propertyFeatures: [
      { section: 'Parking', values: ['Allocated space'] },
      { section: 'Outside space', values: ['Balcony'] },
    ],
    ...overrides,
  };
}

export function listingPayload(development: string, properties: string[], overrides: Record<string, unknown> = {}) {
  return {
    development,
    properties,
    name: 'Canal Wharf',
    forSale: true,
    schemes: ['shared-ownership'],
    depositPercentage: 10,
    shortDescription: 'Two-bedroom shared-ownership flats by the canal.',
    eligibility: { maxHouseholdIncome: 80000, eligibleCitizen: true, homeOwnershipStatuses: [1, 2, 3] },
    registerInterestFields: { eligibilityFields: ['annualHouseholdIncome', 'deposit'], priorityFields: ['keyworker'] },
    ...overrides,
  };
}

/** A development with one property and a listing of it, through the REST interface. */
export async function pushListing(account: TestAccount, api: typeof import('./api.ts').api, suffix = randomUUID().slice(0, 8), overrides: Record<string, unknown> = {}) {
  const dev = `dev-${suffix}`;
  const prop = `prop-${suffix}`;
  const listing = `listing-${suffix}`;
  await api.put(`/api/rest/inventory/developments/${dev}`, developmentPayload(), withKey(account));
  await api.put(`/api/rest/inventory/properties/${prop}`, propertyPayload(dev), withKey(account));
  const res = await api.put(`/api/rest/listings/${listing}`, listingPayload(dev, [prop], overrides), withKey(account, { refresh: 'wait_for' }));
  return { dev, prop, listing, res };
}

/** Retries an assertion until it passes or the time is up (for asynchronous indexing). */
export async function eventually<T>(check: () => Promise<T>, timeoutMs = 10_000, intervalMs = 100): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await check();
    } catch (err) {
      if (Date.now() > deadline) throw err;
      await new Promise((r) => setTimeout(r, intervalMs));
    }
  }
}

/**
 * Withdraws every listing of these accounts and waits until the index has dropped them: a test file that
 * places listings where other files search leaves nothing behind for them.
 */
export async function withdrawListingsOf(...accounts: TestAccount[]): Promise<void> {
  const { request } = await import('./api.ts');
  const { prisma } = testApp().runtime;
  for (const account of accounts) {
    const listings = await prisma.listing.findMany({ where: { accountId: account.id }, select: { externalRef: true } });
    for (const { externalRef } of listings) {
      const res = await request('DELETE', `/api/rest/listings/${encodeURIComponent(externalRef)}`, withKey(account));
      if (res.status !== 200 && res.status !== 204 && res.status !== 404) throw new Error(`withdrawing ${externalRef}: ${res.status}`);
    }
  }
  await eventually(async () => {
    if ((await prisma.listingOutbox.count()) > 0) throw new Error('outbox not drained yet');
  }, 20_000);
  // drained is written, not yet searchable: the next file's first search must not find them
  const { search, listingIndex } = testApp().runtime;
  await search.indices.refresh({ index: listingIndex.alias });
}
