// Area pages in the content management interface (editor accounts' api_key).
import { defineRoutes } from '../core/route-table.ts';
import { errorResponse } from '../core/openapi/schema-helpers.ts';
import type { ApiAccountService } from '../api-accounts/api-account-service.ts';
import type { SyncState } from '../api-accounts/api-key-auth.ts';
import { publishableRoutes } from '../content/publishable-routes.ts';
import type { AreaPageWriter } from './area-page-writer.ts';
import { areaPageSchema } from './area-inputs.ts';
import { presentEditorAreaPage } from './area-presenter.ts';

export interface AreaEditorDeps {
  accounts: ApiAccountService;
  writer: AreaPageWriter;
}

const PLACE = 'POST needs slug, name, template, scheme and a place: region, or area with a county or local authority';

export const areaEditorRoutes = defineRoutes<AreaEditorDeps, SyncState>(
  publishableRoutes({
    path: '/area-pages',
    label: 'Area page',
    writer: ({ writer }) => writer,
    schemas: { create: areaPageSchema('create'), update: areaPageSchema('update') },
    present: presentEditorAreaPage,
    doc: {
      operations: {
        create: ['createAreaPage', 'Create an area page (a draft unless publishedAt is given); 409 when the slug exists'],
        update: ['updateAreaPage', 'Change the fields sent; content is replaced as a whole'],
        publish: ['publishAreaPage', 'Publish now, or at publishedAt'],
        unpublish: ['unpublishAreaPage', 'Take the page off the portal (back to a draft)'],
      },
      bodies: { create: PLACE, update: PLACE },
      component: 'EditorAreaPage',
      notFound: errorResponse('No such area page, or not visible'),
      conflict: errorResponse('The slug exists'),
    },
  }),
);
