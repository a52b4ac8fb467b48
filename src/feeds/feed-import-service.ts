// BLM imports: a file is read and checked whole when it arrives (a malformed one is refused before
// anything is written), stored as an import with its records and the media they name, and a job of the
// `feed-import-job` kind enqueued in the same transaction (keyed by the account, so that an account's
// imports run one after another in the order they came); the job's handler (feed-import-job.ts) runs it.
// Its report tells each row's fate.
import { inOrder } from '../core/in-order.ts';
import { randomUUID } from 'node:crypto';
import type { PrismaClient } from '../db/prisma.ts';
import type { JobQueue } from '../db/job-queue.ts';
import type { ApiAccount, FeedImport, Prisma } from '../generated/prisma/client.ts';
import { AppError, NotFoundError, ValidationError } from '../core/errors.ts';
import { BlmFormatError, parseBlm } from './blm/blm-parser.ts';
import { blmHome } from './blm/blm-home.ts';
import { readBlmUpload, UploadTooLargeError, type ZipLimits } from './blm/blm-upload.ts';
import { groupHomes, type HomeGroup } from './feed-grouping.ts';
import { feedRef, SHARED_OWNERSHIP_PRICES, type FeedHome, type FeedRow, type MediaSource, type SharedOwnershipPrice } from './feed-home.ts';
import { digestOf, isPicture, mediaName, NOT_A_PICTURE, pendingKey, type FeedMedia, type StoreFailure } from './feed-media.ts';
import { PictureQueue } from './picture-queue.ts';
import { enqueuePictureSizes, type PictureToSize } from './picture-sizes.ts';
import { isHttpUrl } from './feed-rules.ts';
import type { FeedWriter, RowOutcome } from './feed-writer.ts';

export const IMPORT_STATUSES = ['queued', 'running', 'done', 'failed'] as const;

/** The job kind that runs the imports (src/background.ts lists it), and its jobs' data. */
export const FEED_IMPORT_KIND = 'feed-import-job';
export interface FeedImportJobData {
  import: string;
}
/** an account's imports run one after another: the key of their jobs */
const accountKey = (accountId: number) => `account-${accountId}`;
/** a queued import this old with no job (queued before the job queue) gets one when the role starts */
const STRAY_AFTER_MS = 2 * 60_000;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];

export interface ImportCounts {
  rows: number;
  created: number;
  updated: number;
  unchanged: number;
  withdrawn: number;
  rejected: number;
}

export interface ImportReport {
  id: string;
  format: string;
  status: ImportStatus;
  counts: ImportCounts;
  rows: Omit<RowOutcome, 'listingIds'>[];
}

/** pictures checked at once by one import (the few decoded are spread by sharp over the cores too) */
const PICTURES_AT_ONCE = 2;
/** pictures kept as sent at the upload, moved to their largest size's key in one statement by the import */
const MOVES_A_STATEMENT = 50;
/** an uploaded picture waiting for its import: its pending key, its digest and whether it was kept as sent */
interface PendingPicture {
  key: string;
  digest: string;
  asSent?: boolean;
}

/**
 * groups of homes written in one transaction: a transaction a group cost a `BEGIN`,
 * a `COMMIT` and the client's work for each (1.7 of a new home's 10 statements); one that fails is
 * written again a group a transaction (FeedWriter.writeGroups)
 */
const GROUPS_A_TRANSACTION = 8;

/** pictures of an upload written to the store at once */
const PICTURES_WRITTEN_AT_ONCE = 4;

/** The zip file names of a home's photos and floor plans. */
const pictureNames = (home: FeedHome): string[] => [...home.images, ...home.floorplans].flatMap((i) => ('file' in i.source ? [mediaName(i.source.file)] : []));

interface ImportInput {
  /** the file's records as read (column → value); their rows are made by the job, off the upload's request */
  records?: Record<string, string>[];
  /** record index → its columns that held a NUL (taken out: PostgreSQL cannot keep one; each is a row error) */
  nul?: Record<string, string[]>;
  /** imports queued before records were kept: their rows */
  rows?: FeedRow[];
  /**
   * zip file name → the picture waiting for the job (removed when the import ends), the digest of its bytes
   * as sent, and whether the upload kept it as its largest size already (the job moves it in the store)
   */
  media: Record<string, PendingPicture | string>;
  fileWarnings: string[];
  mediaBaseUrl: string;
}

/** Every picture file a record names (MEDIA_IMAGE_NN, MEDIA_FLOOR_PLAN_NN), by the zip name it is matched with. */
function namedPictures(records: Record<string, string>[]): Set<string> {
  const names = new Set<string>();
  for (const record of records) {
    for (const [column, value] of Object.entries(record)) {
      if (/^MEDIA_(IMAGE|FLOOR_PLAN)_\d+$/.test(column) && value.trim() !== '' && !isHttpUrl(value)) names.add(mediaName(value.trim()));
    }
  }
  return names;
}

/** The records without NUL characters, and which columns of which record held one. */
function withoutNul(records: Record<string, string>[]): { records: Record<string, string>[]; nul: Record<string, string[]> } {
  const nul: Record<string, string[]> = {};
  const clean = records.map((record, i) => {
    const held = Object.keys(record).filter((column) => record[column]!.includes('\u0000'));
    if (held.length === 0) return record;
    nul[i] = held;
    return Object.fromEntries(Object.entries(record).map(([column, value]) => [column, value.replaceAll('\u0000', '')]));
  });
  return { records: clean, nul };
}

/** `map` over many items in slices, giving the event loop back between them: a file's thousands of rows never hold it for long. */
async function mapInSlices<T, R>(items: T[], map: (item: T) => R, slice = 100): Promise<R[]> {
  const out: R[] = [];
  for (let at = 0; at < items.length; at += slice) {
    if (at > 0) await new Promise((resolve) => setImmediate(resolve));
    for (const item of items.slice(at, at + slice)) out.push(map(item));
  }
  return out;
}

/** The row refused when a picture it names could not be read from (or written to) the picture store. */
function refusedForStore(row: FeedRow, home: FeedHome, prepared: Map<string, true | string | StoreFailure>): FeedRow {
  const errors = [...home.images, ...home.floorplans].flatMap(({ source }) => {
    if (!('file' in source)) return [];
    const ready = prepared.get(mediaName(source.file));
    return ready !== undefined && typeof ready === 'object' ? [{ field: 'MEDIA', message: `picture ${source.file} ${ready.storeFailed}: the row is not written; send the file again` }] : [];
  });
  return errors.length ? { ...row, home: null, errors } : row;
}

/** The pictures whose largest size the import kept and whose smaller sizes are not made yet, with the rows that named each. */
function picturesToSize(homes: FeedHome[], keptDigest: (name: string) => string | null, sized: Set<string>): PictureToSize[] {
  const byDigest = new Map<string, PictureToSize>();
  for (const home of homes) {
    for (const image of [...home.images, ...home.floorplans]) {
      if (!('file' in image.source)) continue;
      const digest = keptDigest(mediaName(image.source.file));
      if (digest === null || sized.has(digest)) continue;
      const picture = byDigest.get(digest) ?? { digest, file: image.source.file, rows: [] };
      if (!picture.rows.includes(home.agentRef)) picture.rows.push(home.agentRef);
      byDigest.set(digest, picture);
    }
  }
  return [...byDigest.values()];
}

/** A picture of a zip larger than this is not inflated (no photo of a home needs it), and left out. */
const MAX_PICTURE_BYTES = 50 * 1024 * 1024;

const EMPTY_COUNTS: ImportCounts = { rows: 0, created: 0, updated: 0, unchanged: 0, withdrawn: 0, rejected: 0 };

export const sharedOwnershipPriceOf = (account: ApiAccount): SharedOwnershipPrice =>
  (SHARED_OWNERSHIP_PRICES as readonly string[]).includes(account.feedSharedOwnershipPrice) ? (account.feedSharedOwnershipPrice as SharedOwnershipPrice) : 'full-value';

export function countsOf(rows: { status: string }[]): ImportCounts {
  const counts = { ...EMPTY_COUNTS };
  for (const row of rows) {
    if (row.status !== 'withdrawn') counts.rows++;
    if (row.status in counts) counts[row.status as keyof ImportCounts]++;
  }
  return counts;
}

export class FeedImportService {
  constructor(
    private readonly prisma: PrismaClient,
    private readonly writer: FeedWriter,
    private readonly media: FeedMedia,
    private readonly options: { zip: ZipLimits; concurrency: number },
    private readonly jobs: JobQueue,
  ) {}

  /**
   * Reads and checks the upload, keeps the pictures its records name until the job has kept their largest size,
   * and queues the import. 422 for a file that cannot be read, 413 for a zip that expands too far; the
   * pictures of a refused upload are removed.
   */
  async submit(account: ApiAccount, bytes: Buffer, opts: { partial: boolean; mediaBaseUrl: string }): Promise<{ id: string; status: ImportStatus }> {
    const id = randomUUID();
    const pending: string[] = [];
    // the pictures are written to the store a few at a time: one after another, each a round trip, they
    // took 42 s of a 5,000-photo upload; a failed write is thrown once the loop ends
    const writing = new Set<Promise<void>>();
    let writeFailed: { err: unknown } | null = null;
    try {
      let upload;
      let blm;
      try {
        upload = await readBlmUpload(bytes, this.options.zip);
        blm = parseBlm(upload.blm);
      } catch (err) {
        if (err instanceof UploadTooLargeError) throw new AppError(413, `The upload is too large: ${err.message}`);
        if (err instanceof BlmFormatError) throw ValidationError.field('file', err.message);
        throw err;
      }
      if (blm.records.length === 0 && !opts.partial) {
        throw ValidationError.field('file', 'the file holds no homes: as the whole stock of its branch it would withdraw them all (send partial=1 if that is not meant)');
      }
      const media: ImportInput['media'] = {};
      await upload.eachMedia(namedPictures(blm.records), MAX_PICTURE_BYTES, async (name, picture) => {
        if (picture === null) {
          media[name] = `is larger than ${MAX_PICTURE_BYTES / 1024 / 1024} MB`;
          return;
        }
        if (!(await isPicture(picture))) {
          media[name] = NOT_A_PICTURE;
          return;
        }
        const key = pendingKey(id, pending.length);
        pending.push(key);
        const entry: PendingPicture = { key, digest: digestOf(picture) };
        media[name] = entry;
        const write: Promise<void> = this.media.keepPending(key, picture).then(
          (asSent) => {
            if (asSent) entry.asSent = true;
            writing.delete(write);
          },
          (err: unknown) => {
            writing.delete(write);
            writeFailed ??= { err };
          },
        );
        writing.add(write);
        if (writing.size >= PICTURES_WRITTEN_AT_ONCE) await Promise.race(writing);
        if (writeFailed) throw writeFailed.err;
      });
      await Promise.all(writing);
      if (writeFailed) throw (writeFailed as { err: unknown }).err;
      const input: ImportInput = { ...withoutNul(blm.records), media, fileWarnings: blm.warnings, mediaBaseUrl: opts.mediaBaseUrl };
      const created = await this.prisma.$transaction(async (tx) => {
        const row = await tx.feedImport.create({
          data: { id, accountId: account.id, format: 'blm', partial: opts.partial, input: input as unknown as Prisma.InputJsonValue, counts: { ...EMPTY_COUNTS, rows: blm.records.length } },
        });
        await this.jobs.enqueue(tx, FEED_IMPORT_KIND, { import: id } satisfies FeedImportJobData, { singletonKey: accountKey(account.id) });
        return row;
      });
      return { id: created.id, status: created.status as ImportStatus };
    } catch (err) {
      // a write under way would put its picture back after the discard
      await Promise.all(writing);
      await this.discard(pending);
      throw err;
    }
  }

  private async discard(keys: string[]): Promise<void> {
    await Promise.all(keys.map((key) => this.media.discard(key).catch(() => {})));
  }

  async report(account: ApiAccount, id: string): Promise<ImportReport> {
    const row = /^[0-9a-f-]{36}$/i.test(id) ? await this.prisma.feedImport.findFirst({ where: { id, accountId: account.id } }) : null;
    if (!row) throw new NotFoundError(`Feed import ${id} was not found`);
    return {
      id: row.id,
      format: row.format,
      status: row.status as ImportStatus,
      counts: { ...EMPTY_COUNTS, ...(row.counts as object) },
      rows: row.report as unknown as ImportReport['rows'],
    };
  }

  /**
   * Marks the import of a job running and answers it; null when it has ended already (a job run again,
   * or a second job for one import). An import run again after its instance died starts over: its
   * writes are idempotent, so running it twice changes nothing the first run wrote.
   */
  async begin(id: string): Promise<FeedImport | null> {
    const [begun] = await this.prisma.$queryRaw<{ id: string }[]>`
      UPDATE "FeedImport" SET status = 'running', "startedAt" = now() WHERE id = ${id} AND status IN ('queued', 'running') RETURNING id`;
    return begun ? this.prisma.feedImport.findUnique({ where: { id: begun.id } }) : null;
  }

  /** Gives a job to each import queued STRAY_AFTER_MS ago or more and not yet begun (a second job of one import finds it ended). */
  async enqueueStrays(now = new Date()): Promise<number> {
    const strays = await this.prisma.feedImport.findMany({
      where: { status: 'queued', createdAt: { lt: new Date(now.getTime() - STRAY_AFTER_MS) } },
      select: { id: true, accountId: true },
      orderBy: { createdAt: 'asc' },
    });
    for (const s of strays) await this.jobs.enqueue(null, FEED_IMPORT_KIND, { import: s.id } satisfies FeedImportJobData, { singletonKey: accountKey(s.accountId) });
    return strays.length;
  }

  /** Runs a begun import to its end; `progress` hears of every group written. Returns the listings it changed. */
  async run(job: FeedImport, progress: (done: number) => void = () => {}): Promise<number[]> {
    const account = await this.prisma.apiAccount.findUniqueOrThrow({ where: { id: job.accountId } });
    const input = job.input as unknown as ImportInput;
    const waiting = Object.values(input.media).flatMap((m) => (typeof m === 'string' ? [] : [m.key]));
    try {
      return await this.write(job, account, input, progress);
    } finally {
      // the pictures as sent are not kept: only their sizes (one statement for all)
      await this.media.discardAll(waiting).catch(() => {});
    }
  }

  private async write(job: FeedImport, account: ApiAccount, input: ImportInput, progress: (done: number) => void): Promise<number[]> {
    const meaning = sharedOwnershipPriceOf(account);
    const rows = input.rows ?? (await mapInSlices((input.records ?? []).map((record, i) => ({ record, nul: input.nul?.[i] ?? [] })), ({ record, nul }) => blmHome(record, meaning, nul)));
    const homes = rows.flatMap((r) => (r.home ? [r.home] : []));
    const rowOf = new Map<FeedHome, FeedRow>();
    rows.forEach((r) => r.home && rowOf.set(r.home, r));
    const groups = groupHomes(homes);
    // the largest size of every picture a home names (else why it is left out), checked and kept while
    // homes are written, in the order the groups need them: a group waits only for its own pictures; the
    // two smaller sizes are made after the import by the picture-sizes job. Which pictures are stored
    // already (a file sent again) is asked once for the whole file.
    const named = groups.flatMap((g) => g.homes.flatMap(pictureNames));
    const digestOfName = (name: string) => {
      const m = input.media[name];
      return m !== undefined && typeof m !== 'string' ? m.digest : null;
    };
    const stored = await this.media.stored([...new Set(named.flatMap((name) => digestOfName(name) ?? []))]);
    const prepared = new Map<string, true | string | StoreFailure>();
    // the pictures the upload kept as sent are moved inside the store, MOVES_A_STATEMENT at a time, each
    // batch begun when the queue reaches its first picture
    const asSent = [...new Set(named)].flatMap((name) => {
      const m = input.media[name];
      return m !== undefined && typeof m !== 'string' && m.asSent === true && !stored.largest.has(m.digest) ? [{ name, ...m }] : [];
    });
    const batchOf = new Map(asSent.map(({ name }, i) => [name, Math.floor(i / MOVES_A_STATEMENT)]));
    const batches = new Map<number, Promise<Map<string, true | string | StoreFailure>>>();
    const moved = (batch: number) => {
      let moves = batches.get(batch);
      if (!moves) batches.set(batch, (moves = this.media.moveAsSent(asSent.slice(batch * MOVES_A_STATEMENT, (batch + 1) * MOVES_A_STATEMENT))));
      return moves;
    };
    const pictures = new PictureQueue(
      named,
      async (name) => {
        const m = input.media[name];
        const batch = batchOf.get(name);
        if (m === undefined) return;
        if (typeof m === 'string') prepared.set(name, m);
        else if (batch !== undefined) prepared.set(name, (await moved(batch)).get(m.key)!);
        else prepared.set(name, await this.media.prepare(m.key, m.digest, stored.largest.has(m.digest)));
      },
      PICTURES_AT_ONCE,
    );
    /** homes refused for a picture the store could not read: not written, their earlier version kept */
    const refused = new Map<FeedHome, RowOutcome>();
    const urls = (source: MediaSource) => {
      if ('url' in source) return { largeSize: source.url, mediumSize: source.url, thumbnail: source.url };
      const name = mediaName(source.file);
      const ready = prepared.get(name) ?? 'is not in the zip';
      const m = input.media[name];
      if (ready === true && m && typeof m !== 'string') return this.media.urls(m.digest, input.mediaBaseUrl);
      return typeof ready === 'string' ? ready : ready === true ? 'is not in the zip' : ready.storeFailed;
    };
    const outcomes = new Map<FeedHome, RowOutcome>();
    let done = 0;
    const file = await this.writer.fileMemo(account, groups);
    const warningsOf = (home: FeedHome) => rowOf.get(home)?.warnings ?? [];
    const save = async () => {
      const partialRows = [...outcomes.values()];
      await this.prisma.feedImport.update({ where: { id: job.id }, data: { counts: { ...countsOf(partialRows), rows: rows.length } as Prisma.InputJsonValue } });
    };
    try {
      const batches: HomeGroup[][] = [];
      for (let at = 0; at < groups.length; at += GROUPS_A_TRANSACTION) batches.push(groups.slice(at, at + GROUPS_A_TRANSACTION));
      await inOrder(
        batches,
        async (batch) => {
          await pictures.ready(batch.flatMap((group) => group.homes.flatMap(pictureNames)));
          // a home with a picture the store could not read is refused, not written without it
          const writable = batch.map((group) => ({
            ...group,
            homes: group.homes.filter((home) => {
              const row = refusedForStore(rowOf.get(home)!, home, prepared);
              if (row.home) return true;
              refused.set(home, { agentRef: row.agentRef, status: 'rejected', listing: null, errors: row.errors, warnings: row.warnings, listingIds: [] });
              return false;
            }),
          })).filter((group) => group.homes.length > 0);
          const written = writable.length ? await this.writer.writeGroups(account, writable, urls, warningsOf, file) : [];
          writable.forEach((group, g) => group.homes.forEach((home, i) => outcomes.set(home, written[g]![i]!)));
          const homesOfBatch = batch.flatMap((group) => group.homes);
          for (const home of homesOfBatch) if (refused.has(home)) outcomes.set(home, refused.get(home)!);
          done += homesOfBatch.length;
          progress(homesOfBatch.length);
          if (done % 250 < homesOfBatch.length) await save();
        },
        this.options.concurrency,
      );
    } catch (err) {
      await pictures.stop();
      // an import that stops on an error keeps the homes it wrote: their pictures are sized all the same
      const kept = picturesToSize(homes, (name) => (prepared.get(name) === true ? digestOfName(name) : null), stored.smaller);
      await this.prisma.$transaction((tx) => enqueuePictureSizes(this.jobs, tx, job.id, kept)).catch(() => {});
      throw err;
    } finally {
      await pictures.stop();
    }
    const report: RowOutcome[] = rows.map((r) =>
      r.home ? outcomes.get(r.home)! : { agentRef: r.agentRef, status: 'rejected', listing: null, errors: r.errors, warnings: r.warnings, listingIds: [] },
    );
    if (!job.partial) {
      const branches = new Set(rows.map((r) => r.home?.branch ?? null).filter((b): b is string => b !== null));
      const kept = new Set(homes.map((h) => h.ref));
      // a refused row keeps what an earlier file wrote of it
      for (const r of rows) if (!r.home) for (const b of branches) kept.add(feedRef(b, r.agentRef));
      const written = new Set(groups.map((g) => g.ref));
      for (const branch of branches) report.push(...(await this.writer.withdrawMissing(account, branch, kept, written)));
    }
    const reported = report.map(({ listingIds: _ids, ...rest }) => rest);
    if (input.fileWarnings.length && reported[0]) reported[0] = { ...reported[0], warnings: [...input.fileWarnings, ...reported[0].warnings] };
    const toSize = picturesToSize(homes, (name) => (prepared.get(name) === true ? digestOfName(name) : null), stored.smaller);
    await this.prisma.$transaction(async (tx) => {
      await tx.feedImport.update({
        where: { id: job.id },
        // the records are not kept once read: the report says what became of them
        data: { status: 'done', finishedAt: new Date(), input: {}, counts: { ...countsOf(report), rows: rows.length } as Prisma.InputJsonValue, report: reported as unknown as Prisma.InputJsonValue },
      });
      // with the import's end: an import run again after its instance died enqueues them then
      await enqueuePictureSizes(this.jobs, tx, job.id, toSize);
    });
    return report.flatMap((r) => r.listingIds);
  }

  async fail(id: string, error: string): Promise<void> {
    await this.prisma.feedImport.update({ where: { id }, data: { status: 'failed', finishedAt: new Date(), error, input: {} } });
  }
}
