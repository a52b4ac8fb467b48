// What a BLM upload holds: a .blm file, or a .zip with one .blm and its media. Told apart by their bytes
// (a zip starts with "PK"), not by a name or a content type a CRM may get wrong.
import { inflateRawSync } from 'node:zlib';
import AdmZip from 'adm-zip';
import { BlmFormatError } from './blm-parser.ts';
import { mediaName } from '../feed-media.ts';

export interface BlmUpload {
  blm: Buffer;
  /** the zip's other files by their name (lower case, no folder) */
  media: Map<string, Buffer>;
}

const isZip = (bytes: Buffer) => bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;

/** `maxUnzippedBytes`: the most the zip may expand to (a zip bomb is refused before it is inflated). */
export function readBlmUpload(bytes: Buffer, maxUnzippedBytes: number): BlmUpload {
  if (bytes.length === 0) throw new BlmFormatError('the upload is empty: send a .blm file or a .zip holding one');
  if (!isZip(bytes)) return { blm: bytes, media: new Map() };
  let zip: AdmZip;
  try {
    zip = new AdmZip(bytes);
  } catch (err) {
    throw new BlmFormatError(`the zip cannot be read: ${(err as Error).message}`);
  }
  const entries = zip.getEntries().filter((e) => !e.isDirectory && !mediaName(e.entryName).startsWith('.') && !e.entryName.startsWith('__MACOSX/'));
  const total = entries.reduce((sum, e) => sum + e.header.size, 0);
  if (total > maxUnzippedBytes) throw new BlmFormatError(`the zip expands to more than ${Math.round(maxUnzippedBytes / 1024 / 1024)} MB`);
  const blms = entries.filter((e) => /\.blm$/i.test(e.entryName));
  if (blms.length === 0) throw new BlmFormatError('the zip holds no .blm file');
  if (blms.length > 1) throw new BlmFormatError(`the zip holds ${blms.length} .blm files: send one a time`);
  // inflated here, never past the size its header declares (which the total above bounds): a header that
  // lies about its size is refused, not inflated without limit
  const read = (entry: AdmZip.IZipEntry): Buffer => {
    try {
      const { method, size, flags } = entry.header;
      if (flags & 1) throw new Error('it is encrypted');
      const raw = entry.getCompressedData();
      const data = method === 0 ? raw : method === 8 ? inflateRawSync(raw, { maxOutputLength: Math.max(1, size) }) : null;
      if (data === null) throw new Error(`its compression method (${method}) is not one a zip of a feed uses`);
      if (data.length !== size) throw new Error('its size does not match its header');
      return data;
    } catch (err) {
      throw new BlmFormatError(`${entry.entryName} in the zip cannot be read: ${(err as Error).message}`);
    }
  };
  const media = new Map<string, Buffer>();
  for (const entry of entries) if (entry !== blms[0]) media.set(mediaName(entry.entryName), read(entry));
  return { blm: read(blms[0]!), media };
}
