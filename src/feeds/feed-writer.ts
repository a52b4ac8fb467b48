// Writes feed homes through the synchronisation API's own services (the same schemas, the same outbox,
// so the index, alerts and webhooks follow as for any write): each group of homes (a development, its
// properties and its listing) in one transaction, a refused row alone; and withdraws the homes of a
// branch that a whole-stock file no longer holds.
import { LRUCache } from 'lru-cache';
import type { PrismaClient } from '../db/prisma.ts';
import type { ApiAccount, Prisma } from '../generated/prisma/client.ts';
import { AppError, ValidationError } from '../core/errors.ts';
import { isUniqueViolation } from '../db/db-errors.ts';
import { validateBody } from '../core/validation.ts';
import { syncWriteSchemas } from '../sync-api/write-schemas.ts';
import type { WriteStatus } from '../sync/write-result.ts';
import type { WriteMemo } from '../sync/sync-resource.ts';
import type { DevelopmentService } from '../inventory/development-service.ts';
import type { PropertyService } from '../inventory/property-service.ts';
import type { ListingSyncService } from '../listings/listing-sync-service.ts';
import type { DevelopmentInput } from '../inventory/development-schema.ts';
import type { PropertyInput } from '../inventory/property-schema.ts';
import type { ListingSyncInput } from '../listings/listing-sync-schema.ts';
import { readPostcodeDistricts } from '../places/postcode-districts.ts';
import { postcodeDistrict } from '../postcodes/postcode-format.ts';
import { branchPrefix, type FeedFieldError, type FeedHome } from './feed-home.ts';
import type { HomeGroup } from './feed-grouping.ts';
import { groupInputs, type MediaUrls } from './feed-inputs.ts';
import { FileMemo, type TransactionMemo } from './feed-write-memo.ts';

export type RowStatus = Exclude<WriteStatus, 'deleted'> | 'rejected' | 'withdrawn';

export interface RowOutcome {
  agentRef: string;
  status: RowStatus;
  /** our ref of the listing that advertises the home */
  listing: string | null;
  errors: FeedFieldError[];
  warnings: string[];
  /** listings whose search documents changed */
  listingIds: number[];
}

export interface FeedSync {
  developments: DevelopmentService;
  properties: PropertyService;
  listings: ListingSyncService;
}

/** several groups' transaction (writeGroups): longer than one group's (5 s), so that a busy database does not have it written again a group at a time */
const GROUPS_TRANSACTION_LIMITS = { timeout: 30_000, maxWait: 10_000 };

/** refs named in one query when a file's held rows are read */
const REFS_A_QUERY = 5000;

let districts: Map<string, { lat: number; lng: number }> | null = null;
const districtCentre = (district: string) => {
  districts ??= new Map(readPostcodeDistricts().map((d) => [d.district, d.center]));
  return districts.get(district) ?? null;
};

const fieldErrors = (err: ValidationError): FeedFieldError[] =>
  Object.entries(err.errors).flatMap(([field, messages]) => messages.map((message) => ({ field, message })));

/** what a group's transaction wrote: each resource's status and the listings it changed */
interface Written {
  dev: { status: WriteStatus; listingIds: number[] };
  props: { status: WriteStatus; listingIds: number[] }[];
  list: { status: WriteStatus; listingIds: number[] };
  moved: number[];
}

/** a group ready to be written: its writes in a transaction, then its rows' outcomes from what they wrote */
interface PreparedGroup {
  /** the listing it writes (none for a home of a development pushed on its own) */
  listing: { ref: string; name: string } | null;
  write(tx: Prisma.TransactionClient, memo: WriteMemo): Promise<Written>;
  finish(written: Written): RowOutcome[];
  rejectAll(errors: FeedFieldError[]): RowOutcome[];
}

const combined = (statuses: WriteStatus[]): RowStatus =>
  statuses[0] === 'created' ? 'created' : statuses.some((s) => s !== 'unchanged') ? 'updated' : 'unchanged';

export class FeedWriter {
  /** postcodes the database knows (they are never removed), so that a file's many homes of one postcode ask once */
  private readonly knownPostcodes = new LRUCache<string, true>({ max: 100_000 });

  constructor(
    private readonly prisma: PrismaClient,
    private readonly sync: FeedSync,
  ) {}

  /** Looks up at once the postcodes these groups are placed by that are not known yet (one statement for a transaction's groups). */
  private async knowPostcodes(groups: HomeGroup[]): Promise<void> {
    const asked = [...new Set(groups.map((g) => g.homes[0]!).filter((h) => h.latitude === null || h.longitude === null).map((h) => h.postcode))].filter((p) => !this.knownPostcodes.has(p));
    if (asked.length < 2) return;
    for (const { postcode } of await this.prisma.postcode.findMany({ where: { postcode: { in: asked } }, select: { postcode: true } })) this.knownPostcodes.set(postcode, true);
  }

  /** Places a postcode the database does not know at the centre of its district, saying so; null when not even that is known. */
  private async place(home: FeedHome): Promise<{ latitude: number | null; longitude: number | null; note: string | null } | null> {
    if (home.latitude !== null && home.longitude !== null) return { latitude: home.latitude, longitude: home.longitude, note: null };
    if (this.knownPostcodes.has(home.postcode)) return { latitude: null, longitude: null, note: null };
    if (await this.prisma.postcode.findUnique({ where: { postcode: home.postcode }, select: { postcode: true } })) {
      this.knownPostcodes.set(home.postcode, true);
      return { latitude: null, longitude: null, note: null };
    }
    const centre = districtCentre(postcodeDistrict(home.postcode));
    if (!centre) return null;
    return { latitude: centre.lat, longitude: centre.lng, note: `${home.postcode} is not a postcode known here: placed at the centre of ${postcodeDistrict(home.postcode)}` };
  }

  /** `file`: what the writes of one file share (a file's groups are written with the same one) */
  async writeGroup(account: ApiAccount, group: HomeGroup, media: MediaUrls, warningsOf: (home: FeedHome) => string[], file = new FileMemo()): Promise<RowOutcome[]> {
    const prepared = await this.prepare(account, group, media, warningsOf);
    return 'outcomes' in prepared ? prepared.outcomes : this.writeAlone(prepared, file);
  }

  /** A prepared group in a transaction of its own, tried again looking every row up after a unique violation; refused alone. */
  private async writeAlone(prepared: PreparedGroup, file: FileMemo): Promise<RowOutcome[]> {
    try {
      let written: Written[];
      try {
        written = await this.prisma.$transaction((tx) => this.writeAll(tx, [prepared], file.transaction()));
      } catch (err) {
        // a row created by another writer since the file started: written again, looking every row up
        if (!isUniqueViolation(err)) throw err;
        written = await this.prisma.$transaction((tx) => this.writeAll(tx, [prepared], file.transaction({ lookUp: true })));
      }
      return prepared.finish(written[0]!);
    } catch (err) {
      if (err instanceof ValidationError) return prepared.rejectAll(fieldErrors(err));
      if (err instanceof AppError && err.status !== 503) return prepared.rejectAll([{ field: '_', message: err.message }]);
      throw err;
    }
  }

  /**
   * Several groups of a file in one transaction (fewer transactions: each costs a `BEGIN`, a `COMMIT` and
   * the client's own work); when it fails for any reason (a row another writer created, a conflict of one
   * group, a deadlock between two such transactions), each group is written again on its own, as
   * `writeGroup` writes it (not prepared again), and fails or is refused alone. Answers each group's rows' outcomes.
   */
  async writeGroups(account: ApiAccount, groups: HomeGroup[], media: MediaUrls, warningsOf: (home: FeedHome) => string[], file = new FileMemo()): Promise<RowOutcome[][]> {
    if (groups.length === 1) return [await this.writeGroup(account, groups[0]!, media, warningsOf, file)];
    await this.knowPostcodes(groups);
    const prepared = await Promise.all(groups.map((group) => this.prepare(account, group, media, warningsOf)));
    const toWrite = prepared.flatMap((p) => ('outcomes' in p ? [] : [p]));
    let written: Written[];
    try {
      written = toWrite.length
        ? await this.prisma.$transaction((tx) => this.writeAll(tx, toWrite, file.transaction()), GROUPS_TRANSACTION_LIMITS)
        : [];
    } catch {
      return Promise.all(prepared.map((p) => ('outcomes' in p ? p.outcomes : this.writeAlone(p, file))));
    }
    let at = 0;
    return prepared.map((p) => ('outcomes' in p ? p.outcomes : p.finish(written[at++]!)));
  }

  /**
   * Groups written in turn in one transaction: the slugs of the listings the account holds none of
   * chosen for all of them first, then the work their writes left to the end done together.
   */
  private async writeAll(tx: Prisma.TransactionClient, groups: PreparedGroup[], memo: TransactionMemo): Promise<Written[]> {
    const newListings = groups.flatMap(({ listing }) => (listing && memo.absent('Listing', listing.ref) ? [listing.name] : []));
    await this.sync.listings.reserveSlugs(tx, newListings, memo);
    const written: Written[] = [];
    for (const group of groups) written.push(await group.write(tx, memo));
    await memo.settle(tx);
    return written;
  }

  /** A group's homes placed, made into the synchronisation API's inputs and validated: their outcomes already (refused), or their writes. */
  private async prepare(account: ApiAccount, group: HomeGroup, media: MediaUrls, warningsOf: (home: FeedHome) => string[]): Promise<{ outcomes: RowOutcome[] } | PreparedGroup> {
    const warnings = new Map(group.homes.map((h) => [h, [...warningsOf(h)]]));
    const rejectAll = (errors: FeedFieldError[]) =>
      group.homes.map((h) => ({ agentRef: h.agentRef, status: 'rejected' as const, listing: null, errors, warnings: warnings.get(h)!, listingIds: [] }));
    const place = await this.place(group.homes[0]!);
    if (!place) return { outcomes: rejectAll([{ field: 'POSTCODE1', message: `${group.homes[0]!.postcode} is in no postcode district known here` }]) };
    if (place.note) for (const list of warnings.values()) list.push(place.note);
    const homes = group.homes.map((h) => ({ ...h, latitude: place.latitude, longitude: place.longitude }));
    const inputs = groupInputs({ ...group, homes }, media, (home, what) => warnings.get(group.homes[homes.indexOf(home)]!)?.push(`${what}: left out`));

    let development: DevelopmentInput;
    try {
      development = validateBody(syncWriteSchemas.development.create, inputs.development) as DevelopmentInput;
    } catch (err) {
      if (err instanceof ValidationError) return { outcomes: rejectAll(fieldErrors(err)) };
      throw err;
    }
    const outcomes = new Map<FeedHome, RowOutcome>();
    const accepted: { home: FeedHome; input: PropertyInput }[] = [];
    inputs.properties.forEach(({ home, input }, i) => {
      try {
        accepted.push({ home, input: validateBody(syncWriteSchemas.property.create, input) as PropertyInput });
      } catch (err) {
        if (!(err instanceof ValidationError)) throw err;
        const original = group.homes[i]!;
        outcomes.set(home, { agentRef: home.agentRef, status: 'rejected', listing: null, errors: fieldErrors(err), warnings: warnings.get(original)!, listingIds: [] });
      }
    });
    if (!accepted.length) return { outcomes: homes.map((h) => outcomes.get(h)!) };
    let listing: ListingSyncInput;
    try {
      // a development's listing advertises its published homes (all of them when none is)
      const shown = accepted.some((a) => a.home.published) ? accepted.filter((a) => a.home.published) : accepted;
      listing = validateBody(syncWriteSchemas.listing.create, { ...inputs.listing, properties: shown.map((a) => a.home.ref) }) as ListingSyncInput;
    } catch (err) {
      if (err instanceof ValidationError) return { outcomes: rejectAll(fieldErrors(err)) };
      throw err;
    }
    return {
      rejectAll,
      listing: group.propertyOnly ? null : { ref: listing.externalRef, name: listing.name },
      write: async (tx, memo) => {
        const untouched = { status: 'unchanged' as const, listingIds: [] };
        // one home of a development pushed on its own: the development and its listing stay as they are
        const dev = group.propertyOnly ? untouched : await this.sync.developments.writeIn(tx, account, development, memo);
        const props = [];
        for (const { input } of accepted) props.push(await this.sync.properties.writeIn(tx, account, input, memo));
        const list = group.propertyOnly ? untouched : await this.sync.listings.writeIn(tx, account, listing, memo);
        // a home that stood alone before and now belongs to a development leaves its own listing
        const moved = [];
        if (group.development && !group.propertyOnly) for (const { home } of accepted) moved.push(...((await this.sync.listings.removeIn(tx, account, home.ref)) ?? []));
        return { dev, props, list, moved };
      },
      finish: (written) => {
        accepted.forEach(({ home }, i) => {
          const original = group.homes[homes.indexOf(home)]!;
          outcomes.set(home, {
            agentRef: home.agentRef,
            status: combined([written.props[i]!.status, written.dev.status, written.list.status]),
            listing: group.ref,
            errors: [],
            warnings: warnings.get(original)!,
            listingIds: [...written.dev.listingIds, ...written.props[i]!.listingIds, ...written.list.listingIds, ...written.moved],
          });
        });
        return homes.map((h) => outcomes.get(h)!);
      },
    };
  }

  /** The memo of a file's writes, told which of its groups' refs the account holds no row of yet (a few queries for the whole file). */
  async fileMemo(account: ApiAccount, groups: HomeGroup[]): Promise<FileMemo> {
    const memo = new FileMemo();
    const groupRefs = groups.map((g) => g.ref);
    const homeRefs = groups.flatMap((g) => g.homes.map((h) => h.ref));
    // deleted rows are held too: those are revived, not created
    const where = (refs: string[]) => ({ accountId: account.id, externalRef: { in: refs } });
    const select = { externalRef: true } as const;
    const kinds: [string, string[], (refs: string[]) => Promise<{ externalRef: string }[]>][] = [
      ['Development', groupRefs, (refs) => this.prisma.development.findMany({ where: where(refs), select })],
      ['Property', homeRefs, (refs) => this.prisma.property.findMany({ where: where(refs), select })],
      ['Listing', groupRefs, (refs) => this.prisma.listing.findMany({ where: where(refs), select })],
    ];
    for (const [label, refs, held] of kinds) {
      for (let i = 0; i < refs.length; i += REFS_A_QUERY) {
        const some = refs.slice(i, i + REFS_A_QUERY);
        const found = new Set((await held(some)).map((r) => r.externalRef));
        memo.heldNone(label, some.filter((ref) => !found.has(ref)));
      }
    }
    return memo;
  }

  /**
   * Whole stock: the branch's homes (written by a feed) that this file does not hold are withdrawn, their
   * listings leave search, and developments left with no home go too. `kept`: every agent's ref the file
   * holds, read or refused (a refused row keeps what an earlier file wrote).
   */
  async withdrawMissing(account: ApiAccount, branch: string, keptRefs: Set<string>, writtenListings: Set<string>): Promise<RowOutcome[]> {
    const prefix = branchPrefix(branch);
    const missing = await this.prisma.property.findMany({
      where: { accountId: account.id, deletedAt: null, externalRef: { startsWith: prefix } },
      select: { externalRef: true, listings: { select: { listing: { select: { externalRef: true, withdrawnAt: true } } } } },
    });
    const outcomes: RowOutcome[] = [];
    // startsWith is a LIKE, where `_` (a branch id may hold one) matches any character: compared again, literally
    const ofBranch = (ref: string) => ref.startsWith(prefix);
    for (const property of missing.filter((p) => ofBranch(p.externalRef) && !keptRefs.has(p.externalRef))) {
      const listingIds: number[] = [];
      let withdrawn: string | null = null;
      await this.prisma.$transaction(async (tx) => {
        for (const { listing } of property.listings) {
          if (listing.withdrawnAt || writtenListings.has(listing.externalRef)) continue;
          const ids = await this.sync.listings.removeIn(tx, account, listing.externalRef);
          if (ids) {
            listingIds.push(...ids);
            withdrawn = listing.externalRef;
          }
        }
        listingIds.push(...((await this.sync.properties.removeIn(tx, account, property.externalRef)) ?? []));
      });
      outcomes.push({ agentRef: property.externalRef.slice(prefix.length), status: 'withdrawn', listing: withdrawn, errors: [], warnings: [], listingIds });
    }
    const empty = await this.prisma.development.findMany({
      where: { accountId: account.id, deletedAt: null, externalRef: { startsWith: prefix }, properties: { none: { deletedAt: null } } },
      select: { externalRef: true },
    });
    for (const dev of empty.filter((d) => ofBranch(d.externalRef))) await this.prisma.$transaction((tx) => this.sync.developments.removeIn(tx, account, dev.externalRef));
    return outcomes;
  }
}
