// A picture for the decode-failure paths of feed pictures.
import sharp from 'sharp';

/**
 * A baseline JPEG whose header is sound (it passes the import's header check) and whose coded data does
 * not decode ("bad Huffman code"): always the same picture, so that it fails the same way every run.
 */
export async function corruptScanJpeg(): Promise<Buffer> {
  const good = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#1c3' } }).jpeg({ mozjpeg: false, progressive: false }).toBuffer();
  let scan = 2;
  while (good[scan + 1] !== 0xda) scan += 2 + good.readUInt16BE(scan + 2);
  scan += 2 + good.readUInt16BE(scan + 2);
  const bad = Buffer.from(good);
  // bytes below 0x80 hold no marker (no FF): the scan still ends at its end-of-image marker
  for (let i = scan; i < bad.length - 2; i++) bad[i] = (i * 37) & 0x7f;
  return bad;
}
