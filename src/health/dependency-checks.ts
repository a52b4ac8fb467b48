// Whether the database and the search engine answer, each within a time limit: for /ready and for the
// availability gauges of /metrics.
import type { PrismaClient } from '../db/prisma.ts';
import type { SearchClient } from '../search/client.ts';
import { nationalPostcodesLoaded } from '../postcodes/postcode-lookup.ts';
import { withDeadline } from '../core/deadline.ts';

export type Availability = 'up' | 'down';

export interface DependencyStatus {
  database: Availability;
  search: Availability;
  /**
   * `national` once the national postcode file is loaded; `districts` before (`npm start` loads it beside
   * the running service): postcodes outside the imported sample then stand for their district's centre.
   * Absent when the database does not answer.
   */
  postcodes?: 'national' | 'districts';
}

async function probe(check: () => Promise<unknown>, timeoutMs: number): Promise<Availability> {
  try {
    await withDeadline(timeoutMs, check(), 'timed out');
    return 'up';
  } catch {
    return 'down';
  }
}

export async function checkDependencies(prisma: PrismaClient, search: SearchClient, timeoutMs: number): Promise<DependencyStatus> {
  let national = false;
  const [database, searchEngine] = await Promise.all([
    probe(async () => (national = await nationalPostcodesLoaded(prisma)), timeoutMs),
    // with the client's retries: of several nodes, one down is not the engine down
    probe(() => search.cluster.health({}, { requestTimeout: timeoutMs }), timeoutMs),
  ]);
  return { database, search: searchEngine, ...(database === 'up' ? { postcodes: national ? 'national' : 'districts' } : {}) };
}
