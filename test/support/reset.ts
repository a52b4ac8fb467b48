// A clean slate for the inventory side at the start of a run: tables emptied, a fresh listing index.
import type { Runtime } from '../../src/runtime.ts';
import { deadLetterOf, JOB_SCHEMA } from '../../src/db/job-queue.ts';
import { WEBHOOK_KIND } from '../../src/webhooks/webhook-job.ts';

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
  // the webhook jobs of the rows just emptied (leads and deliveries numbered from 1 again): a job left
  // from an earlier run would post a new run's row, or hold a new lead's key
  await prisma.$executeRawUnsafe(`DELETE FROM ${JOB_SCHEMA}.job WHERE name = ANY($1)`, [WEBHOOK_KIND, deadLetterOf(WEBHOOK_KIND)]).catch((err: unknown) => {
    // the job queue's schema is made at its first start; before it there is nothing to delete
    if (!/does not exist/.test(String(err))) throw err;
  });
  await listingIndex.destroy();
  await listingIndex.ensure();
}
