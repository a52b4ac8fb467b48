// Creating and changing content families: what editors name is resolved, the content type's rules are
// checked (topic, series, sources, tag categories), then the family and its lists are written.
import type { PrismaClient } from '../db/prisma.ts';
import type { Prisma } from '../generated/prisma/client.ts';
import { ConflictError, NotFoundError, ValidationError } from '../core/errors.ts';
import { isUniqueViolation } from '../db/db-errors.ts';
import type { FamilyInput } from './content-inputs.ts';
import { familyRuleErrors } from './content-type-rules.ts';
import { familyInclude } from './content-rows.ts';
import { DEFAULT_RELATION, type LocationType, type RelationEntity } from './relation-entities.ts';
import {
  authorByRef,
  collectionByRef,
  contentTypeByCode,
  countyByRef,
  localAuthorityByRef,
  Problems,
  regionByRef,
  relationItem,
  seriesByRef,
  tagByRef,
  topicByRef,
  type Db,
  type Ref,
} from './content-references.ts';

export const editorFamilyInclude = {
  ...familyInclude,
  collections: { include: { collection: true }, orderBy: { collection: { name: 'asc' } } },
  pages: { select: { id: true, slug: true, name: true }, orderBy: [{ displayOrder: 'asc' }, { id: 'asc' }] },
} satisfies Prisma.ContentFamilyInclude;

interface LocationColumns {
  locationType: LocationType | null;
  locationRegionId: number | null;
  locationReference: number | null;
  locationName: string | null;
  latitude: number | null;
  longitude: number | null;
  radius: number | null;
}

const NO_LOCATION: LocationColumns = {
  locationType: null,
  locationRegionId: null,
  locationReference: null,
  locationName: null,
  latitude: null,
  longitude: null,
  radius: null,
};

interface FamilyPlan {
  columns: {
    slug: string;
    name: string;
    contentTypeId: number;
    topicId: number | null;
    seriesId: number | null;
    relatedEntity: string;
    relatedItemId: number;
    relatedItemSlug: string;
    enabled: boolean;
  } & LocationColumns;
  /** undefined: unchanged */
  sources?: { name: string; url: string }[];
  authors?: { authorId: number; role: string }[];
  tagIds?: number[];
  collectionIds?: number[];
}

type Existing = NonNullable<Awaited<ReturnType<typeof loadExisting>>>;

function loadExisting(db: Db, id: number) {
  return db.contentFamily.findUnique({
    where: { id },
    include: {
      tags: { include: { tag: true }, orderBy: { tagId: 'asc' } },
      topic: true,
      series: true,
      sources: { orderBy: [{ displayOrder: 'asc' }, { id: 'asc' }] },
      authors: { orderBy: [{ displayOrder: 'asc' }, { authorId: 'asc' }] },
      collections: { orderBy: [{ displayOrder: 'asc' }, { collectionId: 'asc' }] },
    },
  });
}

/** The schema has seen to it that each type comes with the fields it needs. */
async function resolveLocation(db: Db, loc: NonNullable<FamilyInput['location']>, problems: Problems): Promise<LocationColumns> {
  const type = loc.type as LocationType;
  if (type === 'county' || type === 'local_authority') {
    if (type === 'county') {
      const county = await countyByRef(db, loc.reference as Ref);
      if (!county) problems.add('location.reference', `no county ${loc.reference}`);
      return county
        ? { ...NO_LOCATION, locationType: type, locationRegionId: county.regionId, locationReference: county.id, locationName: county.name }
        : NO_LOCATION;
    }
    const la = await localAuthorityByRef(db, loc.reference as Ref);
    if (!la) problems.add('location.reference', `no local authority ${loc.reference}`);
    return la
      ? { ...NO_LOCATION, locationType: type, locationRegionId: la.county.regionId, locationReference: la.id, locationName: la.name }
      : NO_LOCATION;
  }
  // city or town: named, placed and sized by the editor
  const region = await regionByRef(db, loc.region as Ref);
  if (!region) problems.add('location.region', `no region ${loc.region}`);
  return {
    locationType: type,
    locationRegionId: region?.id ?? null,
    locationReference: null,
    locationName: loc.name ?? null,
    latitude: loc.latitude ?? null,
    longitude: loc.longitude ?? null,
    radius: loc.radius ?? null,
  };
}

/** Resolves the input against the family as it is (null for a new family); problems collect every error. */
async function plan(db: Db, input: FamilyInput, existing: Existing | null, problems: Problems): Promise<FamilyPlan | null> {
  let type = null as Awaited<ReturnType<typeof contentTypeByCode>>;
  if (existing && input.contentType !== undefined) {
    const current = await db.contentType.findUniqueOrThrow({ where: { id: existing.contentTypeId } });
    if (current.code !== input.contentType) problems.add('contentType', 'the content type of a family cannot change');
  }
  // an existing family keeps its content type, whatever was sent
  const typeCode = existing ? (await db.contentType.findUniqueOrThrow({ where: { id: existing.contentTypeId } })).code : input.contentType;
  if (typeCode !== undefined) {
    type = await contentTypeByCode(db, typeCode);
    if (!type) problems.add('contentType', `no content type ${typeCode}`);
  }

  let topic = existing?.topic ?? null;
  if (input.topic !== undefined) {
    topic = input.topic === null ? null : await topicByRef(db, input.topic);
    if (input.topic !== null && !topic) problems.add('topic', `no topic ${input.topic}`);
  }
  let series = existing?.series ?? null;
  if (input.series !== undefined) {
    series = input.series === null ? null : await seriesByRef(db, input.series);
    if (input.series !== null && !series) problems.add('series', `no series ${input.series}`);
  }

  let relation = existing ? { entity: existing.relatedEntity, itemId: existing.relatedItemId, slug: existing.relatedItemSlug } : null;
  if (input.relatedTo !== undefined || !existing) {
    const wanted = input.relatedTo ?? { entity: DEFAULT_RELATION.entity, item: DEFAULT_RELATION.itemId };
    const item = await relationItem(db, wanted.entity as RelationEntity, wanted.item as Ref);
    if (!item) problems.add('relatedTo.item', `no ${wanted.entity} ${wanted.item}`);
    relation = item ? { entity: wanted.entity, itemId: item.id, slug: item.slug } : null;
  }

  let location: LocationColumns | undefined;
  if (input.location === null) location = NO_LOCATION;
  else if (input.location !== undefined) location = await resolveLocation(db, input.location, problems);

  let authors: FamilyPlan['authors'];
  if (input.authors) {
    authors = [];
    for (const [i, a] of input.authors.entries()) {
      const author = await authorByRef(db, a.author as Ref);
      if (!author) problems.add(`authors[${i}].author`, `no author ${a.author}`);
      else if (authors.some((x) => x.authorId === author.id)) problems.add(`authors[${i}].author`, `author ${a.author} is named twice`);
      else authors.push({ authorId: author.id, role: a.role });
    }
  }
  let tags = existing ? existing.tags.map((t) => t.tag) : [];
  if (input.tags) {
    tags = [];
    for (const [i, ref] of input.tags.entries()) {
      const tag = await tagByRef(db, ref as Ref);
      if (!tag) problems.add(`tags[${i}]`, `no tag ${ref}`);
      else if (!tags.some((t) => t.id === tag.id)) tags.push(tag);
    }
  }
  let collectionIds: number[] | undefined;
  if (input.collections) {
    collectionIds = [];
    for (const [i, ref] of input.collections.entries()) {
      const c = await collectionByRef(db, ref as Ref);
      if (!c) problems.add(`collections[${i}]`, `no collection ${ref}`);
      else if (!collectionIds.includes(c.id)) collectionIds.push(c.id);
    }
  }

  if (type) {
    const sourceCount = input.sources ? input.sources.length : (existing?.sources.length ?? 0);
    problems.merge(
      familyRuleErrors({ ...type, categoryIds: type.categories.map((c) => c.categoryId) }, { topic, series, sourceCount, tags }),
    );
  }
  if (problems.any || !type || !relation) return null;

  const existingLocation: LocationColumns = existing
    ? {
        locationType: existing.locationType as LocationType | null,
        locationRegionId: existing.locationRegionId,
        locationReference: existing.locationReference,
        locationName: existing.locationName,
        latitude: existing.latitude,
        longitude: existing.longitude,
        radius: existing.radius,
      }
    : NO_LOCATION;
  return {
    columns: {
      slug: input.slug ?? existing!.slug,
      name: input.name ?? existing!.name,
      contentTypeId: type.id,
      topicId: topic?.id ?? null,
      seriesId: series?.id ?? null,
      relatedEntity: relation.entity,
      relatedItemId: relation.itemId,
      relatedItemSlug: relation.slug,
      enabled: input.enabled ?? existing?.enabled ?? true,
      ...(location ?? existingLocation),
    },
    sources: input.sources?.map((s) => ({ name: s.name, url: s.url! })),
    authors,
    tagIds: input.tags ? tags.map((t) => t.id) : undefined,
    collectionIds,
  };
}

const lists = (p: FamilyPlan, replace: boolean) => ({
  ...(p.sources
    ? { sources: { ...(replace ? { deleteMany: {} } : {}), create: p.sources.map((s, i) => ({ ...s, displayOrder: i })) } }
    : {}),
  ...(p.authors
    ? { authors: { ...(replace ? { deleteMany: {} } : {}), create: p.authors.map((a, i) => ({ ...a, displayOrder: i })) } }
    : {}),
  ...(p.tagIds ? { tags: { ...(replace ? { deleteMany: {} } : {}), create: p.tagIds.map((tagId) => ({ tagId })) } } : {}),
  ...(p.collectionIds
    ? {
        collections: {
          ...(replace ? { deleteMany: {} } : {}),
          create: p.collectionIds.map((collectionId, i) => ({ collectionId, displayOrder: i })),
        },
      }
    : {}),
});

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Lists sent but equal to the stored ones are left alone (their rows keep their ids). */
function unchangedListsDropped(p: FamilyPlan, existing: Existing): FamilyPlan {
  return {
    ...p,
    sources:
      p.sources &&
      same(
        p.sources,
        existing.sources.map((s) => ({ name: s.name, url: s.url })),
      )
        ? undefined
        : p.sources,
    authors:
      p.authors &&
      same(
        p.authors,
        existing.authors.map((a) => ({ authorId: a.authorId, role: a.role })),
      )
        ? undefined
        : p.authors,
    tagIds:
      p.tagIds &&
      same(
        [...p.tagIds].sort((a, b) => a - b),
        existing.tags.map((t) => t.tagId),
      )
        ? undefined
        : p.tagIds,
    collectionIds:
      p.collectionIds &&
      same(
        p.collectionIds,
        existing.collections.map((c) => c.collectionId),
      )
        ? undefined
        : p.collectionIds,
  };
}

export class FamilyWriter {
  constructor(private readonly prisma: PrismaClient) {}

  load(id: number, db: Db = this.prisma) {
    return db.contentFamily.findUnique({ where: { id }, include: editorFamilyInclude });
  }

  async create(input: FamilyInput) {
    const id = await this.prisma.$transaction((tx) => this.createIn(tx, input, new Problems(), 'conflict'));
    return (await this.load(id))!;
  }

  /**
   * A new family inside the caller's transaction (pages create their family this way). Throws a 422 with
   * the problems (prefixed as the caller chose); a taken slug is a 409 or, on `slugTaken: 'field'`, a 422.
   */
  async createIn(db: Db, input: FamilyInput, problems: Problems, slugTaken: 'conflict' | 'field'): Promise<number> {
    const p = await plan(db, input, null, problems);
    if (!p) throw new ValidationError(problems.errors, Object.values(problems.errors)[0]![0]);
    if (await db.contentFamily.findUnique({ where: { slug: p.columns.slug } })) {
      if (slugTaken === 'conflict') throw new ConflictError(`A family with the slug ${p.columns.slug} exists`);
      problems.add('slug', `a family with the slug ${p.columns.slug} exists`);
      throw new ValidationError(problems.errors, `a family with the slug ${p.columns.slug} exists`);
    }
    try {
      const family = await db.contentFamily.create({ data: { ...p.columns, ...lists(p, false) } });
      return family.id;
    } catch (err) {
      if (isUniqueViolation(err)) throw new ConflictError(`A family with the slug ${p.columns.slug} exists`);
      throw err;
    }
  }

  async update(id: number, input: FamilyInput) {
    await this.prisma.$transaction(async (tx) => {
      const existing = await loadExisting(tx, id);
      if (!existing) throw new NotFoundError(`Family ${id} was not found`);
      const problems = new Problems();
      const p = await plan(tx, input, existing, problems);
      if (p && p.columns.slug !== existing.slug && (await tx.contentFamily.findUnique({ where: { slug: p.columns.slug } })))
        problems.add('slug', `a family with the slug ${p.columns.slug} exists`);
      if (!p || problems.any) throw new ValidationError(problems.errors, Object.values(problems.errors)[0]![0]);
      await tx.contentFamily.update({ where: { id }, data: { ...p.columns, ...lists(unchangedListsDropped(p, existing), true) } });
    });
    return (await this.load(id))!;
  }
}
