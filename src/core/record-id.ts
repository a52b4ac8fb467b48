// Record ids: whole numbers from 1 to MAX_ID, the largest a PostgreSQL integer column holds. One beyond
// the range would make the database refuse the comparison, so it is no id at all.
import { MAX_ID } from './validation.ts';

/** Whether a value is a record id. */
export const isRecordId = (value: unknown): value is number => Number.isInteger(value) && (value as number) >= 1 && (value as number) <= MAX_ID;

/** The record id a text spells in plain digits (no sign, no leading zero, no space); null when it spells none. */
export function recordIdOf(text: string | undefined): number | null {
  if (!/^[1-9][0-9]{0,9}$/.test(text ?? '')) return null;
  const id = Number(text);
  return id <= MAX_ID ? id : null;
}
