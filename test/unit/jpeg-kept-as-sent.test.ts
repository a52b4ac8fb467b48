// A baseline JPEG within the largest size is kept as sent, its metadata taken out without decoding:
// EXIF (a GPS position), comments and bytes after the end of the image must not survive; the pixels must.
import { expect } from 'chai';
import sharp, { type JpegOptions } from 'sharp';
import { keptAsSent, MAX_KEPT_BYTES } from '../../src/feeds/jpeg-kept-as-sent.ts';

const SECRET = 'GPS 51.50072N 0.12462W';
const photo = (width: number, height: number, options: JpegOptions = {}) =>
  sharp({ create: { width: 48, height: 36, channels: 3, background: '#000', noise: { type: 'gaussian', mean: 128, sigma: 60 } } })
    .png()
    .toBuffer()
    .then((small) => sharp(small).resize(width, height).jpeg({ quality: 85, ...options }).withExif({ IFD0: { Copyright: SECRET, ImageDescription: SECRET } }).toBuffer());

/** A comment segment (FF FE) put just after the start of the image. */
const withComment = (jpeg: Buffer, text: string) => {
  const body = Buffer.from(text, 'latin1');
  const head = Buffer.from([0xff, 0xfe, (body.length + 2) >> 8, (body.length + 2) & 0xff]);
  return Buffer.concat([jpeg.subarray(0, 2), head, body, jpeg.subarray(2)]);
};

describe('feeds: a JPEG kept as sent', () => {
  it('takes out EXIF, comments and whatever follows the end of the image, and keeps the pixels', async () => {
    const original = await photo(1024, 768);
    expect(original.includes(SECRET)).to.equal(true);
    const sent = Buffer.concat([withComment(original, `comment ${SECRET}`), Buffer.from(`PK\x03\x04 appended ${SECRET}`)]);
    const kept = keptAsSent(sent, 1600, 50_000_000);
    expect(kept).to.not.equal(null);
    expect({ width: kept!.width, height: kept!.height, exif: kept!.exif }).to.deep.equal({ width: 1024, height: 768, exif: true });
    // a JPEG without EXIF is told so: nothing can turn it
    expect(keptAsSent(await sharp(original).jpeg().toBuffer(), 1600, 50_000_000)?.exif).to.equal(false);
    expect(kept!.bytes.includes(SECRET)).to.equal(false);
    expect(kept!.bytes.subarray(-2)).to.deep.equal(Buffer.from([0xff, 0xd9]));
    const meta = await sharp(kept!.bytes).metadata();
    expect({ exif: meta.exif, progressive: meta.isProgressive, width: meta.width }).to.deep.equal({ exif: undefined, progressive: false, width: 1024 });
    const [before, after] = await Promise.all([sharp(original).raw().toBuffer(), sharp(kept!.bytes).raw().toBuffer()]);
    expect(after.equals(before)).to.equal(true);
  });

  it('leaves to the decoder a picture wider than the largest size, past the pixel limit, progressive, cut short, too large to walk or not a JPEG', async () => {
    const wide = await photo(1700, 100);
    expect(keptAsSent(wide, 1600, 50_000_000)).to.equal(null);
    const tall = await photo(1000, 3000);
    expect(keptAsSent(tall, 1600, 2_000_000)).to.equal(null);
    expect(keptAsSent(tall, 1600, 3_000_000)).to.not.equal(null);
    const progressive = await photo(800, 600, { progressive: true });
    expect(keptAsSent(progressive, 1600, 50_000_000)).to.equal(null);
    const whole = await photo(800, 600);
    expect(keptAsSent(whole.subarray(0, whole.length - 200), 1600, 50_000_000)).to.equal(null);
    // a file too large to walk on the event loop within its budget
    expect(keptAsSent(whole, 1600, 50_000_000)).to.not.equal(null);
    expect(keptAsSent(Buffer.concat([whole, Buffer.alloc(MAX_KEPT_BYTES)]), 1600, 50_000_000)).to.equal(null);
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#123' } }).png().toBuffer();
    expect(keptAsSent(png, 1600, 50_000_000)).to.equal(null);
  });
});
