// Area pages in the content management interface (editor accounts' api_key).
import Router from '@koa/router';
import type { ApiAccountService } from '../sync/api-account-service.ts';
import type { SyncState } from '../sync/api-key-auth.ts';
import { editorsOnly } from '../content/editor-access.ts';
import { numericId } from '../content/content-routes.ts';
import type { AreaPageWriter } from './area-page-writer.ts';
import { presentEditorAreaPage } from './area-presenter.ts';

export function areaEditorRoutes(accounts: ApiAccountService, writer: AreaPageWriter): Router<SyncState> {
  const router = new Router<SyncState>({ prefix: '/api/rest/cms' });
  router.use(...editorsOnly(accounts));
  router.post('/area-pages', async (ctx) => {
    ctx.status = 201;
    ctx.body = presentEditorAreaPage(await writer.create(ctx.request.body));
  });
  router.patch('/area-pages/:id', async (ctx) => {
    ctx.body = presentEditorAreaPage(await writer.update(numericId(ctx, 'Area page'), ctx.request.body));
  });
  router.post('/area-pages/:id/publish', async (ctx) => {
    ctx.body = presentEditorAreaPage(await writer.publish(numericId(ctx, 'Area page'), ctx.request.body));
  });
  router.post('/area-pages/:id/unpublish', async (ctx) => {
    ctx.body = presentEditorAreaPage(await writer.unpublish(numericId(ctx, 'Area page')));
  });
  return router;
}
