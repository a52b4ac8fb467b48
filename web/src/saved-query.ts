// A saved search's `query` and the search page's address: the address has the search's own parameters
// (`bedrooms[]=2&bedrooms[]=3`), a saved query has them as an object (`{"bedrooms": ["2", "3"]}`),
// without the parameters that only say how to show the results.
import type { Schemas } from './api.ts';
import { fieldSentence } from './messages.ts';

export type SavedSearch = Schemas['SavedSearch'];
export type AlertFrequency = SavedSearch['alerts']['frequency'];

/** not part of a saved query */
const NOT_SAVED = new Set(['page', 'size', 'sort_by']);

export const FREQUENCIES: { value: AlertFrequency; text: string }[] = [
  { value: 'instant', text: 'As soon as they appear' },
  { value: 'daily', text: 'Once a day' },
  { value: 'weekly', text: 'Once a week' },
  { value: 'off', text: 'No e-mails' },
];

/** The search page's parameters as a saved query: repeated `name[]` become a list under `name`. */
export function savedQueryOf(params: URLSearchParams): Record<string, string | string[]> {
  const query: Record<string, string | string[]> = {};
  for (const [key, value] of params) {
    if (value === '') continue;
    if (key.endsWith('[]')) {
      const name = key.slice(0, -2);
      const list = query[name];
      query[name] = Array.isArray(list) ? [...list, value] : [value];
    } else if (!NOT_SAVED.has(key)) {
      query[key] = value;
    }
  }
  return query;
}

/** The search page's address for a saved query: lists go as repeated `name[]`. */
export function searchHref(query: Record<string, unknown>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === null || value === undefined) continue;
    if (Array.isArray(value)) for (const v of value) params.append(`${key}[]`, String(v));
    else params.append(key, String(value));
  }
  return `/search?${params.toString()}`;
}

/** A name for a search: its place, else what it covers. */
export function defaultName(params: URLSearchParams): string {
  if (params.get('area')) return 'Homes in the area drawn';
  const miles = params.get('max_distance_from_work');
  const nearWork = miles ? `within ${miles} ${miles === '1' ? 'mile' : 'miles'} of work` : null;
  const place = params.get('location')?.trim();
  if (place) return nearWork ? `${place}, ${nearWork}` : place;
  return nearWork ? `Homes ${nearWork}` : 'Homes across the UK';
}

/** A 422's messages, each with the field it is about ("query.radius", "name"). */
/** a 422's problems in people's words (messages.ts), one per field */
export function fieldLines(errors: Record<string, string[]>): { field: string; message: string }[] {
  return Object.entries(errors).flatMap(([field, messages]) => {
    const message = fieldSentence(field, messages);
    return message ? [{ field, message }] : [];
  });
}
