// Resolves what editors name (an id, a slug, a code or a name) to rows. Unknown names become field errors.
import type { Prisma, PrismaClient } from '../generated/prisma/client.ts';
import { slugify } from '../listings/slug.ts';
import type { FieldErrors } from '../core/errors.ts';
import type { RelationEntity } from './relation-entities.ts';

export type Db = PrismaClient | Prisma.TransactionClient;
export type Ref = number | string;

/** Collects field errors under an optional prefix (`family.` for a page's new family). */
export class Problems {
  readonly errors: FieldErrors = {};
  constructor(private readonly prefix = '') {}
  add(field: string, message: string): void {
    (this.errors[`${this.prefix}${field}`] ??= []).push(message);
  }
  merge(errors: FieldErrors): void {
    for (const [field, messages] of Object.entries(errors)) for (const m of messages) this.add(field, m);
  }
  get any(): boolean {
    return Object.keys(this.errors).length > 0;
  }
}

const norm = (ref: Ref) => (typeof ref === 'string' ? ref.trim() : ref);

/** Reference data matched by id, ONS code, name (any case) or the slug of the name. */
async function placeRow<T extends { id: number; code: string; name: string }>(
  ref: Ref,
  find: (where: object) => Promise<T | null>,
  all: () => Promise<T[]>,
): Promise<T | null> {
  const r = norm(ref);
  if (typeof r === 'number') return find({ id: r });
  return (
    (await find({ OR: [{ code: r }, { name: { equals: r, mode: 'insensitive' } }] })) ??
    (await all()).find((row) => slugify(row.name) === r) ??
    null
  );
}

export function regionByRef(db: Db, ref: Ref) {
  return placeRow(
    ref,
    (where) => db.region.findFirst({ where }),
    () => db.region.findMany(),
  );
}
export function countyByRef(db: Db, ref: Ref) {
  return placeRow(
    ref,
    (where) => db.county.findFirst({ where }),
    () => db.county.findMany(),
  );
}
export function localAuthorityByRef(db: Db, ref: Ref) {
  return placeRow(
    ref,
    (where) => db.localAuthority.findFirst({ where, include: { county: true } }),
    () => db.localAuthority.findMany({ include: { county: true } }),
  );
}

export function schemeByRef(db: Db, ref: Ref) {
  const r = norm(ref);
  return db.scheme.findFirst({ where: typeof r === 'number' ? { id: r } : { slug: r } });
}

export async function contentTypeByCode(db: Db, code: string) {
  return db.contentType.findUnique({ where: { code }, include: { categories: true } });
}

export function topicByRef(db: Db, ref: Ref) {
  const r = norm(ref);
  return db.contentTopic.findFirst({ where: typeof r === 'number' ? { id: r } : { OR: [{ code: r }, { slug: r }] } });
}

export function seriesByRef(db: Db, ref: Ref) {
  const r = norm(ref);
  return db.contentSeries.findFirst({ where: typeof r === 'number' ? { id: r } : { slug: r } });
}

export function tagByRef(db: Db, ref: Ref) {
  const r = norm(ref);
  return db.contentTag.findFirst({ where: typeof r === 'number' ? { id: r } : { slug: r } });
}

export function authorByRef(db: Db, ref: Ref) {
  const r = norm(ref);
  return db.contentAuthor.findFirst({ where: typeof r === 'number' ? { id: r } : { slug: r } });
}

export function collectionByRef(db: Db, ref: Ref) {
  const r = norm(ref);
  return db.contentCollection.findFirst({ where: typeof r === 'number' ? { id: r } : { slug: r } });
}

export function familyByRef(db: Db, ref: Ref) {
  const r = norm(ref);
  return db.contentFamily.findFirst({ where: typeof r === 'number' ? { id: r } : { slug: r } });
}

/** The item of a relation: its id and slug (scheme slugs as they are; other names slugified). */
export async function relationItem(db: Db, entity: RelationEntity, ref: Ref): Promise<{ id: number; slug: string } | null> {
  const r = norm(ref);
  switch (entity) {
    case 'site': {
      const portals = await db.portal.findMany();
      const portal = portals.find((p) => (typeof r === 'number' ? p.id === r : slugify(p.name) === r));
      return portal ? { id: portal.id, slug: slugify(portal.name) } : null;
    }
    case 'scheme': {
      const s = await schemeByRef(db, r);
      return s ? { id: s.id, slug: s.slug } : null;
    }
    case 'region':
    case 'county':
    case 'local_authority': {
      const row =
        entity === 'region' ? await regionByRef(db, r) : entity === 'county' ? await countyByRef(db, r) : await localAuthorityByRef(db, r);
      return row ? { id: row.id, slug: slugify(row.name) } : null;
    }
  }
}
