import { expect } from 'chai';
import { crc32, gunzipSync } from 'node:zlib';
import { checkedOf, crc32Combine, deflatedPart, GZIP_HEADER, gzipTrailer, joined } from '../../src/listing-search/gzip-member.ts';
import { Rng } from '../../src/demo/random.ts';

describe('gzip members from parts', () => {
  const rng = new Rng(7);
  const bytes = (n: number) => Buffer.from(Array.from({ length: n }, () => rng.int(0, 255)));

  it('combines CRCs as if the parts had been read one after the other', () => {
    for (const [a, b] of [[0, 0], [0, 5], [5, 0], [1, 1], [3, 4096], [70_000, 131_073], [12, 1]]) {
      const first = bytes(a!);
      const second = bytes(b!);
      expect(crc32Combine(crc32(first), crc32(second), second.length)).to.equal(crc32(Buffer.concat([first, second])) >>> 0);
    }
    const parts = [bytes(10), bytes(0), bytes(300), bytes(1)];
    expect(joined(parts.map((p) => checkedOf(p)))).to.deep.equal({ crc: crc32(Buffer.concat(parts)) >>> 0, length: 311 });
  });

  it('joins parts deflated apart into one member that gunzips to their text', () => {
    const parts = ['{"data":[', '{"a":"Ünïcode"}', '],"n":null}'].map((t) => Buffer.from(t.repeat(50)));
    const member = Buffer.concat([GZIP_HEADER, ...parts.map((p, i) => deflatedPart(p, i === parts.length - 1)), gzipTrailer(joined(parts.map((p) => checkedOf(p))))]);
    expect(gunzipSync(member).equals(Buffer.concat(parts))).to.equal(true);
  });
});
