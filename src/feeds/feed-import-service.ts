// BLM imports: a file is read and checked whole when it arrives (a malformed one is refused before
// anything is written), queued as an import with its records and the media they name, and run by the
// feed import job; its report tells each row's fate.
import { inOrder } from '../core/in-order.ts';
import { randomUUID } from 'node:crypto';
import type { PrismaClient } from '../db/prisma.ts';
import type { ApiAccount, FeedImport, Prisma } from '../generated/prisma/client.ts';
import { NotFoundError, ValidationError } from '../core/errors.ts';
import { BlmFormatError, parseBlm } from './blm/blm-parser.ts';
import { blmHome } from './blm/blm-home.ts';
import { readBlmUpload } from './blm/blm-upload.ts';
import { groupHomes } from './feed-grouping.ts';
import { feedRef, SHARED_OWNERSHIP_PRICES, type FeedHome, type FeedRow, type MediaSource, type SharedOwnershipPrice } from './feed-home.ts';
import { IMAGE_EXTENSIONS, mediaName, type FeedMedia } from './feed-media.ts';
import type { FeedWriter, RowOutcome } from './feed-writer.ts';

export const IMPORT_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
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

interface ImportInput {
  rows: FeedRow[];
  /** zip file name → digest of the kept original */
  media: Record<string, string>;
  fileWarnings: string[];
  mediaBaseUrl: string;
}

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
    private readonly options: { maxUnzippedBytes: number; concurrency: number },
  ) {}

  /** Reads and checks the upload, keeps the media its rows name, and queues the import. 422 for a file that cannot be read. */
  async submit(account: ApiAccount, bytes: Buffer, opts: { partial: boolean; mediaBaseUrl: string }): Promise<{ id: string; status: ImportStatus }> {
    let rows: FeedRow[];
    let fileWarnings: string[];
    let upload;
    try {
      upload = readBlmUpload(bytes, this.options.maxUnzippedBytes);
      const blm = parseBlm(upload.blm);
      fileWarnings = blm.warnings;
      rows = blm.records.map((record) => blmHome(record, sharedOwnershipPriceOf(account)));
    } catch (err) {
      if (err instanceof BlmFormatError) throw ValidationError.field('file', err.message);
      throw err;
    }
    if (rows.length === 0 && !opts.partial) {
      throw ValidationError.field('file', 'the file holds no homes: as the whole stock of its branch it would withdraw them all (send partial=1 if that is not meant)');
    }
    const media: Record<string, string> = {};
    for (const row of rows) {
      for (const item of [...(row.home?.images ?? []), ...(row.home?.floorplans ?? [])]) {
        if (!('file' in item.source)) continue;
        const name = mediaName(item.source.file);
        const bytesOf = upload.media.get(name);
        if (bytesOf && IMAGE_EXTENSIONS.test(name) && !(name in media)) media[name] = await this.media.keepOriginal(bytesOf);
      }
    }
    const input: ImportInput = { rows, media, fileWarnings, mediaBaseUrl: opts.mediaBaseUrl };
    const created = await this.prisma.feedImport.create({
      data: { id: randomUUID(), accountId: account.id, format: 'blm', partial: opts.partial, input: input as unknown as Prisma.InputJsonValue, counts: { ...EMPTY_COUNTS, rows: rows.length } },
    });
    return { id: created.id, status: created.status as ImportStatus };
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
   * Takes the oldest queued import (one process each, SKIP LOCKED) and marks it running; null when none
   * waits. An import left running for an hour (its process stopped) is taken again: its writes are
   * idempotent, so running it twice changes nothing the first run wrote.
   */
  async claim(): Promise<FeedImport | null> {
    const [claimed] = await this.prisma.$queryRaw<{ id: string }[]>`
      UPDATE "FeedImport" SET status = 'running', "startedAt" = now()
      WHERE id = (
        SELECT id FROM "FeedImport"
        WHERE status = 'queued' OR (status = 'running' AND "startedAt" < now() - interval '1 hour')
        ORDER BY "createdAt" FOR UPDATE SKIP LOCKED LIMIT 1)
      RETURNING id`;
    return claimed ? this.prisma.feedImport.findUnique({ where: { id: claimed.id } }) : null;
  }

  /** Runs a claimed import to its end; `progress` hears of every group written. Returns the listings it changed. */
  async run(job: FeedImport, progress: (done: number) => void = () => {}): Promise<number[]> {
    const account = await this.prisma.apiAccount.findUniqueOrThrow({ where: { id: job.accountId } });
    const input = job.input as unknown as ImportInput;
    const homes = input.rows.flatMap((r) => (r.home ? [r.home] : []));
    const rowOf = new Map<FeedHome, FeedRow>();
    input.rows.forEach((r) => r.home && rowOf.set(r.home, r));
    // the three sizes of every kept picture, made before any row is written
    const ready = new Set<string>();
    await inOrder(Object.entries(input.media), async ([name, digest]) => (await this.media.prepare(digest)) && ready.add(name), 2);
    const urls = (source: MediaSource) => {
      if ('url' in source) return { largeSize: source.url, mediumSize: source.url, thumbnail: source.url };
      const name = mediaName(source.file);
      return ready.has(name) ? this.media.urls(input.media[name]!, input.mediaBaseUrl) : null;
    };
    const outcomes = new Map<FeedHome, RowOutcome>();
    let done = 0;
    const groups = groupHomes(homes);
    const file = await this.writer.fileMemo(account, groups);
    const save = async () => {
      const partialRows = [...outcomes.values()];
      await this.prisma.feedImport.update({ where: { id: job.id }, data: { counts: { ...countsOf(partialRows), rows: input.rows.length } as Prisma.InputJsonValue } });
    };
    await inOrder(
      groups,
      async (group) => {
        const written = await this.writer.writeGroup(account, group, urls, (home) => rowOf.get(home)?.warnings ?? [], file);
        group.homes.forEach((home, i) => outcomes.set(home, written[i]!));
        done += group.homes.length;
        progress(group.homes.length);
        if (done % 250 < group.homes.length) await save();
      },
      this.options.concurrency,
    );
    const report: RowOutcome[] = input.rows.map((r) =>
      r.home ? outcomes.get(r.home)! : { agentRef: r.agentRef, status: 'rejected', listing: null, errors: r.errors, warnings: r.warnings, listingIds: [] },
    );
    if (!job.partial) {
      const branches = new Set(input.rows.map((r) => r.home?.branch ?? null).filter((b): b is string => b !== null));
      const kept = new Set(homes.map((h) => h.ref));
      // a refused row keeps what an earlier file wrote of it
      for (const r of input.rows) if (!r.home) for (const b of branches) kept.add(feedRef(b, r.agentRef));
      const written = new Set(groups.map((g) => g.ref));
      for (const branch of branches) report.push(...(await this.writer.withdrawMissing(account, branch, kept, written)));
    }
    const rows = report.map(({ listingIds: _ids, ...rest }) => rest);
    if (input.fileWarnings.length && rows[0]) rows[0] = { ...rows[0], warnings: [...input.fileWarnings, ...rows[0].warnings] };
    await this.prisma.feedImport.update({
      where: { id: job.id },
      data: { status: 'done', finishedAt: new Date(), counts: { ...countsOf(report), rows: input.rows.length } as Prisma.InputJsonValue, report: rows as unknown as Prisma.InputJsonValue },
    });
    return report.flatMap((r) => r.listingIds);
  }

  async fail(id: string, error: string): Promise<void> {
    await this.prisma.feedImport.update({ where: { id }, data: { status: 'failed', finishedAt: new Date(), error } });
  }
}
