// The `picture-sizes` job kind: the 800 and 320 px sizes of a feed import's pictures, made after the import
// (which keeps each picture's largest size only, checked by its header) by whichever instance takes the
// job; the pictures are in the shared store. Until a size is made the largest is served in its place
// (feed-media.ts, `sized`). A picture that passed the import's check but does not decode is taken off the
// listings and floor plans that show it, through the synchronisation services' own writes (the outbox
// reindexes them), its sizes are removed, and each row of the import that named it gets a warning.
import type { PrismaClient } from '../db/prisma.ts';
import type { JobQueue } from '../db/job-queue.ts';
import type { ApiAccount, Prisma } from '../generated/prisma/client.ts';
import { NotFoundError } from '../core/errors.ts';
import type { Logger } from '../core/logger.ts';
import type { ListingSyncService } from '../listings/listing-sync-service.ts';
import type { ListingSyncInput } from '../listings/listing-sync-schema.ts';
import type { PropertyService } from '../inventory/property-service.ts';
import type { PropertyInput } from '../inventory/property-schema.ts';
import type { FeedMedia } from './feed-media.ts';
import { listingsShowing, propertiesShowing } from './picture-holders.ts';

export const PICTURE_SIZES_KIND = 'picture-sizes';

/** a job's pictures: an import's are split into jobs of this many (any instance takes each) */
export const PICTURES_A_JOB = 100;
/** pictures of one job sized at once (sharp spreads each over libuv's threads) */
const AT_ONCE = 2;

export interface PictureToSize {
  digest: string;
  /** the zip's file name, as the warning names it */
  file: string;
  /** the agent's refs of the import's rows that named it */
  rows: string[];
}
export interface PictureSizesJobData {
  import: string;
  pictures: PictureToSize[];
}

/** Enqueues an import's pictures to be sized, PICTURES_A_JOB a job, in the transaction `tx` (the one that ends the import). */
export async function enqueuePictureSizes(jobs: JobQueue, tx: Prisma.TransactionClient, importId: string, pictures: PictureToSize[]): Promise<void> {
  for (let at = 0; at < pictures.length; at += PICTURES_A_JOB) {
    await jobs.enqueue(tx, PICTURE_SIZES_KIND, { import: importId, pictures: pictures.slice(at, at + PICTURES_A_JOB) } satisfies PictureSizesJobData);
  }
}

const shows = (value: unknown, digest: string) => value !== null && JSON.stringify(value).includes(`/feeds/${digest}/`);

export class PictureSizes {
  constructor(
    private readonly prisma: PrismaClient,
    private readonly media: FeedMedia,
    private readonly sync: { listings: ListingSyncService; properties: PropertyService },
    private readonly logger: Logger,
  ) {}

  /** Makes the smaller sizes of a job's pictures (those made before are skipped: a job run again redoes nothing). */
  async run(data: PictureSizesJobData): Promise<void> {
    const { smaller } = await this.media.stored(data.pictures.map((p) => p.digest));
    const waiting = data.pictures.filter((p) => !smaller.has(p.digest));
    let next = 0;
    const worker = async () => {
      while (next < waiting.length) {
        const picture = waiting[next++]!;
        const made = await this.media.makeSmaller(picture.digest);
        if (made !== 'made' && made !== 'gone') await this.takeOff(data.import, picture, made);
      }
    };
    await Promise.all(Array.from({ length: Math.min(AT_ONCE, waiting.length) }, worker));
  }

  /** A picture that does not decode: off every listing and floor plan that shows it, out of the store, and a warning on the rows that named it. */
  private async takeOff(importId: string, picture: PictureToSize, why: string): Promise<void> {
    const { digest } = picture;
    const accounts = new Map<number, ApiAccount>();
    const accountOf = async (id: number) => {
      if (!accounts.has(id)) accounts.set(id, await this.prisma.apiAccount.findUniqueOrThrow({ where: { id } }));
      return accounts.get(id)!;
    };
    for (const holder of await listingsShowing(this.prisma, digest)) {
      const account = await accountOf(holder.accountId);
      await this.unlessGone(async () => {
        const row = await this.sync.listings.get(account, holder.externalRef);
        const gallery = (row.galleryImages as unknown[]).filter((image) => !shows(image, digest));
        const first = gallery[0] as { largeSize: string; mediumSize: string; thumbnail: string } | undefined;
        const mainImage = shows(row.mainImage, digest) ? (first ? { largeSize: first.largeSize, mediumSize: first.mediumSize, thumbnail: first.thumbnail } : null) : row.mainImage;
        await this.sync.listings.patch(account, holder.externalRef, { mainImage, galleryImages: gallery } as Partial<ListingSyncInput>);
      });
    }
    for (const holder of await propertiesShowing(this.prisma, digest)) {
      const account = await accountOf(holder.accountId);
      await this.unlessGone(async () => {
        const row = await this.sync.properties.get(account, holder.externalRef);
        const floorplans = (row.floorplans as unknown[]).filter((plan) => !shows(plan, digest));
        await this.sync.properties.patch(account, holder.externalRef, { floorplans } as Partial<PropertyInput>);
      });
    }
    await this.media.forget(digest);
    await this.warn(importId, picture, `picture ${picture.file} ${why}: taken off the listing`);
    this.logger.warn({ importId, digest, why }, 'a feed picture did not decode: taken off its listings');
  }

  /** a listing or property withdrawn meanwhile shows nothing */
  private async unlessGone(write: () => Promise<unknown>): Promise<void> {
    try {
      await write();
    } catch (err) {
      if (!(err instanceof NotFoundError)) throw err;
    }
  }

  /** Adds the warning to each row of the import that named the picture (the report locked: jobs of one import may end together). */
  private async warn(importId: string, picture: PictureToSize, warning: string): Promise<void> {
    await this.prisma.$transaction(async (tx) => {
      const [held] = await tx.$queryRaw<{ report: unknown }[]>`SELECT report FROM "FeedImport" WHERE id = ${importId} FOR UPDATE`;
      if (!held || !Array.isArray(held.report)) return;
      const refs = new Set(picture.rows);
      const rows = (held.report as { agentRef: string; warnings: string[] }[]).map((row) =>
        refs.has(row.agentRef) && !row.warnings.includes(warning) ? { ...row, warnings: [...row.warnings, warning] } : row,
      );
      await tx.feedImport.update({ where: { id: importId }, data: { report: rows as unknown as Prisma.InputJsonValue } });
    });
  }
}
