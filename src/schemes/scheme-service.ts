import type { PrismaClient } from '../db/prisma.ts';
import { KeptValue } from '../db/kept-reference.ts';

type Scheme = Awaited<ReturnType<PrismaClient['scheme']['findMany']>>[number];

/** Schemes change only when the reference data is loaded: kept a minute, and as last read while the database is out of reach. */
const TTL_MS = 60_000;

export class SchemeService {
  private readonly kept: KeptValue<Scheme[]>;

  constructor(prisma: PrismaClient) {
    this.kept = new KeptValue(() => prisma.scheme.findMany({ orderBy: [{ position: 'asc' }, { id: 'asc' }] }), TTL_MS);
  }

  all(): Promise<Scheme[]> {
    return this.kept.get();
  }
}
