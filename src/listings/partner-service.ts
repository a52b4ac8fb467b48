// Partner portals, known by the `source` they send with searches.
import type { PrismaClient } from '../db/prisma.ts';
import { KeptValues } from '../db/kept-reference.ts';

export interface Partner {
  source: string;
  name: string;
  imageUrl: string | null;
}

export class PartnerService {
  // read on every search that names one (a time to live of 0), the last read kept for a database outage
  private readonly kept: KeptValues<string, Partner | null>;

  constructor(prisma: PrismaClient) {
    this.kept = new KeptValues(async (source) => {
      const account = await prisma.apiAccount.findUnique({ where: { partnerSource: source } });
      return account ? { source, name: account.name, imageUrl: account.partnerImageUrl } : null;
    }, 0);
  }

  bySource(source: string): Promise<Partner | null> {
    return this.kept.get(source);
  }
}
