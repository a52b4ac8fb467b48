// A gzip member (RFC 1952) assembled from raw deflate parts compressed apart: a part kept compressed is
// spliced into a later body without being compressed again. The CRC of the whole is worked out from
// the parts' own CRCs and lengths (crc32Combine), so that no part need be read again to send it.
import { constants, crc32, deflateRawSync } from 'node:zlib';

/** gzip's member header: deflate, no flags, no time, no extra flags, OS unknown */
export const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);

/**
 * Raw deflate blocks of `bytes` at zlib's fastest level. Flushed in full, a part starts no reference
 * into the parts before it and ends on a byte boundary, so parts compressed apart can be joined into
 * one deflate stream; only the last part is final.
 */
export function deflatedPart(bytes: Buffer, last: boolean): Buffer {
  return deflateRawSync(bytes, { level: constants.Z_BEST_SPEED, finishFlush: last ? constants.Z_FINISH : constants.Z_FULL_FLUSH });
}

/** Uncompressed bytes with their CRC-32 and length, the two a gzip trailer holds. */
export interface Checked {
  crc: number;
  length: number;
}

export const checkedOf = (bytes: Buffer, crc = 0): Checked => ({ crc: crc32(bytes, crc) >>> 0, length: bytes.length });

// CRC-32 combination as zlib's crc32_combine does it: the first CRC is multiplied by x^(8·len2)
// modulo the CRC polynomial (reflected), then the second is added.
const POLY = 0xedb88320;

function multModP(a: number, b: number): number {
  let m = 0x80000000;
  let p = 0;
  for (;;) {
    if (a & m) {
      p ^= b;
      if ((a & (m - 1)) === 0) break;
    }
    m >>>= 1;
    b = b & 1 ? (b >>> 1) ^ POLY : b >>> 1;
  }
  return p >>> 0;
}

/** X2N[k] = x^(2^k) modulo the polynomial */
const X2N = (() => {
  const table = new Array<number>(32);
  let p = 0x40000000; // x^1
  table[0] = p;
  for (let k = 1; k < 32; k++) table[k] = p = multModP(p, p);
  return table;
})();

function x2nModP(n: number, k: number): number {
  let p = 0x80000000; // x^0
  while (n) {
    if (n & 1) p = multModP(X2N[k & 31]!, p);
    n = Math.floor(n / 2);
    k++;
  }
  return p;
}

/** The CRC-32 of A followed by B, from the CRC of each and the length of B. */
export function crc32Combine(crcA: number, crcB: number, lengthB: number): number {
  return (multModP(x2nModP(lengthB, 3), crcA) ^ crcB) >>> 0;
}

/** The CRC and length of parts one after the other. */
export function joined(parts: readonly Checked[]): Checked {
  let crc = 0;
  let length = 0;
  for (const part of parts) {
    crc = crc32Combine(crc, part.crc, part.length);
    length += part.length;
  }
  return { crc, length };
}

/** The member's trailer: the CRC-32 and the length (modulo 2^32) of what it holds. */
export function gzipTrailer({ crc, length }: Checked): Buffer {
  const trailer = Buffer.allocUnsafe(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(length % 2 ** 32, 4);
  return trailer;
}

/** A whole gzip member of raw deflate parts (the last one final) holding bytes of this CRC and length. */
export function gzipMember(parts: readonly Buffer[], checked: Checked): Buffer {
  return Buffer.concat([GZIP_HEADER, ...parts, gzipTrailer(checked)]);
}
