import { expect } from 'chai';
import AdmZip from 'adm-zip';
import { readBlmUpload, UploadTooLargeError, type ZipLimits } from '../../src/feeds/blm/blm-upload.ts';
import { BlmFormatError } from '../../src/feeds/blm/blm-parser.ts';

const BLM = Buffer.from('#HEADER#\nVersion : 3\nEOF : \'^\'\nEOR : \'~\'\n#DEFINITION#\nAGENT_REF^~\n#DATA#\n#END#\n');

/** A zip of one .blm and a picture of `pictureBytes` zero bytes, its sizes as written. */
function zipWith(pictureBytes: number): Buffer {
  const zip = new AdmZip();
  zip.addFile('branch.blm', BLM);
  zip.addFile('home_IMG_00.jpg', Buffer.alloc(pictureBytes));
  return zip.toBuffer();
}

/** The same zip with the picture's declared size (local header and central directory) set to `declared`. */
function lyingAbout(bytes: Buffer, declared: number): Buffer {
  const out = Buffer.from(bytes);
  for (let i = 0; i + 4 <= out.length; i++) {
    const sig = out.readUInt32LE(i);
    const nameAt = sig === 0x04034b50 ? i + 30 : sig === 0x02014b50 ? i + 46 : -1;
    if (nameAt < 0) continue;
    const nameLength = out.readUInt16LE(sig === 0x04034b50 ? i + 26 : i + 28);
    if (!out.toString('latin1', nameAt, nameAt + nameLength).endsWith('.jpg')) continue;
    out.writeUInt32LE(declared, sig === 0x04034b50 ? i + 22 : i + 24);
  }
  return out;
}

const LIMITS: ZipLimits = { maxEntries: 100, maxUnzippedBytes: 1024 * 1024, maxRatio: 100 };

async function refusal(bytes: Buffer, limits: ZipLimits = LIMITS): Promise<Error> {
  try {
    await readBlmUpload(bytes, limits);
  } catch (err) {
    return err as Error;
  }
  throw new Error('the upload was taken');
}

describe('BLM uploads: what a zip may expand to', () => {
  it('reads a zip of a .blm and, by name, the pictures its records name', async () => {
    const upload = await readBlmUpload(zipWith(50_000), LIMITS);
    expect(upload.blm.equals(BLM)).to.equal(true);
    const seen: Record<string, number> = {};
    await upload.eachMedia(new Set(['home_img_00.jpg', 'other.jpg']), 1024 * 1024, async (name, bytes) => void (seen[name] = bytes?.length ?? -1));
    expect(seen).to.deep.equal({ 'home_img_00.jpg': 50_000 });
  });

  it('does not inflate a named entry larger than the most a picture may be', async () => {
    const upload = await readBlmUpload(zipWith(50_000), LIMITS);
    const seen: Record<string, Buffer | null> = {};
    await upload.eachMedia(new Set(['home_img_00.jpg']), 49_999, async (name, bytes) => void (seen[name] = bytes));
    expect(seen).to.deep.equal({ 'home_img_00.jpg': null });
  });

  it('streams no entry the records do not name', async () => {
    const upload = await readBlmUpload(zipWith(50_000), LIMITS);
    let taken = 0;
    await upload.eachMedia(new Set(), 1024 * 1024, async () => void taken++);
    expect(taken).to.equal(0);
  });

  it('refuses a zip whose headers add up to more than the limit, before inflating it (413)', async () => {
    const err = await refusal(zipWith(2 * 1024 * 1024), { ...LIMITS, maxRatio: 1_000_000 });
    expect(err).to.be.instanceOf(UploadTooLargeError);
    expect(err.message).to.match(/expands to more than 1 MB/);
  });

  it('refuses an entry of more than 1 MB that expands more than 100 times its compressed size (a 1,000:1 zip)', async () => {
    const err = await refusal(zipWith(1024 * 1024 + 1), { ...LIMITS, maxUnzippedBytes: 1024 ** 3 });
    expect(err).to.be.instanceOf(BlmFormatError).and.not.instanceOf(UploadTooLargeError);
    expect(err.message).to.match(/home_IMG_00\.jpg in the zip expands more than 100 times its compressed size/);
  });

  it('refuses a zip of more files than the limit', async () => {
    const zip = new AdmZip();
    zip.addFile('branch.blm', BLM);
    for (let i = 0; i < 101; i++) zip.addFile(`p${i}.jpg`, Buffer.from([i]));
    expect((await refusal(zip.toBuffer())).message).to.match(/holds 102 files: at most 100/);
  });

  it('refuses an entry that inflates past the size its header declares', async () => {
    const bomb = lyingAbout(zipWith(5 * 1024 * 1024), 1000);
    const upload = await readBlmUpload(bomb, { ...LIMITS, maxUnzippedBytes: 1024 ** 3 });
    let err: Error | null = null;
    await upload.eachMedia(new Set(['home_img_00.jpg']), 1024 ** 3, async () => {}).catch((e: Error) => (err = e));
    expect(err).to.be.instanceOf(BlmFormatError);
    expect(String(err)).to.match(/home_IMG_00\.jpg in the zip cannot be read/);
  });
});
