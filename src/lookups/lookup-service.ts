import type { PrismaClient } from '../db/prisma.ts';
import { localAuthorityInclude } from '../postcodes/local-authority-presenter.ts';

export class LookupService {
  constructor(private readonly prisma: PrismaClient) {}

  items(list: string) {
    return this.prisma.lookupItem.findMany({ where: { list }, orderBy: [{ position: 'asc' }, { id: 'asc' }] });
  }

  localAuthorities() {
    return this.prisma.localAuthority.findMany({ include: localAuthorityInclude, orderBy: { name: 'asc' } });
  }

  counties() {
    return this.prisma.county.findMany({ include: { region: true }, orderBy: { name: 'asc' } });
  }

  /** Ids among `ids` that are not in `list`. */
  async missingIds(list: string, ids: number[]): Promise<number[]> {
    if (ids.length === 0) return [];
    const found = await this.prisma.lookupItem.findMany({ where: { list, id: { in: ids } }, select: { id: true } });
    const known = new Set(found.map((f) => f.id));
    return ids.filter((id) => !known.has(id));
  }
}
