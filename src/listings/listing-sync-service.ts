// Listings pushed to the marketplace by integrators (REST and bulk share this service).
import { Prisma, type ApiAccount, type Development, type Listing, type Property } from '../generated/prisma/client.ts';
import { ValidationError } from '../core/errors.ts';
import { offsetOf, type PageRequest } from '../core/envelope.ts';
import { instantToLondon, londonToInstant } from '../core/london-time.ts';
import { parseDateTime } from '../core/date-time-format.ts';
import { NO_MEMO, SyncResource, type Later, type Tx, type WriteMemo } from '../sync/sync-resource.ts';
import { sameData } from '../sync/write-result.ts';
import { requireProvider } from '../inventory/development-service.ts';
import { listingSyncSchema, type ListingSyncInput } from './listing-sync-schema.ts';
import { syncListingInclude, type SyncListingRow } from './sync-listing-row.ts';
import { slugify } from './slug.ts';

interface ListingData {
  columns: {
    developmentId: number;
    name: string;
    forSale: boolean;
    displayAs: string;
    shortDescription: string | null;
    longDescription: string | null;
    headline: string;
    titleTag: string;
    metaKeywords: string;
    metaDescription: string;
    mainImage: unknown;
    galleryImages: unknown;
    termsAndConditions: string | null;
    disclaimer: string | null;
    depositPercentage: number | null;
    eligibility: unknown;
    eligibilityFields: string[];
    priorityFields: string[];
    published: boolean;
    publishAt: Date | null;
    partnerSources: string[];
  };
  slug: string | null;
  propertyIds: number[];
  schemeIds: number[];
  portalIds: number[];
  slots: { startsAt: Date; durationMin: number; capacity: number }[];
}

/** slugs asked for at once when a listing's name is taken */
const SLUG_CANDIDATES = 20;
/** the memo's label of the slugs reserveSlugs found taken, by name */
const SLUG_BOOK = 'ListingSlugs';
const baseSlug = (name: string) => slugify(name) || 'listing';
/** base, base-2, base-3, …: SLUG_CANDIDATES of them from the `first`th */
const slugCandidates = (base: string, first: number) => Array.from({ length: SLUG_CANDIDATES }, (_, i) => (first + i === 1 ? base : `${base}-${first + i}`));

/** Writers choosing slugs from the same names take turns (locks held to the transaction's end, taken in the order given), so two never pick the same one. */
const lockSlugBases = (db: Tx, bases: string[]) => db.$executeRaw`SELECT pg_advisory_xact_lock(hashtext('listing-slug:' || base)) FROM unnest(${bases}::text[]) AS base`;
const takenSlugs = async (db: Tx, candidates: string[]) =>
  new Set((await db.listing.findMany({ where: { slug: { in: candidates } }, select: { slug: true } })).map((l) => l.slug));

/** New listings' links to the properties they advertise, written together (`WriteMemo.later`). */
const PROPERTY_LINKS: Later<{ listingId: number; propertyId: number; position: number }[]> = {
  async doAll(tx, items) {
    const data = items.flat();
    if (data.length) await tx.listingProperty.createMany({ data });
  },
};

export class ListingSyncService extends SyncResource<SyncListingRow, ListingSyncInput, ListingData, Listing> {
  protected readonly label = 'Listing';

  protected readonly inputFields = Object.keys(listingSyncSchema.fields);

  protected findRow(db: Tx, accountId: number, ref: string) {
    return db.listing.findUnique({ where: { accountId_externalRef: { accountId, externalRef: ref } }, include: syncListingInclude });
  }

  protected async resolve(db: Tx, account: ApiAccount, input: ListingSyncInput, memo: WriteMemo): Promise<ListingData> {
    requireProvider(account);
    const errors: Record<string, string[]> = {};
    const fail = (field: string, message: string) => (errors[field] ??= []).push(message);

    const dev =
      memo.written<Development>('Development', input.development) ??
      (await db.development.findUnique({ where: { accountId_externalRef: { accountId: account.id, externalRef: input.development } } }));
    if (!dev || dev.deletedAt) fail('development', `development ${input.development} is unknown`);

    // the properties this transaction has just written are live, as they are stored
    const written = input.properties.map((ref) => memo.written<Property>('Property', ref));
    const props = written.every((p) => p !== undefined)
      ? written
      : await db.property.findMany({ where: { accountId: account.id, externalRef: { in: input.properties }, deletedAt: null } });
    const propByRef = new Map(props.map((p) => [p.externalRef, p]));
    for (const ref of input.properties) {
      const p = propByRef.get(ref);
      if (!p) fail('properties', `property ${ref} is unknown`);
      else if (dev && p.developmentId !== dev.id) fail('properties', `property ${ref} belongs to another development`);
      else if (p.forSale !== input.forSale) fail('properties', `property ${ref} is ${p.forSale ? 'for sale' : 'to rent'} but the listing is not`);
    }

    // nothing to look up for none (a round trip saved on most writes)
    const schemes = input.schemes.length ? await memo.reference(`schemes:${JSON.stringify(input.schemes)}`, () => db.scheme.findMany({ where: { slug: { in: input.schemes } } })) : [];
    for (const slug of input.schemes) if (!schemes.some((s) => s.slug === slug)) fail('schemes', `scheme ${slug} is unknown (see GET /api/rest/schemes)`);

    const portals = input.portals.length ? await db.portal.findMany({ where: { id: { in: input.portals } }, select: { id: true } }) : [];
    for (const id of input.portals) if (!portals.some((p) => p.id === id)) fail('portals', `portal ${id} is unknown`);

    const las = input.eligibility.localAuthorities ?? [];
    if (las.length) {
      const found = await db.localAuthority.findMany({ where: { id: { in: las } }, select: { id: true } });
      for (const id of las) if (!found.some((f) => f.id === id)) fail('eligibility.localAuthorities', `local authority ${id} is unknown`);
    }
    if (input.slug) {
      const taken = await db.listing.findUnique({ where: { slug: input.slug }, select: { accountId: true, externalRef: true } });
      if (taken && !(taken.accountId === account.id && taken.externalRef === input.externalRef)) fail('slug', `slug ${input.slug} is taken`);
    }
    if (Object.keys(errors).length) throw new ValidationError(errors, Object.values(errors)[0]![0]);

    const { eligibilityFields, priorityFields } = input.registerInterestFields;
    return {
      columns: {
        developmentId: dev!.id,
        name: input.name,
        forSale: input.forSale,
        displayAs: input.displayAs,
        shortDescription: input.shortDescription,
        longDescription: input.longDescription,
        headline: input.headline,
        titleTag: input.titleTag,
        metaKeywords: input.metaKeywords,
        metaDescription: input.metaDescription,
        mainImage: input.mainImage,
        galleryImages: input.galleryImages,
        termsAndConditions: input.termsAndConditions,
        disclaimer: input.disclaimer,
        depositPercentage: input.depositPercentage,
        eligibility: input.eligibility,
        eligibilityFields,
        priorityFields,
        published: input.published,
        publishAt: input.publishAt ? parseDateTime(input.publishAt) : null,
        partnerSources: input.partnerSources,
      },
      slug: input.slug,
      propertyIds: input.properties.map((ref) => propByRef.get(ref)!.id),
      schemeIds: input.schemes.map((slug) => schemes.find((s) => s.slug === slug)!.id),
      portalIds: [...input.portals].sort((a, b) => a - b),
      slots: input.openDays.map((s) => ({ startsAt: londonToInstant(s.date, s.time), durationMin: s.durationMin, capacity: s.capacity })),
    };
  }

  protected async isUnchanged(_db: Tx, row: SyncListingRow, data: ListingData) {
    const slots = (list: { startsAt: Date; durationMin: number; capacity: number }[]) =>
      list.map((s) => `${s.startsAt.toISOString()}/${s.durationMin}/${s.capacity}`).sort().join();
    return (
      sameData(row, data.columns) &&
      (data.slug === null || data.slug === row.slug) &&
      sameData(
        {
          p: row.properties.map((p) => p.propertyId),
          s: row.schemes.map((s) => s.schemeId),
          o: row.portals.map((p) => p.portalId).sort((a, b) => a - b),
          d: slots(row.openDaySlots),
        },
        { p: data.propertyIds, s: data.schemeIds, o: data.portalIds, d: slots(data.slots) },
      )
    );
  }

  protected async saveRow(db: Tx, account: ApiAccount, existing: SyncListingRow | null, input: ListingSyncInput, data: ListingData) {
    const listing = await this.saveQuietly(db, account, existing, input, data, NO_MEMO);
    return db.listing.findUniqueOrThrow({ where: { id: listing.id }, include: syncListingInclude });
  }

  protected override async saveQuietly(db: Tx, account: ApiAccount, existing: SyncListingRow | null, input: ListingSyncInput, data: ListingData, memo: WriteMemo) {
    const columns = {
      ...data.columns,
      mainImage: data.columns.mainImage === null ? Prisma.DbNull : (data.columns.mainImage as Prisma.InputJsonValue),
      galleryImages: data.columns.galleryImages as Prisma.InputJsonValue,
      eligibility: data.columns.eligibility as Prisma.InputJsonValue,
      withdrawnAt: null,
    };
    const slug = data.slug ?? existing?.slug ?? (await this.freeSlug(db, input.name, memo));
    const listing = existing
      ? await db.listing.update({ where: { id: existing.id }, data: { ...columns, slug } })
      : await db.listing.create({ data: { ...columns, slug, accountId: account.id, externalRef: input.externalRef } });

    // a new listing has no links to replace (its links are written with the transaction's others), and an
    // empty list none to write (fewer round trips per write)
    const links = data.propertyIds.map((propertyId, position) => ({ listingId: listing.id, propertyId, position }));
    if (existing) {
      await db.listingProperty.deleteMany({ where: { listingId: listing.id } });
      await db.listingProperty.createMany({ data: links });
    } else await memo.later(db, PROPERTY_LINKS, links);
    if (existing) await db.listingScheme.deleteMany({ where: { listingId: listing.id } });
    if (data.schemeIds.length) await db.listingScheme.createMany({ data: data.schemeIds.map((schemeId, position) => ({ listingId: listing.id, schemeId, position })) });
    if (existing) await db.listingPortal.deleteMany({ where: { listingId: listing.id } });
    if (data.portalIds.length) await db.listingPortal.createMany({ data: data.portalIds.map((portalId) => ({ listingId: listing.id, portalId })) });
    // A slot keeps its id while its start stays the same. A slot left out is deleted unless it holds a
    // confirmed appointment: then it stays (customers keep their booking; it shows in openDays until the
    // provider sends it again or it passes).
    if (existing) {
      await db.openDaySlot.deleteMany({
        where: { listingId: listing.id, startsAt: { notIn: data.slots.map((s) => s.startsAt) }, appointments: { none: { status: 'confirmed' } } },
      });
    }
    for (const slot of data.slots) {
      await db.openDaySlot.upsert({
        where: { listingId_startsAt: { listingId: listing.id, startsAt: slot.startsAt } },
        create: { listingId: listing.id, ...slot },
        update: { durationMin: slot.durationMin, capacity: slot.capacity },
      });
    }
    return listing;
  }

  /**
   * The slugs of the new listings a transaction is about to write, looked up for all of them at once:
   * their names' locks taken together, in order (two such transactions cannot deadlock on them), and
   * the first candidates of each name looked up in one statement, kept in the transaction's memo for
   * `freeSlug` to choose from (two statements where each new listing cost two).
   */
  async reserveSlugs(db: Tx, names: string[], memo: WriteMemo): Promise<void> {
    const bases = [...new Set(names.map(baseSlug))].sort();
    if (bases.length === 0) return;
    await lockSlugBases(db, bases);
    const taken = await takenSlugs(db, bases.flatMap((base) => slugCandidates(base, 1)));
    for (const base of bases) memo.wrote(SLUG_BOOK, base, new Set(slugCandidates(base, 1).filter((slug) => taken.has(slug))));
  }

  private async freeSlug(db: Tx, name: string, memo: WriteMemo): Promise<string> {
    const base = baseSlug(name);
    // the first candidates reserveSlugs looked up under the name's lock, which the transaction still holds
    const book = memo.written<Set<string>>(SLUG_BOOK, base);
    const booked = book && slugCandidates(base, 1).find((slug) => !book.has(slug));
    if (book && booked) {
      book.add(booked);
      return booked;
    }
    if (!book) await lockSlugBases(db, [base]);
    // base, base-2, base-3, …: asked for by name, a batch at a time, so that the unique index answers
    // (a prefix match cannot use it, and read every listing of the table on each new listing)
    for (let first = book ? 1 + SLUG_CANDIDATES : 1; ; first += SLUG_CANDIDATES) {
      const candidates = slugCandidates(base, first);
      const taken = await takenSlugs(db, candidates);
      const free = candidates.find((slug) => !taken.has(slug));
      if (free) return free;
    }
  }

  protected async removeRow(db: Tx, row: SyncListingRow) {
    await db.listing.update({ where: { id: row.id }, data: { withdrawnAt: new Date() } });
  }

  protected async listingIdsOf(_db: Tx, row: SyncListingRow | Listing) {
    return [row.id];
  }

  protected override listingIdsOfCreated(row: SyncListingRow | Listing) {
    return [row.id];
  }

  protected override inputOf(row: SyncListingRow): ListingSyncInput {
    return {
      ...super.inputOf(row),
      development: row.development.externalRef,
      properties: row.properties.map((p) => p.property.externalRef),
      schemes: row.schemes.map((s) => s.scheme.slug),
      registerInterestFields: { eligibilityFields: row.eligibilityFields, priorityFields: row.priorityFields },
      publishAt: row.publishAt?.toISOString() ?? null,
      portals: row.portals.map((p) => p.portalId).sort((a, b) => a - b),
      openDays: row.openDaySlots.map((s) => ({ ...instantToLondon(s.startsAt), durationMin: s.durationMin, capacity: s.capacity })),
    } as ListingSyncInput;
  }

  async list(account: ApiAccount, page: PageRequest, updatedSince: Date | null) {
    const where = { accountId: account.id, withdrawnAt: null, ...(updatedSince ? { updatedAt: { gte: updatedSince } } : {}) };
    const [rows, total] = await Promise.all([
      this.prisma.listing.findMany({ where, include: syncListingInclude, orderBy: { id: 'asc' }, skip: offsetOf(page), take: page.size }),
      this.prisma.listing.count({ where }),
    ]);
    return { items: rows, total };
  }
}
