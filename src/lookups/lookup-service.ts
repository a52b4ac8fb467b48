import type { PrismaClient } from '../db/prisma.ts';
import { KeptValue, KeptValues } from '../db/kept-reference.ts';
import { localAuthorityInclude } from '../postcodes/local-authority-row.ts';

/** The lists change only when the reference data is loaded: kept ten minutes, and as last read while the database is out of reach. */
const TTL_MS = 600_000;

export class LookupService {
  private readonly lists: KeptValues<string, Awaited<ReturnType<PrismaClient['lookupItem']['findMany']>>>;
  private readonly authorities: KeptValue<Awaited<ReturnType<LookupService['readLocalAuthorities']>>>;
  private readonly countyList: KeptValue<Awaited<ReturnType<LookupService['readCounties']>>>;

  constructor(private readonly prisma: PrismaClient) {
    this.lists = new KeptValues((list) => prisma.lookupItem.findMany({ where: { list }, orderBy: [{ position: 'asc' }, { id: 'asc' }] }), TTL_MS);
    this.authorities = new KeptValue(() => this.readLocalAuthorities(), TTL_MS);
    this.countyList = new KeptValue(() => this.readCounties(), TTL_MS);
  }

  /** Reads every list once, so that all of them are in memory before the database is ever out of reach. */
  async warm(lists: string[]): Promise<void> {
    await Promise.all([...lists.map((list) => this.items(list)), this.localAuthorities(), this.counties()]);
  }

  items(list: string) {
    return this.lists.get(list);
  }

  localAuthorities() {
    return this.authorities.get();
  }

  counties() {
    return this.countyList.get();
  }

  private readLocalAuthorities() {
    return this.prisma.localAuthority.findMany({ include: localAuthorityInclude, orderBy: { name: 'asc' } });
  }

  private readCounties() {
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
