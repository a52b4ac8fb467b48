// The one envelope and pagination helper: {data} and {data, pagination, links}.
import { randomBytes } from 'node:crypto';
import * as yup from 'yup';
import { validateQuery } from './validation.ts';
import { MAX_ID } from './validation.ts';
import type { Links, Pagination } from './envelope-payload.ts';

export type { Links, Pagination } from './envelope-payload.ts';

export interface PageRequest {
  page: number;
  size: number;
}

export interface PageOptions {
  defaultSize?: number;
  maxSize?: number;
}

export function collection<T>(data: T[]): { data: T[] } {
  return { data };
}

/** `page` and `size` of a query string schema: positive integers, the size in range. */
export function pageFields(options: PageOptions = {}) {
  const { defaultSize = 10, maxSize = 100 } = options;
  return {
    page: yup.number().typeError('page must be a whole number').integer('page must be a whole number').min(1, 'page must be at least 1').default(1),
    size: yup
      .number()
      .typeError('size must be a whole number')
      .integer('size must be a whole number')
      .min(1, 'size must be at least 1')
      .max(maxSize, `size must be at most ${maxSize}`)
      .default(defaultSize),
  };
}

/** Reads `page` and `size` from a query string; 422 for anything but positive integers in range. */
export function parsePage(query: Record<string, unknown>, options: PageOptions = {}): PageRequest {
  const schema = yup.object(pageFields(options));
  return validateQuery(schema, { page: query.page, size: query.size });
}

/**
 * Rows before the page, for an SQL offset. Tables are keyed by PostgreSQL integers, so none holds more
 * rows than that: a page beyond them lies past the end whatever its number, and skips just that many
 * (never an offset PostgreSQL would refuse).
 */
export const offsetOf = (page: PageRequest): number => Math.min((page.page - 1) * page.size, MAX_ID);

/** Pagination arithmetic from the spec; an empty page reports from = to = 0. */
export function paginationOf(page: PageRequest, total: number): Pagination {
  const lastPage = Math.max(1, Math.ceil(total / page.size));
  const from = (page.page - 1) * page.size + 1;
  const to = Math.min(page.page * page.size, total);
  const empty = from > to;
  return { currentPage: page.page, perPage: page.size, from: empty ? 0 : from, to: empty ? 0 : to, total, lastPage };
}

// The page number's place in a link, written once per response: four URLs parsed and serialised for
// every search cost more than the rest of its envelope. Letters and digits go through URL encoding as
// they are, and a query holding this token by chance would need these 24 random hex digits.
const PAGE_TOKEN = `pg${randomBytes(12).toString('hex')}`;

/** Links keep the request's other query parameters, change only `page`, and never carry the api_key. */
export function linksOf(requestUrl: URL, pagination: Pagination): Links {
  const url = new URL(requestUrl);
  url.searchParams.delete('api_key');
  url.searchParams.set('page', PAGE_TOKEN);
  const [before, after] = url.toString().split(PAGE_TOKEN) as [string, string];
  const at = (page: number): string => `${before}${page}${after}`;
  const { currentPage, lastPage } = pagination;
  return {
    first: at(1),
    prev: currentPage > 1 ? at(Math.min(currentPage - 1, lastPage)) : null,
    next: currentPage < lastPage ? at(currentPage + 1) : null,
    last: at(lastPage),
  };
}

export function paginated<T>(
  data: T[],
  page: PageRequest,
  total: number,
  requestUrl: URL,
): { data: T[]; pagination: Pagination; links: Links } {
  const pagination = paginationOf(page, total);
  return { data, pagination, links: linksOf(requestUrl, pagination) };
}
