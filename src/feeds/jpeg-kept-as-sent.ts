// A feed photo that already is what the largest size would be (a baseline JPEG at most that wide) is
// kept as sent instead of decoded and encoded again, with its metadata taken out by walking its
// segments: no pixel is touched, the walk is linear in the header, then one scan of the coded data
// for its end. What is kept is only what a decoder needs to show the picture as it was: the JFIF
// header, the ICC colour profile, Adobe's colour transform flag, the quantisation and Huffman tables,
// the frame, the restart interval and the one scan. EXIF and XMP (APP1: GPS position, camera serial,
// a thumbnail), IPTC (APP13), comments and every other application segment go, and so does anything
// after the end of the image (a second picture, an archive appended to it).

/** The markers kept from the header (the second byte of FF xx). */
const SOI = 0xd8;
const EOI = 0xd9;
const SOF0 = 0xc0;
const SOS = 0xda;
const APP0 = 0xe0;
const APP2 = 0xe2;
const APP14 = 0xee;
const DQT = 0xdb;
const DHT = 0xc4;
const DRI = 0xdd;
const ICC = Buffer.from('ICC_PROFILE\0', 'latin1');

/**
 * A larger file is decoded instead (off the event loop): the walk runs on it, at most about 6 ms a MB
 * (a scan of nothing but FF 00 pairs), and a baseline JPEG of at most 1,600 px across is seldom over 1 MB.
 */
export const MAX_KEPT_BYTES = 4 * 1024 * 1024;

export interface KeptJpeg {
  bytes: Buffer;
  width: number;
  height: number;
  /** whether it held an EXIF segment (the only place its orientation can be given: without one it is upright) */
  exif: boolean;
}

const EXIF = Buffer.from('Exif\0\0', 'latin1');

/**
 * The picture's bytes without metadata, when it is a baseline (SOF0), 8-bit, grey or three-component
 * JPEG of at most `maxWidth` by any height within `maxPixels`, in one scan ending with its end marker;
 * otherwise null (the caller decodes and encodes it). Whether it shows upright (EXIF orientation) is the
 * caller's to check before when `exif` says it held EXIF: the orientation goes with it.
 */
export function keptAsSent(jpeg: Buffer, maxWidth: number, maxPixels: number): KeptJpeg | null {
  if (jpeg.length < 4 || jpeg.length > MAX_KEPT_BYTES || jpeg[0] !== 0xff || jpeg[1] !== SOI) return null;
  const kept: Buffer[] = [jpeg.subarray(0, 2)];
  let frame: { width: number; height: number } | null = null;
  let exif = false;
  let at = 2;
  for (;;) {
    // markers may be padded with FF bytes
    while (at < jpeg.length && jpeg[at] === 0xff && jpeg[at + 1] === 0xff) at++;
    if (at + 4 > jpeg.length || jpeg[at] !== 0xff) return null;
    const marker = jpeg[at + 1]!;
    const length = jpeg.readUInt16BE(at + 2);
    const end = at + 2 + length;
    if (length < 2 || end > jpeg.length) return null;
    const segment = jpeg.subarray(at, end);
    if (marker === SOF0) {
      if (frame || length < 8) return null;
      const precision = jpeg[at + 4];
      const height = jpeg.readUInt16BE(at + 5);
      const width = jpeg.readUInt16BE(at + 7);
      const components = jpeg[at + 9];
      if (precision !== 8 || (components !== 1 && components !== 3)) return null;
      if (width === 0 || height === 0 || width > maxWidth || width * height > maxPixels) return null;
      frame = { width, height };
      kept.push(segment);
    } else if (marker === DQT || marker === DHT || marker === DRI || marker === APP0 || marker === APP14) {
      kept.push(segment);
    } else if (marker === APP2) {
      if (segment.subarray(4, 4 + ICC.length).equals(ICC)) kept.push(segment);
    } else if (marker === SOS) {
      if (!frame) return null;
      const scanEnd = endOfScan(jpeg, end);
      if (scanEnd === null) return null;
      kept.push(jpeg.subarray(at, scanEnd));
      return { bytes: Buffer.concat(kept), ...frame, exif };
    } else if ((marker >= 0xe1 && marker <= 0xef) || marker === 0xfe) {
      // another application segment or a comment: metadata, left out
      if (marker === 0xe1 && segment.subarray(4, 4 + EXIF.length).equals(EXIF)) exif = true;
    } else {
      // progressive, lossless, arithmetic-coded or 12-bit frames, and anything unknown: decoded instead
      return null;
    }
    at = end;
  }
}

/** Where the scan's coded data ends, its end-of-image marker included; null when another marker comes first. */
function endOfScan(jpeg: Buffer, from: number): number | null {
  // a plain loop: indexOf called for each FF byte cost 20 ms a MB of FF 00 pairs
  for (let at = from; at + 1 < jpeg.length; at++) {
    if (jpeg[at] !== 0xff) continue;
    const next = jpeg[at + 1]!;
    // FF 00 is a coded FF byte, FF D0-D7 a restart marker, FF FF fill: all part of the scan
    if (next === 0x00 || (next >= 0xd0 && next <= 0xd7)) at++;
    else if (next !== 0xff) return next === EOI ? at + 2 : null;
  }
  return null;
}
