// A clean slate for the inventory side at the start of a run: tables emptied, a fresh listing index.
import type { Runtime } from '../../src/runtime.ts';

const INVENTORY_TABLES = [
  'Appointment',
  'Application',
  'ListingOutbox',
  'ListingPageView',
  'ListingAlertState',
  'SearchReindex',
  'OpenDaySlot',
  'ListingPortal',
  'ListingScheme',
  'ListingProperty',
  'Listing',
  'Property',
  'Development',
  'ApiKey',
  'ApiAccount',
  'HousingProvider',
];

const CUSTOMER_TABLES = ['AlertMatch', 'SavedSearch', 'Favourite', 'MagicLink', 'RefreshToken', 'RevokedAccessToken', 'RateLimitCounter', 'Customer'];

export async function resetInventory(app: { runtime: Pick<Runtime, 'prisma' | 'listingIndex'> }): Promise<void> {
  const { prisma, listingIndex } = app.runtime;
  await prisma.$executeRawUnsafe(`TRUNCATE ${[...INVENTORY_TABLES, ...CUSTOMER_TABLES].map((t) => `"${t}"`).join(', ')} RESTART IDENTITY CASCADE`);
  await listingIndex.destroy();
  await listingIndex.ensure();
}
