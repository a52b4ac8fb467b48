import * as yup from 'yup';
import { validate } from '../core/validation.ts';
import { dateTime } from './payload-fields.ts';

const listQuery = yup.object({
  updated_since: dateTime().nullable().default(null),
  development: yup.string().nullable().default(null),
  refresh: yup.string().nullable().default(null),
});

export function parseListQuery(query: Record<string, unknown>) {
  const q = validate(listQuery, query);
  return { updatedSince: q.updated_since ? new Date(q.updated_since) : null, development: q.development };
}

/** `refresh=wait_for` (or true/1): answer only once the change is visible in search. */
export function wantsVisibility(query: Record<string, unknown>): boolean {
  return ['wait_for', 'true', '1'].includes(String(query.refresh ?? ''));
}
