// JSON text spliced into a response without parsing it back: a large array whose members were
// serialised and encoded before (map listings, kept as UTF-8 JSON by digest) is copied into the body.
const COMMA = Buffer.from(',');
const OPEN = Buffer.from('[');
const CLOSE = Buffer.from(']');

export class RawJsonArray {
  /** each member one JSON value, UTF-8 encoded */
  constructor(readonly members: Buffer[]) {}

  /** any other serialiser gets the same JSON, at the cost of parsing the members */
  toJSON(): unknown[] {
    return this.members.map((m) => JSON.parse(m.toString('utf8')) as unknown);
  }
}

/**
 * The UTF-8 JSON of an object whose top-level values may be RawJsonArrays: what JSON.stringify would
 * give, with the arrays' members copied as they are.
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
    parts.push(Buffer.from(text), OPEN);
    value.members.forEach((m, i) => (i ? parts.push(COMMA, m) : parts.push(m)));
    parts.push(CLOSE);
    text = '';
  }
  parts.push(Buffer.from(`${text}}`));
  return Buffer.concat(parts);
}
