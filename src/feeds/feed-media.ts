// Photos and floor plans that come inside a feed's zip: kept by the service, content-addressed (the same
// picture sent again is the same file and the same URL, so an unchanged home stays unchanged), and
// served in the three sizes listing items name. The import keeps each picture's largest size (checked by
// its header, decoded only when it is not already a JPEG that size can be); the two smaller are made after
// the import by the `picture-sizes` job (picture-sizes.ts). The store is one every instance reads:
// PostgreSQL by default, S3-compatible object storage when FEED_MEDIA_STORE=s3 (docs/scaling.md).
import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import path from 'node:path';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { keptAsSent } from './jpeg-kept-as-sent.ts';

export interface MediaStore {
  put(key: string, bytes: Buffer): Promise<void>;
  /** the bytes as a stream; null when the key holds nothing (a store that cannot be read throws) */
  get(key: string): Promise<Readable | null>;
  exists(key: string): Promise<boolean>;
  /** which of these keys hold something (one look-up) */
  existing(keys: string[]): Promise<Set<string>>;
  /** several pictures written together (one statement where the store allows), in the order given */
  putMany(entries: { key: string; bytes: Buffer }[]): Promise<void>;
  /** nothing when the key holds nothing */
  delete(key: string): Promise<void>;
  /** several keys removed together (one statement where the store allows) */
  deleteMany(keys: string[]): Promise<void>;
  /**
   * What each `from` holds moved to its `to`, inside the store (the bytes never reach the service; one
   * statement where the store allows); a `to` that holds something already keeps it. Answers the `to`
   * keys that hold something after it (not those whose `from` held nothing and were empty). The `to` keys
   * are distinct; a `from` may be left where it was (its caller removes it).
   */
  moveMany(pairs: { from: string; to: string }[]): Promise<Set<string>>;
}

const KEY = /^[A-Za-z0-9/_.-]+$/;
export function checkedKey(key: string): string {
  if (!KEY.test(key) || key.includes('..')) throw new Error(`not a media key: ${key}`);
  return key;
}

/** A stream read whole (a picture is a few MB at most: MAX_PICTURE_BYTES). */
export async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

/** The widths of the three sizes (never enlarged beyond the original). */
export const IMAGE_SIZES = { thumbnail: 320, mediumSize: 800, largeSize: 1600 } as const;
export type ImageSize = keyof typeof IMAGE_SIZES;

export const digestOf = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
/** A picture of an import waiting for its largest size to be kept: removed once the import ends, however it ends. */
export const pendingKey = (importId: string, n: number) => `feeds/pending/${importId}/${n}`;
export const sizedKey = (digest: string, size: ImageSize) => `feeds/${digest}/${size}.jpg`;

/** The file names of the zip as the BLM writes them: compared without case or folders. */
export const mediaName = (name: string) => path.posix.basename(name.replace(/\\/g, '/')).toLowerCase();

/** The only pictures decoded, told by their bytes (file-type), never by their name: no SVG, TIFF, HEIC or PDF reaches the decoder. */
const PICTURE_TYPES = new Set(['image/jpeg', 'image/png', 'image/webp', 'image/gif']);
export const NOT_A_PICTURE = 'is not a JPEG, PNG, WebP or GIF picture';

export async function isPicture(bytes: Buffer): Promise<boolean> {
  const type = await fileTypeFromBuffer(bytes);
  return type !== undefined && PICTURE_TYPES.has(type.mime);
}

export interface PictureLimits {
  /** sharp's limitInputPixels: a picture of more pixels is not decoded */
  maxPixels: number;
  /** a picture whose three sizes take longer is dropped */
  timeoutSeconds: number;
}

export const PICTURE_LIMITS: PictureLimits = { maxPixels: 50_000_000, timeoutSeconds: 10 };

/**
 * libjpeg-turbo's baseline encoder: mozjpeg's made files about a tenth smaller but took three quarters of
 * a feed import's CPU (three encodes a picture, 140 ms against 40 ms for a 1024x768 photo).
 */
const JPEG = { quality: 80, mozjpeg: false, progressive: false } as const;

/** A picture the store could not read or write: its row is refused, never written without it. */
export interface StoreFailure {
  storeFailed: string;
}

export class FeedMedia {
  constructor(
    private readonly store: MediaStore,
    /** where GET /media/... is served from, e.g. https://portal.example/media */
    readonly baseUrl: string,
    private readonly limits: PictureLimits = PICTURE_LIMITS,
  ) {}

  /**
   * Keeps a picture of an upload until its import has kept its largest size (`discard`). A picture that
   * already is its largest size (an upright baseline JPEG no wider, `keptAsSent`) is kept without its
   * metadata, and true is answered: its import then moves it inside the store (`moveAsSent`) instead of
   * reading it back. Any other is kept as sent (false), for the import to check and decode.
   */
  async keepPending(key: string, bytes: Buffer): Promise<boolean> {
    const kept = await this.keptAsSent(bytes);
    await this.store.put(key, kept ?? bytes);
    return kept !== null;
  }

  async discard(key: string): Promise<void> {
    await this.store.delete(key);
  }

  /**
   * Which of these pictures (by digest) have their largest size stored, and which their two smaller as
   * well: one look-up for an import's pictures, so that a picture sent before is neither read nor checked.
   */
  async stored(digests: string[]): Promise<{ largest: Set<string>; smaller: Set<string> }> {
    const held = await this.store.existing(digests.flatMap((d) => [sizedKey(d, 'largeSize'), sizedKey(d, 'thumbnail')]));
    return {
      largest: new Set(digests.filter((d) => held.has(sizedKey(d, 'largeSize')))),
      smaller: new Set(digests.filter((d) => held.has(sizedKey(d, 'thumbnail')))),
    };
  }

  /**
   * Checks a waiting picture and keeps its largest size, named by the digest of its bytes as sent (once:
   * `largestStored` says, or the store is asked, whether it is there already). True when it is there; else
   * why the picture is left out. The two smaller sizes are the `picture-sizes` job's (`makeSmaller`).
   */
  async prepare(key: string, digest: string, largestStored?: boolean): Promise<true | string | StoreFailure> {
    let original: Buffer | null;
    try {
      if (largestStored ?? (await this.store.exists(sizedKey(digest, 'largeSize')))) return true;
      const stream = await this.store.get(key);
      original = stream && (await readAll(stream));
    } catch (err) {
      return { storeFailed: `could not be read from the picture store (${String((err as Error).message)})` };
    }
    // the upload kept every picture its records name: one gone is a warning of its row, not a failure
    if (!original) return 'is not in the zip';
    if (!(await isPicture(original))) return NOT_A_PICTURE;
    let largest: Buffer;
    try {
      largest = await this.largestOf(original);
    } catch (err) {
      return this.unreadable(err);
    }
    try {
      await this.store.put(sizedKey(digest, 'largeSize'), largest);
    } catch (err) {
      return { storeFailed: `could not be written to the picture store (${String((err as Error).message)})` };
    }
    return true;
  }

  /**
   * Keeps the largest size of pictures the upload kept as sent (`keepPending` answered true): each moved
   * inside the store to its digest's key, all in one statement (in PostgreSQL a rename: the bytes are
   * neither read nor written again). By waiting key: true, 'is not in the
   * zip' when the upload's copy is gone (a row warning, as in `prepare`), or the store's failure.
   */
  async moveAsSent(pictures: { key: string; digest: string }[]): Promise<Map<string, true | string | StoreFailure>> {
    // one move a digest: the same picture sent under two names is one largest size
    const pairs = new Map(pictures.map(({ key, digest }) => [sizedKey(digest, 'largeSize'), key]));
    let written: Set<string>;
    try {
      written = await this.store.moveMany([...pairs].map(([to, from]) => ({ from, to })));
    } catch (err) {
      const failed = { storeFailed: `could not be written to the picture store (${String((err as Error).message)})` };
      return new Map(pictures.map(({ key }) => [key, failed]));
    }
    return new Map(pictures.map(({ key, digest }) => [key, written.has(sizedKey(digest, 'largeSize')) ? true : 'is not in the zip']));
  }

  /** Why a picture could not be decoded, as its row's warning says it. */
  private unreadable(err: unknown): string {
    const message = String((err as Error).message);
    if (/pixel limit/i.test(message)) return `has more than ${(this.limits.maxPixels / 1_000_000).toLocaleString('en-GB')} million pixels`;
    if (/timeout/i.test(message)) return `took longer than ${this.limits.timeoutSeconds} s to decode`;
    return 'cannot be read as a picture';
  }

  /**
   * The largest size of a picture (one of the four kinds, told by its bytes). An upright baseline JPEG no
   * wider than that size is kept as sent, its metadata taken out without decoding (jpeg-kept-as-sent.ts:
   * its header, dimensions and pixel count checked, no pixel touched); any other picture is decoded once,
   * turned upright, brought to the largest size's width and encoded.
   */
  private async largestOf(original: Buffer): Promise<Buffer> {
    const kept = await this.keptAsSent(original);
    if (kept !== null) return kept;
    return sharp(original, { limitInputPixels: this.limits.maxPixels })
      .rotate()
      .resize({ width: IMAGE_SIZES.largeSize, withoutEnlargement: true })
      .jpeg(JPEG)
      .timeout({ seconds: this.limits.timeoutSeconds })
      .toBuffer();
  }

  /** The picture without its metadata when it is an upright baseline JPEG within the largest size (nothing decoded); else null. */
  private async keptAsSent(original: Buffer): Promise<Buffer | null> {
    const kept = keptAsSent(original, IMAGE_SIZES.largeSize, this.limits.maxPixels);
    if (kept === null) return null;
    // the orientation is in the EXIF that is taken out: a picture to be turned is decoded instead (the
    // header read alone, not the pixels); without EXIF it is upright, and sharp is not asked
    if (!kept.exif) return kept.bytes;
    return ((await sharp(original, { limitInputPixels: this.limits.maxPixels }).metadata()).orientation ?? 1) === 1 ? kept.bytes : null;
  }

  /**
   * Makes the two smaller sizes of a picture from its largest (upright already, at most 1,600 px wide):
   * one decode, two encodes, both written in one statement, the thumbnail last (its presence says both are
   * there). 'made' (or made before), 'gone' when its largest size is not stored (taken off already), else
   * why it does not decode: the caller takes it off its listings. A store that fails throws (the job is
   * tried again).
   */
  async makeSmaller(digest: string, smallerStored = false): Promise<'made' | 'gone' | string> {
    if (smallerStored) return 'made';
    const stream = await this.store.get(sizedKey(digest, 'largeSize'));
    if (!stream) return 'gone';
    const largest = await readAll(stream);
    const timeout = { seconds: this.limits.timeoutSeconds };
    let sizes: [Buffer, Buffer];
    try {
      const { data, info } = await sharp(largest, { limitInputPixels: this.limits.maxPixels })
        .resize({ width: IMAGE_SIZES.mediumSize, withoutEnlargement: true })
        .raw()
        .timeout(timeout)
        .toBuffer({ resolveWithObject: true });
      const raw = { raw: { width: info.width, height: info.height, channels: info.channels } };
      const sized = (width: number) => sharp(data, raw).resize({ width, withoutEnlargement: true }).jpeg(JPEG).timeout(timeout).toBuffer();
      sizes = await Promise.all([sized(IMAGE_SIZES.mediumSize), sized(IMAGE_SIZES.thumbnail)]);
    } catch (err) {
      return this.unreadable(err);
    }
    await this.store.putMany([
      { key: sizedKey(digest, 'mediumSize'), bytes: sizes[0] },
      { key: sizedKey(digest, 'thumbnail'), bytes: sizes[1] },
    ]);
    return 'made';
  }

  /** Removes a picture's sizes (one that does not decode: never served, and checked again if sent again). */
  async forget(digest: string): Promise<void> {
    await this.store.deleteMany((['largeSize', 'mediumSize', 'thumbnail'] as const).map((size) => sizedKey(digest, size)));
  }

  /** Removes the pictures an upload kept for its import (one statement where the store allows). */
  async discardAll(keys: string[]): Promise<void> {
    await this.store.deleteMany(keys);
  }

  urls(digest: string, base = this.baseUrl): { largeSize: string; mediumSize: string; thumbnail: string } {
    const url = (size: ImageSize) => `${base.replace(/\/$/, '')}/${sizedKey(digest, size)}`;
    return { largeSize: url('largeSize'), mediumSize: url('mediumSize'), thumbnail: url('thumbnail') };
  }

  /**
   * A sized picture by digest and size, for GET /media/feeds/{digest}/{size}.jpg; null when unknown. Until
   * the `picture-sizes` job has made a smaller size, the largest stands in for it (the same picture, wider
   * than named: `exact` false, so that it is not cached for long).
   */
  async sized(digest: string, size: string): Promise<{ picture: Readable; exact: boolean } | null> {
    if (!/^[0-9a-f]{64}$/.test(digest) || !(size in IMAGE_SIZES)) return null;
    const picture = await this.store.get(sizedKey(digest, size as ImageSize));
    if (picture) return { picture, exact: true };
    if (size === 'largeSize') return null;
    const largest = await this.store.get(sizedKey(digest, 'largeSize'));
    return largest && { picture: largest, exact: false };
  }
}
