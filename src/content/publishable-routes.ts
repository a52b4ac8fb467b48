// The editor life cycle shared by content pages and area pages: create (201), update, publish, unpublish,
// as routes of the content management interface's table (content-editor-routes.ts, area-editor-routes.ts).
// Bodies are validated against the schemas the document's request bodies come from.
import type * as yup from 'yup';
import { route, type Route } from '../core/route-table.ts';
import { parametersOf } from '../core/openapi/from-yup.ts';
import { errorResponse, json, ref } from '../core/openapi/schema-helpers.ts';
import { apiKeySecurity, apiKeyUnauthorised } from '../api-accounts/api-key-openapi.ts';
import type { ApiAccountService } from '../api-accounts/api-account-service.ts';
import type { SyncState } from '../api-accounts/api-key-auth.ts';
import { editorsOnly } from './editor-access.ts';
import { publishSchema, type PublishInput } from './content-inputs.ts';
import { idPath, numericId } from './path-params.ts';

export const CMS = '/api/rest/cms';

/** what every route of the content management interface shares (with `use: editors`): the editor's key, its 401 and 403 */
export const editorRoute = {
  tags: ['Content management'],
  doc: { security: apiKeySecurity },
  // none at all (the parser leaves it undefined, or '' when typed JSON) is an empty object: a body the
  // document does not require may be left out
  withoutBody: 'blank' as const,
};
/** an editor account's key is required */
export const editors = ({ accounts }: { accounts: ApiAccountService }) => editorsOnly(accounts);
export const editorResponses = { 401: apiKeyUnauthorised, 403: errorResponse("The api_key is not an editor account's") };

export interface PublishableWriter<Row, Create, Update> {
  create(input: Create): Promise<Row>;
  update(id: number, input: Update): Promise<Row>;
  publish(id: number, input: PublishInput): Promise<Row>;
  unpublish(id: number): Promise<Row>;
}

export interface Publishable<D, Row, C extends yup.AnySchema, U extends yup.AnySchema> {
  /** under /api/rest/cms, e.g. `/pages` */
  path: string;
  /** names the object in a 404, and in the document its id */
  label: string;
  writer: (deps: D) => PublishableWriter<Row, yup.InferType<C>, yup.InferType<U>>;
  schemas: { create: C; update: U };
  present: (row: Row) => unknown;
  /** the document: each operation's id and summary, the bodies' descriptions, the component answered, a 404 and a 409 */
  doc: {
    operations: Record<'create' | 'update' | 'publish' | 'unpublish', [operationId: string, summary: string]>;
    bodies: { create?: string; update?: string };
    component: string;
    notFound: unknown;
    conflict: unknown;
  };
}

export function publishableRoutes<D extends { accounts: ApiAccountService }, Row, C extends yup.AnySchema, U extends yup.AnySchema>(
  p: Publishable<D, Row, C, U>,
): Route<D, SyncState>[] {
  const path = `${CMS}${p.path}`;
  const parameters = parametersOf(idPath(p.label.toLowerCase()), 'path');
  // a new object each: the document's conventions add to an operation's responses
  const changed = () => ({ ...editorResponses, 200: json(ref(p.doc.component)), 404: p.doc.notFound });
  const op = (name: keyof Publishable<D, Row, C, U>['doc']['operations']) => ({ operationId: p.doc.operations[name][0], summary: p.doc.operations[name][1] });
  return [
    route<D, SyncState, yup.AnyObjectSchema, C>({
      ...editorRoute,
      use: editors,
      method: 'post',
      path,
      ...op('create'),
      body: p.schemas.create,
      bodyDescription: p.doc.bodies.create,
      responses: { ...editorResponses, 201: json(ref(p.doc.component), 'Created'), 409: p.doc.conflict },
      async handler(ctx, input, deps) {
        const body = input.body();
        ctx.status = 201;
        ctx.body = p.present(await p.writer(deps).create(body));
      },
    }),
    route<D, SyncState, yup.AnyObjectSchema, U>({
      ...editorRoute,
      use: editors,
      method: 'patch',
      path: `${path}/:id`,
      ...op('update'),
      parameters,
      body: p.schemas.update,
      bodyDescription: p.doc.bodies.update,
      responses: changed(),
      async handler(ctx, input, deps) {
        const id = numericId(ctx, p.label);
        ctx.body = p.present(await p.writer(deps).update(id, input.body()));
      },
    }),
    route<D, SyncState, yup.AnyObjectSchema, typeof publishSchema>({
      ...editorRoute,
      use: editors,
      method: 'post',
      path: `${path}/:id/publish`,
      ...op('publish'),
      parameters,
      body: publishSchema,
      responses: changed(),
      async handler(ctx, input, deps) {
        const id = numericId(ctx, p.label);
        ctx.body = p.present(await p.writer(deps).publish(id, input.body()));
      },
    }),
    route<D, SyncState>({
      ...editorRoute,
      use: editors,
      method: 'post',
      path: `${path}/:id/unpublish`,
      ...op('unpublish'),
      parameters,
      responses: changed(),
      async handler(ctx, _input, deps) {
        ctx.body = p.present(await p.writer(deps).unpublish(numericId(ctx, p.label)));
      },
    }),
  ];
}
