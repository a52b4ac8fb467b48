// Query strings and path parameters of the synchronisation interfaces.
import * as yup from 'yup';
import { pageFields } from '../core/envelope.ts';
import { dateTime, externalRef, withJsonSchema } from '../sync/payload-fields.ts';
import { listingRef } from '../listings/listing-sync-schema.ts';
import { parseDateTime } from '../core/date-time-format.ts';

const REFRESH = ['wait_for', 'true', '1', 'false'] as const;

/** `refresh` of every write. */
export const writeQuery = yup.object({
  refresh: withJsonSchema(yup.string().oneOf(REFRESH, 'refresh must be one of: ${values}'), {
    description:
      '`wait_for` (or `true`, `1`): answer only once the change is visible in search, or, while the search engine is unavailable, as stored with `Search-Index: pending`; `false` (the default) does not wait',
  }),
});

export const updatedSince = () =>
  withJsonSchema(dateTime().nullable().default(null), { description: 'only objects changed at or after this instant (an RFC 3339 date-time, with its offset)' });

/** A paginated list of the account's objects, changed since an instant. */
export const listQuery = yup.object({ ...pageFields(), updated_since: updatedSince() });

export const propertyListQuery = listQuery.shape({
  development: withJsonSchema(externalRef().nullable().default(null), { description: 'only the properties of the development with this externalRef' }),
});

/** The path's `{ref}`: an externalRef (any other text names nothing: 404). */
export const refPath = yup.object({ ref: withJsonSchema(externalRef().required(), { description: "the integrator's externalRef" }) });
export const listingRefPath = yup.object({ ref: listingRef().required() });

export const instantOf = (text: string | null | undefined): Date | null => (text ? parseDateTime(text) : null);

/** `refresh=wait_for` (or true/1): answer only once the change is visible in search. */
export function wantsVisibility(query: Record<string, unknown>): boolean {
  return ['wait_for', 'true', '1'].includes(String(query.refresh ?? ''));
}
