// Reads a Rightmove BLM (version 3) file: its header (the EOF and EOR characters it declares, the
// property count), the #DEFINITION# column order and the #DATA# records, in UTF-8 or Windows-1252.
// Pure: a file it cannot read for sure is a BlmFormatError naming why, before anything is written.
import { decodeFeedText, withoutControls } from '../feed-text.ts';

export class BlmFormatError extends Error {}

export interface BlmFile {
  version: string;
  /** the field separator (EOF) and record terminator (EOR) the header declares */
  eof: string;
  eor: string;
  propertyCount: number | null;
  columns: string[];
  /** one object per record: column → value as written (not trimmed); a column the file does not define is absent */
  records: Record<string, string>[];
  warnings: string[];
}

// `[ \t]*`, not `\s*`: white space that may span lines makes the search quadratic in a run of line breaks
const SECTION = /^[ \t]*#(HEADER|DEFINITION|DATA|END)#[ \t]*$/gim;

function sections(text: string): Record<string, string> {
  const marks = [...text.matchAll(SECTION)].map((m) => ({ name: m[1]!.toUpperCase(), start: m.index!, end: m.index! + m[0].length }));
  const found: Record<string, string> = {};
  marks.forEach((mark, i) => {
    if (mark.name in found) throw new BlmFormatError(`the section #${mark.name}# appears twice`);
    found[mark.name] = text.slice(mark.end, marks[i + 1]?.start ?? text.length);
  });
  for (const name of ['HEADER', 'DEFINITION', 'DATA']) if (!(name in found)) throw new BlmFormatError(`the section #${name}# is missing: this is not a BLM file`);
  if (!('END' in found)) throw new BlmFormatError('the section #END# is missing: the file looks cut short');
  const order = marks.map((m) => m.name).join();
  if (order !== 'HEADER,DEFINITION,DATA,END') throw new BlmFormatError(`the sections must come in the order #HEADER#, #DEFINITION#, #DATA#, #END# (found ${order})`);
  return found;
}

function headerOf(text: string): Map<string, string> {
  const header = new Map<string, string>();
  for (const line of text.split(/\r\n|\r|\n/)) {
    const at = line.indexOf(':');
    if (at < 0) continue;
    header.set(line.slice(0, at).trim().toUpperCase().replace(/\s+/g, ' '), line.slice(at + 1).trim());
  }
  return header;
}

/** `'|'` (quoted, as the specification writes it) or a bare single character. */
function separator(header: Map<string, string>, key: 'EOF' | 'EOR'): string {
  const raw = header.get(key);
  if (raw === undefined) throw new BlmFormatError(`the header does not declare ${key} (the ${key === 'EOF' ? 'field separator' : 'record terminator'})`);
  const quoted = /^(['"])(.)\1$/su.exec(raw);
  const value = quoted ? quoted[2]! : raw;
  if ([...value].length !== 1) throw new BlmFormatError(`${key} must be one character, e.g. ${key} : '${key === 'EOF' ? '^' : '~'}' (found ${raw})`);
  if (/[\r\n]/.test(value)) throw new BlmFormatError(`${key} must not be a line break`);
  return value;
}

const isBreak = (code: number) => code === 10 || code === 13;
/** Line breaks between records are cosmetic (a loop: `/[\r\n]+$/` is quadratic in a run of breaks). */
function stripBreaks(text: string): string {
  let start = 0;
  let end = text.length;
  while (start < end && isBreak(text.charCodeAt(start))) start++;
  while (end > start && isBreak(text.charCodeAt(end - 1))) end--;
  return text.slice(start, end);
}

export function parseBlm(bytes: Uint8Array): BlmFile {
  const text = decodeFeedText(bytes);
  const parts = sections(text);
  const header = headerOf(parts.HEADER!);
  const version = header.get('VERSION');
  if (version === undefined) throw new BlmFormatError('the header does not declare its VERSION');
  if (!/^3(\b|i|\.)/i.test(version)) throw new BlmFormatError(`only BLM version 3 is read (the file says VERSION : ${version})`);
  const eof = separator(header, 'EOF');
  const eor = separator(header, 'EOR');
  if (eof === eor) throw new BlmFormatError('EOF and EOR must be different characters');
  const countText = header.get('PROPERTY COUNT');
  const propertyCount = countText === undefined || countText === '' ? null : Number(countText);
  if (propertyCount !== null && !(Number.isInteger(propertyCount) && propertyCount >= 0)) throw new BlmFormatError(`Property Count must be a whole number (found ${countText})`);

  const end = eof + eor;
  const definition = stripBreaks(parts.DEFINITION!.trim());
  if (!definition.endsWith(end)) throw new BlmFormatError(`the #DEFINITION# line must end with EOF and EOR (${end})`);
  const columns = definition.slice(0, -end.length).split(eof).map((c) => c.trim().toUpperCase());
  if (columns.some((c) => c === '')) throw new BlmFormatError('the #DEFINITION# names an empty column');
  if (columns.some((c) => withoutControls(c) !== c)) throw new BlmFormatError('the #DEFINITION# names a column with a control character');
  const warnings: string[] = [];
  const seen = new Set<string>();
  for (const c of columns) {
    if (seen.has(c)) warnings.push(`the column ${c} is defined twice: the first value given (not empty) is used`);
    seen.add(c);
  }
  for (const required of ['AGENT_REF', 'BRANCH_ID']) if (!seen.has(required)) throw new BlmFormatError(`the #DEFINITION# has no ${required} column`);

  const data = parts.DATA!;
  const chunks = data.split(end);
  const tail = chunks.pop()!;
  if (tail.trim() !== '') throw new BlmFormatError(`the last record of #DATA# does not end with EOF and EOR (${end}): the file looks cut short`);
  const records = chunks.map((chunk, i) => {
    const values = stripBreaks(chunk).split(eof);
    if (values.length !== columns.length) {
      throw new BlmFormatError(`record ${i + 1} has ${values.length} fields where the #DEFINITION# has ${columns.length} columns`);
    }
    const record: Record<string, string> = {};
    columns.forEach((column, at) => {
      const value = values[at]!;
      if (!(column in record) || (record[column]!.trim() === '' && value.trim() !== '')) record[column] = value;
    });
    return record;
  });
  if (propertyCount !== null && propertyCount !== records.length) {
    throw new BlmFormatError(`the header's Property Count is ${propertyCount} but #DATA# holds ${records.length} records`);
  }
  return { version, eof, eor, propertyCount, columns, records, warnings };
}
