// The editor life cycle shared by content pages and area pages: create (201), update, publish, unpublish.
// Bodies are validated here, against the schemas the document's request bodies come from.
import type Router from '@koa/router';
import type * as yup from 'yup';
import type { SyncState } from '../api-accounts/api-key-auth.ts';
import { validate } from '../core/validation.ts';
import { publishSchema, type PublishInput } from './content-inputs.ts';
import { numericId } from './path-params.ts';

/**
 * The body validated against its schema. None at all (the parser leaves it undefined, or '' when typed
 * JSON) is an empty object: a body the document does not require may be left out.
 */
export function validBody<S extends yup.AnySchema>(schema: S, request: { body?: unknown; length?: number }): yup.InferType<S> {
  const { body } = request;
  return validate(schema, body === undefined || (body === '' && !request.length) ? {} : body);
}

export interface PublishableWriter<Row, Create, Update> {
  create(input: Create): Promise<Row>;
  update(id: number, input: Update): Promise<Row>;
  publish(id: number, input: PublishInput): Promise<Row>;
  unpublish(id: number): Promise<Row>;
}

export interface Publishable<Row, C extends yup.AnySchema, U extends yup.AnySchema> {
  path: string;
  /** names the object in a 404 */
  label: string;
  writer: PublishableWriter<Row, yup.InferType<C>, yup.InferType<U>>;
  schemas: { create: C; update: U };
  present: (row: Row) => unknown;
}

export function publishableRoutes<Row, C extends yup.AnySchema, U extends yup.AnySchema>(
  router: Router<SyncState>,
  { path, label, writer, schemas, present }: Publishable<Row, C, U>,
): void {
  router.post(path, async (ctx) => {
    const input = validBody(schemas.create, ctx.request);
    ctx.status = 201;
    ctx.body = present(await writer.create(input));
  });
  router.patch(`${path}/:id`, async (ctx) => {
    const id = numericId(ctx, label);
    ctx.body = present(await writer.update(id, validBody(schemas.update, ctx.request)));
  });
  router.post(`${path}/:id/publish`, async (ctx) => {
    const id = numericId(ctx, label);
    ctx.body = present(await writer.publish(id, validBody(publishSchema, ctx.request)));
  });
  router.post(`${path}/:id/unpublish`, async (ctx) => {
    ctx.body = present(await writer.unpublish(numericId(ctx, label)));
  });
}
