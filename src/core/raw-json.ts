// JSON text spliced into a response without parsing it back: a large array whose members were
// serialised before (map listings, kept as JSON by digest) joins the response as text.
export class RawJsonArray {
  constructor(readonly members: string[]) {}

  /** any other serialiser gets the same JSON, at the cost of parsing the members */
  toJSON(): unknown[] {
    return this.members.map((m) => JSON.parse(m) as unknown);
  }
}

/** JSON.stringify of an object whose top-level values may be RawJsonArrays, written without parsing. */
export function serialiseBody(body: Record<string, unknown>): string {
  const fields: string[] = [];
  for (const [key, value] of Object.entries(body)) {
    if (value === undefined) continue;
    fields.push(`${JSON.stringify(key)}:${value instanceof RawJsonArray ? `[${value.members.join(',')}]` : JSON.stringify(value)}`);
  }
  return `{${fields.join(',')}}`;
}
