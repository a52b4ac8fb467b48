// JSON text spliced into a response without parsing it back: a large array whose members were
// serialised and encoded before (map listings, kept as UTF-8 JSON) is copied into the body as it is.
const COMMA = Buffer.from(',');
const OPEN = Buffer.from('[');
const CLOSE = Buffer.from(']');

export class RawJsonArray {
  /** the whole array, UTF-8 encoded */
  private constructor(readonly json: Buffer) {}

  /** the array of these members, each one JSON value, UTF-8 encoded */
  static of(members: Buffer[]): RawJsonArray {
    const parts: Buffer[] = [OPEN];
    members.forEach((m, i) => (i ? parts.push(COMMA, m) : parts.push(m)));
    parts.push(CLOSE);
    return new RawJsonArray(Buffer.concat(parts));
  }

  /** any other serialiser gets the same JSON, at the cost of parsing it */
  toJSON(): unknown[] {
    return JSON.parse(this.json.toString('utf8')) as unknown[];
  }
}

/**
 * The UTF-8 JSON of an object whose top-level values may be RawJsonArrays: what JSON.stringify would
 * give, with the arrays copied as they are.
 */
export function serialiseBody(body: Record<string, unknown>): Buffer {
  const parts: Buffer[] = [];
  let text = '{';
  for (const [key, value] of Object.entries(body)) {
    if (value === undefined) continue;
    text += `${text.length > 1 || parts.length ? ',' : ''}${JSON.stringify(key)}:`;
    if (!(value instanceof RawJsonArray)) {
      text += JSON.stringify(value);
      continue;
    }
    parts.push(Buffer.from(text), value.json);
    text = '';
  }
  parts.push(Buffer.from(`${text}}`));
  return Buffer.concat(parts);
}
