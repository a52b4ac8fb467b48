// What a BLM upload holds: a .blm file, or a .zip with one .blm and its media. Told apart by their bytes
// (a zip starts with "PK"), not by a name or a content type a CRM may get wrong. A zip is read from its
// central directory first, its limits checked on what the directory declares before anything is
// inflated, and then streamed (yauzl, inflated on libuv's thread pool, never in one synchronous call):
// the .blm, then only the entries its records name, one at a time. An entry that inflates past the
// size its header declares is refused as it does.
import yauzl, { type Entry, type ZipFile } from 'yauzl';
import { BlmFormatError } from './blm-parser.ts';
import { mediaName } from '../feed-media.ts';

/** A zip beyond the expanded size an upload may have: 413, not 422. */
export class UploadTooLargeError extends BlmFormatError {}

export interface ZipLimits {
  /** files in the zip (folders aside) */
  maxEntries: number;
  /** the most the whole zip may expand to */
  maxUnzippedBytes: number;
  /** how many times its compressed size an entry of more than a megabyte may expand to */
  maxRatio: number;
}

export interface BlmUpload {
  blm: Buffer;
  /**
   * Streams the entries of these names (lower case, no folder) in turn, each whole; none for a bare
   * .blm. An entry larger than `maxBytes` is not inflated: `take` hears of it with null.
   */
  eachMedia(names: Set<string>, maxBytes: number, take: (name: string, bytes: Buffer | null) => Promise<void>): Promise<void>;
}

const MB = 1024 * 1024;
const isZip = (bytes: Buffer) => bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;
const mb = (bytes: number) => `${Math.round(bytes / MB).toLocaleString('en-GB')} MB`;

function openZip(bytes: Buffer): Promise<ZipFile> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(bytes, { lazyEntries: true, validateEntrySizes: true, strictFileNames: false }, (err, zip) => (err ? reject(err) : resolve(zip)));
  });
}

function entriesOf(zip: ZipFile): Promise<Entry[]> {
  return new Promise((resolve, reject) => {
    const entries: Entry[] = [];
    zip.on('entry', (entry: Entry) => {
      entries.push(entry);
      zip.readEntry();
    });
    zip.on('end', () => resolve(entries));
    zip.on('error', reject);
    zip.readEntry();
  });
}

/** An entry's bytes, streamed; never more than its header declares (yauzl stops a stream that goes past it). */
function inflate(zip: ZipFile, entry: Entry): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    zip.openReadStream(entry, (err, stream) => {
      if (err) return reject(err);
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('error', reject);
      stream.on('end', () => resolve(Buffer.concat(chunks)));
    });
  });
}

function checkLimits(files: Entry[], limits: ZipLimits): void {
  if (files.length > limits.maxEntries) throw new BlmFormatError(`the zip holds ${files.length.toLocaleString('en-GB')} files: at most ${limits.maxEntries.toLocaleString('en-GB')}`);
  const total = files.reduce((sum, e) => sum + e.uncompressedSize, 0);
  if (total > limits.maxUnzippedBytes) throw new UploadTooLargeError(`the zip expands to more than ${mb(limits.maxUnzippedBytes)}`);
  for (const entry of files) {
    if (entry.isEncrypted()) throw new BlmFormatError(`${entry.fileName} in the zip cannot be read: it is encrypted`);
    if (entry.compressionMethod !== 0 && entry.compressionMethod !== 8) {
      throw new BlmFormatError(`${entry.fileName} in the zip cannot be read: its compression method (${entry.compressionMethod}) is not one a zip of a feed uses`);
    }
    if (entry.uncompressedSize > MB && entry.uncompressedSize > limits.maxRatio * Math.max(1, entry.compressedSize)) {
      throw new BlmFormatError(`${entry.fileName} in the zip expands more than ${limits.maxRatio} times its compressed size: no feed file does`);
    }
  }
}

/** Reads the upload's .blm; its media are streamed later, by name. A zip beyond its limits is refused before anything is inflated. */
export async function readBlmUpload(bytes: Buffer, limits: ZipLimits): Promise<BlmUpload> {
  if (bytes.length === 0) throw new BlmFormatError('the upload is empty: send a .blm file or a .zip holding one');
  if (!isZip(bytes)) return { blm: bytes, eachMedia: async () => {} };
  let zip: ZipFile;
  let files: Entry[];
  try {
    zip = await openZip(bytes);
    if (zip.entryCount > limits.maxEntries * 2) throw new BlmFormatError(`the zip holds ${zip.entryCount.toLocaleString('en-GB')} entries: at most ${limits.maxEntries.toLocaleString('en-GB')} files`);
    files = (await entriesOf(zip)).filter((e) => !e.fileName.endsWith('/') && !mediaName(e.fileName).startsWith('.') && !e.fileName.startsWith('__MACOSX/'));
  } catch (err) {
    if (err instanceof BlmFormatError) throw err;
    throw new BlmFormatError(`the zip cannot be read: ${(err as Error).message}`);
  }
  checkLimits(files, limits);
  const blms = files.filter((e) => /\.blm$/i.test(e.fileName));
  if (blms.length === 0) throw new BlmFormatError('the zip holds no .blm file');
  if (blms.length > 1) throw new BlmFormatError(`the zip holds ${blms.length} .blm files: send one a time`);
  const read = async (entry: Entry) => {
    try {
      return await inflate(zip, entry);
    } catch (err) {
      throw new BlmFormatError(`${entry.fileName} in the zip cannot be read: ${(err as Error).message}`);
    }
  };
  const blm = await read(blms[0]!);
  return {
    blm,
    async eachMedia(names, maxBytes, take) {
      const taken = new Set<string>();
      for (const entry of files) {
        const name = mediaName(entry.fileName);
        if (entry === blms[0] || !names.has(name) || taken.has(name)) continue;
        taken.add(name);
        await take(name, entry.uncompressedSize > maxBytes ? null : await read(entry));
      }
    },
  };
}
