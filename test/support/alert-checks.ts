// The alert matcher's checks and the alert delivery's runs on the job queue (src/alerts/alert-checks.ts,
// src/alerts/alert-delivery-jobs.ts), as the tests look at them.
import { testApp } from './test-app.ts';
import { JOB_SCHEMA } from '../../src/db/job-queue.ts';
import { ALERT_CHECK_KIND } from '../../src/alerts/alert-checks.ts';
import { ALERT_DELIVERY_KIND } from '../../src/alerts/alert-delivery-jobs.ts';

/** The checks not done yet (waiting, waiting for a retry, or running), of one listing or of all. */
export async function alertChecksOpen(listingId?: number): Promise<number> {
  const [row] = await testApp().runtime.prisma.$queryRawUnsafe<{ n: number }[]>(
    `SELECT count(*)::int AS n FROM ${JOB_SCHEMA}.job WHERE name = $1 AND state IN ('created', 'retry', 'active') AND ($2::text IS NULL OR singleton_key = $2)`,
    ALERT_CHECK_KIND,
    listingId === undefined ? null : String(listingId),
  );
  return row!.n;
}

/** Drops the checks still waiting (a test file's leftovers: the test application runs no alert-check worker). */
export async function discardAlertChecks(): Promise<void> {
  await testApp().runtime.prisma.$executeRawUnsafe(`DELETE FROM ${JOB_SCHEMA}.job WHERE name = $1 AND state IN ('created', 'retry')`, ALERT_CHECK_KIND);
}

/** The alert delivery's runs not done yet (waiting, waiting for a retry, or running). */
export async function alertDeliveriesOpen(): Promise<number> {
  const [row] = await testApp().runtime.prisma.$queryRawUnsafe<{ n: number }[]>(
    `SELECT count(*)::int AS n FROM ${JOB_SCHEMA}.job WHERE name = $1 AND state IN ('created', 'retry', 'active')`,
    ALERT_DELIVERY_KIND,
  );
  return row!.n;
}
