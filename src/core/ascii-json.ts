// JSON text in ASCII, every other character as a \u escape (JSON.parse reads them back). V8 keeps a
// string with one non-ASCII character anywhere (an en dash in a name, a pound sign) in two bytes a
// character: an engine answer holding one is slower to decode and parse, and a string kept in memory
// takes twice the room.
const NON_ASCII = /[\u0080-\uffff]/g;
const escaped = (c: string) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;

export function asciiJson(json: string): string {
  return json.replace(NON_ASCII, escaped);
}
