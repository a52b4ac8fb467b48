// Writes a plan through the synchronisation services, exactly as the sync API would: each object is
// validated by the API's schema, and each PUT is one transaction that also queues the listings it
// changes in the index outbox.
import type { PrismaClient } from '../db/prisma.ts';
import type { ApiAccount } from '../generated/prisma/client.ts';
import { ValidationError } from '../core/errors.ts';
import { validateBody } from '../core/validation.ts';
import { developmentSchema } from '../inventory/development-schema.ts';
import { propertySchema } from '../inventory/property-schema.ts';
import { listingSyncSchema } from '../listings/listing-sync-schema.ts';
import type { WriteStatus } from '../sync/write-result.ts';
import { DevelopmentService } from '../inventory/development-service.ts';
import { PropertyService } from '../inventory/property-service.ts';
import { ListingSyncService } from '../listings/listing-sync-service.ts';
import type { DevelopmentPlan } from './plan.ts';
import { forEachLimit } from './pool.ts';
import type { ListingChangeFollower } from '../sync/outbox.ts';

export type Tally = Record<WriteStatus, number>;
export interface WriteCounts {
  developments: Tally;
  properties: Tally;
  listings: Tally;
}

export const emptyCounts = (): WriteCounts => ({
  developments: { created: 0, updated: 0, unchanged: 0, deleted: 0 },
  properties: { created: 0, updated: 0, unchanged: 0, deleted: 0 },
  listings: { created: 0, updated: 0, unchanged: 0, deleted: 0 },
});

async function put<T>(what: string, ref: string, write: () => Promise<{ status: WriteStatus; record: T }>): Promise<WriteStatus> {
  try {
    return (await write()).status;
  } catch (err) {
    if (err instanceof ValidationError) throw new Error(`${what} ${ref} was refused: ${JSON.stringify(err.errors)}`, { cause: err });
    throw err;
  }
}

export class ServiceWriter {
  private readonly developments: DevelopmentService;
  private readonly properties: PropertyService;
  private readonly listings: ListingSyncService;
  readonly counts = emptyCounts();

  constructor(
    prisma: PrismaClient,
    private readonly accounts: Map<string, ApiAccount>,
    /** what else a write of listings causes (the alert checks), as in the service */
    follower?: ListingChangeFollower,
  ) {
    this.developments = new DevelopmentService(prisma, follower);
    this.properties = new PropertyService(prisma, follower);
    this.listings = new ListingSyncService(prisma, follower);
  }

  /** One development, then its homes, then its listings (which name the homes). */
  async write(plan: DevelopmentPlan): Promise<void> {
    const account = this.accounts.get(plan.account);
    if (!account) throw new Error(`no account ${plan.account}`);
    const d = plan.development;
    this.counts.developments[await put('development', d.externalRef, () => this.developments.put(account, validateBody(developmentSchema, d)))]++;
    for (const p of plan.properties) {
      this.counts.properties[await put('property', p.externalRef, () => this.properties.put(account, validateBody(propertySchema, p)))]++;
    }
    for (const l of plan.listings) {
      this.counts.listings[await put('listing', l.externalRef, () => this.listings.put(account, validateBody(listingSyncSchema, l)))]++;
    }
  }

  /** Writes the plans with up to `concurrency` developments in flight. */
  async writeAll(plans: DevelopmentPlan[], concurrency: number, onDone?: (done: number) => void): Promise<void> {
    let done = 0;
    await forEachLimit(plans.length, concurrency, async (i) => {
      await this.write(plans[i]!);
      onDone?.(++done);
    });
  }
}
