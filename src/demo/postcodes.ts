// The sample postcodes of the demo places, as loaded by `npm run db:reference`.
import type { PrismaClient } from '../db/prisma.ts';
import { EXCLUDED_DISTRICTS, PLACES } from './places.ts';

export interface DemoPostcode {
  postcode: string;
  district: string;
  laCode: string;
  localAuthorityId: number;
  latitude: number;
  longitude: number;
}

/** Usable postcodes by local authority code, each list in postcode order. */
export async function loadDemoPostcodes(prisma: PrismaClient): Promise<Map<string, DemoPostcode[]>> {
  const rows = await prisma.postcode.findMany({
    where: { localAuthority: { code: { in: PLACES.map((p) => p.code) } } },
    include: { localAuthority: { select: { code: true } } },
    orderBy: { postcode: 'asc' },
  });
  const byCode = new Map<string, DemoPostcode[]>(PLACES.map((p) => [p.code, []]));
  for (const r of rows) {
    if (EXCLUDED_DISTRICTS.has(r.district)) continue;
    byCode.get(r.localAuthority.code)!.push({
      postcode: r.postcode,
      district: r.district,
      laCode: r.localAuthority.code,
      localAuthorityId: r.localAuthorityId,
      latitude: r.latitude,
      longitude: r.longitude,
    });
  }
  const missing = PLACES.filter((p) => (byCode.get(p.code)?.length ?? 0) < 2).map((p) => p.town);
  if (missing.length) throw new Error(`No sample postcodes for ${missing.join(', ')}: run \`npm run db:reference\` first`);
  return byCode;
}
