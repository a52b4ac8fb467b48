import type { Prisma } from '../generated/prisma/client.ts';

export const areaPageInclude = { scheme: true, region: true, county: true, localAuthority: true } satisfies Prisma.AreaPageInclude;
export type AreaPageRow = Prisma.AreaPageGetPayload<{ include: typeof areaPageInclude }>;

/** Area pages the public may see: published at or before `now`. */
export const visibleAreaPageWhere = (now: Date): Prisma.AreaPageWhereInput => ({ publishedAt: { lte: now } });

/** What the page's area is: the region itself, or one of its counties or local authorities. */
export function areaOf(p: Pick<AreaPageRow, 'region' | 'county' | 'localAuthority'>): {
  type: 'region' | 'county' | 'local_authority';
  id: number;
  name: string;
} {
  if (p.localAuthority) return { type: 'local_authority', id: p.localAuthority.id, name: p.localAuthority.name };
  if (p.county) return { type: 'county', id: p.county.id, name: p.county.name };
  return { type: 'region', id: p.region.id, name: p.region.name };
}
