// Area pages in the content management interface (editor accounts' api_key).
import Router from '@koa/router';
import type { ApiAccountService } from '../api-accounts/api-account-service.ts';
import type { SyncState } from '../api-accounts/api-key-auth.ts';
import { editorsOnly } from '../content/editor-access.ts';
import { publishableRoutes } from '../content/publishable-routes.ts';
import type { AreaPageWriter } from './area-page-writer.ts';
import { areaPageSchema } from './area-inputs.ts';
import { presentEditorAreaPage } from './area-presenter.ts';

export function areaEditorRoutes(accounts: ApiAccountService, writer: AreaPageWriter): Router<SyncState> {
  const router = new Router<SyncState>({ prefix: '/api/rest/cms' });
  router.use(...editorsOnly(accounts));
  publishableRoutes(router, {
    path: '/area-pages',
    label: 'Area page',
    writer,
    schemas: { create: areaPageSchema('create'), update: areaPageSchema('update') },
    present: presentEditorAreaPage,
  });
  return router;
}
