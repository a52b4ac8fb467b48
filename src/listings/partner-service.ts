// Partner portals, known by the `source` they send with searches.
import type { PrismaClient } from '../db/prisma.ts';

export interface Partner {
  source: string;
  name: string;
  imageUrl: string | null;
}

export class PartnerService {
  constructor(private readonly prisma: PrismaClient) {}

  async bySource(source: string): Promise<Partner | null> {
    const account = await this.prisma.apiAccount.findUnique({ where: { partnerSource: source } });
    return account ? { source, name: account.name, imageUrl: account.partnerImageUrl } : null;
  }
}
