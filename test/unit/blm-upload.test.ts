import { expect } from 'chai';
import AdmZip from 'adm-zip';
import { readBlmUpload } from '../../src/feeds/blm/blm-upload.ts';
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

describe('BLM uploads: what a zip may expand to', () => {
  it('reads a zip of a .blm and its pictures, each as large as its header says', () => {
    const upload = readBlmUpload(zipWith(50_000), 1024 * 1024);
    expect(upload.blm.equals(BLM)).to.equal(true);
    expect(upload.media.get('home_img_00.jpg')?.length).to.equal(50_000);
  });

  it('refuses a zip whose headers add up to more than the limit, before inflating it', () => {
    expect(() => readBlmUpload(zipWith(2 * 1024 * 1024), 1024 * 1024)).to.throw(BlmFormatError, /expands to more than 1 MB/);
  });

  it('refuses an entry that inflates past the size its header declares, without inflating the rest', () => {
    const bomb = lyingAbout(zipWith(5 * 1024 * 1024), 1000);
    expect(() => readBlmUpload(bomb, 1024 * 1024)).to.throw(BlmFormatError, /home_IMG_00\.jpg in the zip cannot be read/);
  });
});
