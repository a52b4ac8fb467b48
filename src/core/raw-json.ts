// JSON text spliced into a response without parsing it back: a large array whose members were
// serialised and encoded before (map listings, kept as UTF-8 JSON) is copied into the body as it is,
// and so is its compressed copy when the body goes gzipped.
import { constants, crc32, deflateRawSync } from 'node:zlib';

const COMMA = Buffer.from(',');
const OPEN = Buffer.from('[');
const CLOSE = Buffer.from(']');
/** gzip's member header: deflate, no flags, no time, no extra flags, OS unknown (RFC 1952) */
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);

/**
 * Raw deflate blocks of `bytes` at zlib's fastest level. Flushed in full, a part starts no reference
 * into the parts before it and ends on a byte boundary, so parts compressed apart can be joined into
 * one deflate stream; only the last part is final.
 */
function deflatedPart(bytes: Buffer, last: boolean): Buffer {
  return deflateRawSync(bytes, { level: constants.Z_BEST_SPEED, finishFlush: last ? constants.Z_FINISH : constants.Z_FULL_FLUSH });
}

export class RawJsonArray {
  private deflatedCopy: Buffer | null = null;

  /** the whole array, UTF-8 encoded */
  private constructor(readonly json: Buffer) {}

  /** the array of these members, each one JSON value, UTF-8 encoded */
  static of(members: Buffer[]): RawJsonArray {
    const parts: Buffer[] = [OPEN];
    members.forEach((m, i) => (i ? parts.push(COMMA, m) : parts.push(m)));
    parts.push(CLOSE);
    return new RawJsonArray(Buffer.concat(parts));
  }

  /** the array as a deflate part that is not the last (compressed on first use, then kept with the array) */
  deflated(): Buffer {
    return (this.deflatedCopy ??= deflatedPart(this.json, false));
  }

  /** any other serialiser gets the same JSON, at the cost of parsing it */
  toJSON(): unknown[] {
    return JSON.parse(this.json.toString('utf8')) as unknown[];
  }
}

/** A serialised body: its JSON text in parts, raw arrays among them. */
export class SerialisedBody {
  constructor(private readonly parts: (Buffer | RawJsonArray)[]) {}

  /** the UTF-8 JSON */
  json(): Buffer {
    return Buffer.concat(this.parts.map((p) => (p instanceof RawJsonArray ? p.json : p)));
  }

  /**
   * The same gzipped, with each raw array's compressed copy spliced in rather than compressed again
   * (the JSON around them is compressed here); null when the body holds no raw array, as there is
   * nothing to save then.
   */
  gzipped(): Buffer | null {
    if (!this.parts.some((p) => p instanceof RawJsonArray)) return null;
    const out: Buffer[] = [GZIP_HEADER];
    let crc = 0;
    let size = 0;
    this.parts.forEach((p, i) => {
      const bytes = p instanceof RawJsonArray ? p.json : p;
      out.push(p instanceof RawJsonArray ? p.deflated() : deflatedPart(p, i === this.parts.length - 1));
      crc = crc32(bytes, crc);
      size += bytes.length;
    });
    const trailer = Buffer.alloc(8);
    trailer.writeUInt32LE(crc >>> 0, 0);
    trailer.writeUInt32LE(size % 2 ** 32, 4);
    out.push(trailer);
    return Buffer.concat(out);
  }
}

/**
 * The JSON of an object whose top-level values may be RawJsonArrays: what JSON.stringify would give,
 * with the arrays copied as they are. The last part is always text (the closing brace).
 */
export function serialiseBody(body: Record<string, unknown>): SerialisedBody {
  const parts: (Buffer | RawJsonArray)[] = [];
  let text = '{';
  for (const [key, value] of Object.entries(body)) {
    if (value === undefined) continue;
    text += `${text.length > 1 || parts.length ? ',' : ''}${JSON.stringify(key)}:`;
    if (!(value instanceof RawJsonArray)) {
      text += JSON.stringify(value);
      continue;
    }
    parts.push(Buffer.from(text), value);
    text = '';
  }
  parts.push(Buffer.from(`${text}}`));
  return new SerialisedBody(parts);
}
