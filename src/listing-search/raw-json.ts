// JSON text spliced into a response without parsing it back: a large array whose members were
// serialised and encoded before (map listings) is kept compressed, and its compressed copy is spliced
// into the gzipped body as it is (the JSON around it is compressed apart).
import { constants, inflateRawSync } from 'node:zlib';
import { checkedOf, deflatedPart, gzipMember, joined, type Checked } from './gzip-member.ts';

export class RawJsonArray {
  /**
   * the array as a deflate part that is not the last, with the CRC-32 and length of its JSON: all that
   * is kept of it (the JSON itself is about seven times larger, and wanted only by the rare client that
   * takes no gzip)
   */
  private constructor(
    private readonly deflatedCopy: Buffer,
    private readonly checkedCopy: Checked,
  ) {}

  /** the array of these members, each one JSON value */
  static of(members: readonly string[]): RawJsonArray {
    const json = Buffer.from(`[${members.join(',')}]`);
    return new RawJsonArray(ownMemory(deflatedPart(json, false)), checkedOf(json));
  }

  /** the whole array, UTF-8 encoded (inflated on each call) */
  get json(): Buffer {
    return inflateRawSync(this.deflatedCopy, { finishFlush: constants.Z_SYNC_FLUSH });
  }

  /** the array as a deflate part that is not the last */
  deflated(): Buffer {
    return this.deflatedCopy;
  }

  /** the CRC-32 and length of the JSON */
  checked(): Checked {
    return this.checkedCopy;
  }

  /** bytes held */
  get size(): number {
    return this.deflatedCopy.length;
  }

  /** any other serialiser gets the same JSON, at the cost of parsing it */
  toJSON(): unknown[] {
    return JSON.parse(this.json.toString('utf8')) as unknown[];
  }
}

/** the bytes in memory of their own: a small buffer may be a slice of a shared slab that it would keep alive */
export function ownMemory(bytes: Buffer): Buffer {
  if (bytes.byteOffset === 0 && bytes.buffer.byteLength === bytes.length) return bytes;
  const copy = Buffer.allocUnsafeSlow(bytes.length);
  bytes.copy(copy);
  return copy;
}

/** A serialised body: its JSON text in parts, raw arrays among them. */
export class SerialisedBody {
  constructor(private readonly parts: (Buffer | RawJsonArray)[]) {}

  /** the UTF-8 JSON */
  json(): Buffer {
    return Buffer.concat(this.parts.map((p) => (p instanceof RawJsonArray ? p.json : p)));
  }

  /**
   * The JSON as raw deflate parts, each raw array's compressed copy spliced in rather than compressed
   * again (the JSON around them is compressed here); the last part is final.
   */
  deflated(): { bytes: Buffer; checked: Checked } {
    const last = this.parts.length - 1;
    const bytes = this.parts.map((p, i) => (p instanceof RawJsonArray ? p.deflated() : deflatedPart(p, i === last)));
    const checked = joined(this.parts.map((p) => (p instanceof RawJsonArray ? p.checked() : checkedOf(p))));
    return { bytes: Buffer.concat(bytes), checked };
  }

  /** the same gzipped (see deflated) */
  gzipped(): Buffer {
    const { bytes, checked } = this.deflated();
    return gzipMember([bytes], checked);
  }
}

/**
 * The JSON of an object whose top-level values may be RawJsonArrays: what JSON.stringify would give,
 * with the arrays copied as they are. The last part is always text (the closing brace). With
 * `continues`, the members continue an object already opened (the text starts with a comma, or is the
 * closing brace alone).
 */
export function serialiseBody(body: Record<string, unknown>, options: { continues?: boolean } = {}): SerialisedBody {
  const parts: (Buffer | RawJsonArray)[] = [];
  let text = options.continues ? '' : '{';
  let members = 0;
  for (const [key, value] of Object.entries(body)) {
    if (value === undefined) continue;
    text += `${members++ > 0 || options.continues ? ',' : ''}${JSON.stringify(key)}:`;
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
