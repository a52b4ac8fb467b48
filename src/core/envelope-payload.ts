// The pagination and links of a paged collection, `{data, pagination, links}`.
import { integer, named, shape, text, type Payload } from './openapi/payload-fields.ts';

export const paginationPayload = named(
  'Pagination',
  shape({ currentPage: integer, perPage: integer, from: integer, to: integer, total: integer, lastPage: integer }),
);

export const linksPayload = named('Links', shape({ first: text, prev: text.nullable(), next: text.nullable(), last: text }));

export type Pagination = Payload<typeof paginationPayload>;
export type Links = Payload<typeof linksPayload>;
