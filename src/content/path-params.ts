// The path parameters of content and area pages: numeric ids and slugs. One that cannot name anything (a
// malformed id, one beyond PostgreSQL's integer range, a slug with other characters) is an unknown
// resource, 404, as the document's schemas of these parameters say.
import * as yup from 'yup';
import type { Context } from 'koa';
import { NotFoundError } from '../core/errors.ts';
import { pathId } from '../core/path-id.ts';
import { MAX_ID, withJsonSchema } from '../core/validation.ts';
import { SLUG, slugField } from './input-fields.ts';

export const idPath = (what: string) =>
  yup.object({ id: withJsonSchema(yup.number().integer().min(1).max(MAX_ID).required(), { description: `${what} id` }) });

export const slugPath = (what: string) => yup.object({ slug: withJsonSchema(slugField().required(), { description: `${what} slug` }) });

const params = (ctx: Context) => (ctx as unknown as { params: Record<string, string | undefined> }).params;

export function numericId(ctx: Context, what: string): number {
  const raw = params(ctx).id;
  const id = pathId(raw);
  if (!id) throw new NotFoundError(`${what} ${raw} was not found`);
  return id;
}

export function slugParam(ctx: Context, what: string): string {
  const slug = params(ctx).slug ?? '';
  if (!SLUG.test(slug) || slug.length > 120) throw new NotFoundError(`${what} ${slug} was not found`);
  return slug;
}
