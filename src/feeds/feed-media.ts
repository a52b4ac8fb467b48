// Photos and floor plans that come inside a feed's zip: kept by the service, content-addressed (the same
// picture sent again is the same file and the same URL, so an unchanged home stays unchanged), and
// served in the three sizes listing items name. The store is a directory by default (FEED_MEDIA_DIR);
// anything with put/get (an object store, docs/operations.md) can stand in for it.
import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';

export interface MediaStore {
  put(key: string, bytes: Buffer): Promise<void>;
  /** null when the key holds nothing */
  get(key: string): Promise<Buffer | null>;
  has(key: string): Promise<boolean>;
}

const KEY = /^[A-Za-z0-9/_.-]+$/;

export class DirectoryMediaStore implements MediaStore {
  constructor(private readonly root: string) {}

  private file(key: string): string {
    if (!KEY.test(key) || key.includes('..')) throw new Error(`not a media key: ${key}`);
    return path.join(this.root, key);
  }

  async put(key: string, bytes: Buffer): Promise<void> {
    const file = this.file(key);
    await mkdir(path.dirname(file), { recursive: true });
    // written beside and renamed, so that a reader never sees half a file
    const partial = `${file}.${process.pid}.${Date.now()}.part`;
    await writeFile(partial, bytes);
    await rename(partial, file);
  }

  async get(key: string): Promise<Buffer | null> {
    try {
      return await readFile(this.file(key));
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
  }

  async has(key: string): Promise<boolean> {
    try {
      return (await stat(this.file(key))).isFile();
    } catch {
      return false;
    }
  }
}

/** The widths of the three sizes (never enlarged beyond the original). */
export const IMAGE_SIZES = { thumbnail: 320, mediumSize: 800, largeSize: 1600 } as const;
export type ImageSize = keyof typeof IMAGE_SIZES;

export const digestOf = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
export const originalKey = (digest: string) => `feeds/originals/${digest}`;
export const sizedKey = (digest: string, size: ImageSize) => `feeds/${digest}/${size}.jpg`;

/** The file names of the zip as the BLM writes them: compared without case or folders. */
export const mediaName = (name: string) => path.posix.basename(name.replace(/\\/g, '/')).toLowerCase();

export const IMAGE_EXTENSIONS = /\.(jpe?g|png|gif|webp|tiff?|bmp|avif|heic)$/i;

export class FeedMedia {
  constructor(
    private readonly store: MediaStore,
    /** where GET /media/... is served from, e.g. https://portal.example/media */
    readonly baseUrl: string,
  ) {}

  /** Keeps an original as sent; its digest names it. */
  async keepOriginal(bytes: Buffer): Promise<string> {
    const digest = digestOf(bytes);
    if (!(await this.store.has(originalKey(digest)))) await this.store.put(originalKey(digest), bytes);
    return digest;
  }

  /** Makes the three sizes of an original (once); false when the original is no picture sharp can read. */
  async prepare(digest: string): Promise<boolean> {
    if (await this.store.has(sizedKey(digest, 'largeSize'))) return true;
    const original = await this.store.get(originalKey(digest));
    if (!original) return false;
    // the largest last: its presence says all three are there
    for (const size of ['thumbnail', 'mediumSize', 'largeSize'] as const) {
      let resized: Buffer;
      try {
        resized = await sharp(original, { limitInputPixels: 100_000_000 })
          .rotate()
          .resize({ width: IMAGE_SIZES[size], withoutEnlargement: true })
          .jpeg({ quality: 80, mozjpeg: true })
          .toBuffer();
      } catch {
        return false; // not a picture sharp can read: the row says it is left out
      }
      await this.store.put(sizedKey(digest, size), resized);
    }
    return true;
  }

  urls(digest: string, base = this.baseUrl): { largeSize: string; mediumSize: string; thumbnail: string } {
    const url = (size: ImageSize) => `${base.replace(/\/$/, '')}/${sizedKey(digest, size)}`;
    return { largeSize: url('largeSize'), mediumSize: url('mediumSize'), thumbnail: url('thumbnail') };
  }

  /** A sized picture by digest and size, for GET /media/feeds/{digest}/{size}.jpg; null when unknown. */
  async sized(digest: string, size: string): Promise<Buffer | null> {
    if (!/^[0-9a-f]{64}$/.test(digest) || !(size in IMAGE_SIZES)) return null;
    return this.store.get(sizedKey(digest, size as ImageSize));
  }
}
