// The editor life cycle shared by content pages and area pages: create (201), update, publish, unpublish.
import type Router from '@koa/router';
import type { SyncState } from '../sync/api-key-auth.ts';
import { numericId } from './content-routes.ts';

export interface PublishableWriter<Row> {
  create(body: unknown): Promise<Row>;
  update(id: number, body: unknown): Promise<Row>;
  publish(id: number, body: unknown): Promise<Row>;
  unpublish(id: number): Promise<Row>;
}

export function publishableRoutes<Row>(router: Router<SyncState>, path: string, label: string, writer: PublishableWriter<Row>, present: (row: Row) => unknown): void {
  router.post(path, async (ctx) => {
    ctx.status = 201;
    ctx.body = present(await writer.create(ctx.request.body));
  });
  router.patch(`${path}/:id`, async (ctx) => {
    ctx.body = present(await writer.update(numericId(ctx, label), ctx.request.body));
  });
  router.post(`${path}/:id/publish`, async (ctx) => {
    ctx.body = present(await writer.publish(numericId(ctx, label), ctx.request.body));
  });
  router.post(`${path}/:id/unpublish`, async (ctx) => {
    ctx.body = present(await writer.unpublish(numericId(ctx, label)));
  });
}
