// Loads the shipped reference data (lookup lists, regions, counties, local authorities, schemes,
// portals) idempotently:
// rows are matched by their stable key, so ids survive reloads and customers' references stay valid.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import type { PrismaClient } from '../db/prisma.ts';
import { PROJECT_ROOT } from '../core/project-root.ts';

export const REFERENCE_DIR = path.join(PROJECT_ROOT, 'prisma/data');

interface LookupSeed {
  id: number;
  name: string;
  slug: string;
  owner?: boolean;
  working?: boolean;
}

function readJson<T>(file: string): T {
  return JSON.parse(readFileSync(path.join(REFERENCE_DIR, file), 'utf8')) as T;
}

function readCsv(file: string): Record<string, string>[] {
  return parse(readFileSync(path.join(REFERENCE_DIR, file), 'utf8'), { columns: true, bom: true, skip_empty_lines: true, trim: true });
}

export async function loadReferenceData(prisma: PrismaClient): Promise<Record<string, number>> {
  const lists = readJson<Record<string, LookupSeed[]>>('lookups.json');
  let lookupCount = 0;
  for (const [list, items] of Object.entries(lists)) {
    for (const [position, item] of items.entries()) {
      const data = { name: item.name, slug: item.slug, position, owner: item.owner ?? null, working: item.working ?? null };
      await prisma.lookupItem.upsert({ where: { list_id: { list, id: item.id } }, create: { list, id: item.id, ...data }, update: data });
      lookupCount++;
    }
  }

  const regionIds = new Map<string, number>();
  for (const row of readCsv('regions.csv')) {
    const region = await prisma.region.upsert({ where: { code: row.code! }, create: { code: row.code!, name: row.name! }, update: { name: row.name! } });
    regionIds.set(region.code, region.id);
  }
  const countyIds = new Map<string, number>();
  for (const row of readCsv('counties.csv')) {
    const regionId = regionIds.get(row.region_code!);
    if (regionId === undefined) throw new Error(`county ${row.code} names unknown region ${row.region_code}`);
    const data = { name: row.name!, regionId };
    const county = await prisma.county.upsert({ where: { code: row.code! }, create: { code: row.code!, ...data }, update: data });
    countyIds.set(county.code, county.id);
  }
  let authorityCount = 0;
  for (const row of readCsv('local-authorities.csv')) {
    const countyId = countyIds.get(row.county_code!);
    if (countyId === undefined) throw new Error(`local authority ${row.code} names unknown county ${row.county_code}`);
    const data = { name: row.name!, longName: row.long_name!, type: row.type!, countyId };
    await prisma.localAuthority.upsert({ where: { code: row.code! }, create: { code: row.code!, ...data }, update: data });
    authorityCount++;
  }
  const schemes = readJson<{ slug: string; text: string; color: string }[]>('schemes.json');
  for (const [position, scheme] of schemes.entries()) {
    const data = { text: scheme.text, color: scheme.color, position };
    await prisma.scheme.upsert({ where: { slug: scheme.slug }, create: { slug: scheme.slug, ...data }, update: data });
  }
  // Portal settings are only created here: once a portal exists its settings are the operators' to change.
  const portals = readJson<{ id: number; name: string; settings: Record<string, unknown> }[]>('portals.json');
  for (const portal of portals) {
    await prisma.portal.upsert({ where: { id: portal.id }, create: { ...portal, settings: portal.settings as object }, update: {} });
  }
  return {
    lookupItems: lookupCount,
    regions: regionIds.size,
    counties: countyIds.size,
    localAuthorities: authorityCount,
    schemes: schemes.length,
    portals: portals.length,
  };
}
