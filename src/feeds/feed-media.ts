// Photos and floor plans that come inside a feed's zip: kept by the service, content-addressed (the same
// picture sent again is the same file and the same URL, so an unchanged home stays unchanged), and
// served in the three sizes listing items name. The store is one every instance reads: PostgreSQL by
// default, S3-compatible object storage when FEED_MEDIA_STORE=s3 (docs/scaling.md).
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
  /** nothing when the key holds nothing */
  delete(key: string): Promise<void>;
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
/** A picture of an import waiting for its sizes to be made: removed once the import ends, however it ends. */
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

  /** Keeps a picture of an import until its sizes are made (`discard`). */
  async keepPending(key: string, bytes: Buffer): Promise<void> {
    await this.store.put(key, bytes);
  }

  async discard(key: string): Promise<void> {
    await this.store.delete(key);
  }

  /**
   * Makes the three sizes of a waiting picture, named by the digest of its bytes as sent (once: a digest
   * whose sizes exist is not decoded again). True when they are there; else why the picture is left out.
   */
  async prepare(key: string, digest: string): Promise<true | string | StoreFailure> {
    let original: Buffer | null;
    try {
      if (await this.store.exists(sizedKey(digest, 'largeSize'))) return true;
      const stream = await this.store.get(key);
      original = stream && (await readAll(stream));
    } catch (err) {
      return { storeFailed: `could not be read from the picture store (${String((err as Error).message)})` };
    }
    // the upload kept every picture its records name: one gone is a warning of its row, not a failure
    if (!original) return 'is not in the zip';
    if (!(await isPicture(original))) return NOT_A_PICTURE;
    let sizes: Record<ImageSize, Buffer>;
    try {
      sizes = await this.sized3(original);
    } catch (err) {
      const message = String((err as Error).message);
      if (/pixel limit/i.test(message)) return `has more than ${(this.limits.maxPixels / 1_000_000).toLocaleString('en-GB')} million pixels`;
      if (/timeout/i.test(message)) return `took longer than ${this.limits.timeoutSeconds} s to decode`;
      return 'cannot be read as a picture';
    }
    // the largest last: its presence says all three are there
    try {
      for (const size of ['thumbnail', 'mediumSize', 'largeSize'] as const) await this.store.put(sizedKey(digest, size), sizes[size]);
    } catch (err) {
      return { storeFailed: `could not be written to the picture store (${String((err as Error).message)})` };
    }
    return true;
  }

  /**
   * The three sizes of a picture (one of the four kinds, told by its bytes). An upright baseline JPEG no
   * wider than the largest size is that size as sent, its metadata taken out without decoding
   * (jpeg-kept-as-sent.ts), and the two smaller are made from one decode of it; any other picture is
   * decoded once, turned upright and brought to the largest size's pixels, and each size encoded from them.
   */
  private async sized3(original: Buffer): Promise<Record<ImageSize, Buffer>> {
    const timeout = { seconds: this.limits.timeoutSeconds };
    const input = { limitInputPixels: this.limits.maxPixels };
    // libjpeg-turbo's baseline encoder: mozjpeg's made files about a tenth smaller but took three
    // quarters of a feed import's CPU (three encodes a picture, 140 ms against 40 ms for a 1024x768 photo)
    const jpeg = { quality: 80, mozjpeg: false, progressive: false };
    const kept = keptAsSent(original, IMAGE_SIZES.largeSize, this.limits.maxPixels);
    // the orientation is in the EXIF that is taken out: a picture to be turned is decoded instead
    const upright = kept !== null && ((await sharp(original, input).metadata()).orientation ?? 1) === 1;
    // the decoded pixels: the medium size's when the largest is kept as sent (the bytes kept are those
    // decoded, so a picture that does not decode is refused as any other), else the largest size's
    const { data, info } = await sharp(upright ? kept.bytes : original, input)
      .rotate()
      .resize({ width: upright ? IMAGE_SIZES.mediumSize : IMAGE_SIZES.largeSize, withoutEnlargement: true })
      .raw()
      .timeout(timeout)
      .toBuffer({ resolveWithObject: true });
    const raw = { raw: { width: info.width, height: info.height, channels: info.channels } };
    const sized = (width: number) => sharp(data, raw).resize({ width, withoutEnlargement: true }).jpeg(jpeg).timeout(timeout).toBuffer();
    const [largeSize, mediumSize, thumbnail] = await Promise.all([upright ? kept.bytes : sized(IMAGE_SIZES.largeSize), sized(IMAGE_SIZES.mediumSize), sized(IMAGE_SIZES.thumbnail)]);
    return { thumbnail, mediumSize, largeSize };
  }

  urls(digest: string, base = this.baseUrl): { largeSize: string; mediumSize: string; thumbnail: string } {
    const url = (size: ImageSize) => `${base.replace(/\/$/, '')}/${sizedKey(digest, size)}`;
    return { largeSize: url('largeSize'), mediumSize: url('mediumSize'), thumbnail: url('thumbnail') };
  }

  /** A sized picture by digest and size, for GET /media/feeds/{digest}/{size}.jpg; null when unknown. */
  async sized(digest: string, size: string): Promise<Readable | null> {
    if (!/^[0-9a-f]{64}$/.test(digest) || !(size in IMAGE_SIZES)) return null;
    return this.store.get(sizedKey(digest, size as ImageSize));
  }
}
