// The content management interface for editors (api_key of an editor account): pages, families, topics
// and tags. Writes answer with the object as editors see it; 422 carries errors per field.
import Router from '@koa/router';
import type { ApiAccountService } from '../sync/api-account-service.ts';
import type { SyncState } from '../sync/api-key-auth.ts';
import { editorsOnly } from './editor-access.ts';
import { numericId } from './content-routes.ts';
import { publishableRoutes } from './publishable-routes.ts';
import type { PageWriter } from './page-writer.ts';
import type { FamilyWriter } from './family-writer.ts';
import type { TaxonomyWriter } from './taxonomy-writer.ts';
import type { ContentReadService } from './content-read-service.ts';
import { presentEditorFamily, presentEditorPage, presentTag, presentTopic } from './content-presenter.ts';

export interface ContentEditorDeps {
  accounts: ApiAccountService;
  pages: PageWriter;
  families: FamilyWriter;
  taxonomy: TaxonomyWriter;
  reads: ContentReadService;
}

export function contentEditorRoutes(deps: ContentEditorDeps): Router<SyncState> {
  const router = new Router<SyncState>({ prefix: '/api/rest/cms' });
  const { pages, families, taxonomy, reads } = deps;
  const topicView = async (id: number) => {
    const { topic, tags } = await reads.topic({ id });
    return presentTopic(topic, tags);
  };
  router.use(...editorsOnly(deps.accounts));

  publishableRoutes(router, '/pages', 'Content page', pages, presentEditorPage);

  router.post('/families', async (ctx) => {
    ctx.status = 201;
    ctx.body = presentEditorFamily(await families.create(ctx.request.body));
  });
  router.patch('/families/:id', async (ctx) => {
    ctx.body = presentEditorFamily(await families.update(numericId(ctx, 'Family'), ctx.request.body));
  });

  router.post('/topics', async (ctx) => {
    ctx.status = 201;
    ctx.body = await topicView((await taxonomy.createTopic(ctx.request.body)).id);
  });
  router.patch('/topics/:id', async (ctx) => {
    ctx.body = await topicView((await taxonomy.updateTopic(numericId(ctx, 'Topic'), ctx.request.body)).id);
  });

  router.post('/tags', async (ctx) => {
    ctx.status = 201;
    ctx.body = presentTag(await taxonomy.createTag(ctx.request.body));
  });
  router.patch('/tags/:id', async (ctx) => {
    ctx.body = presentTag(await taxonomy.updateTag(numericId(ctx, 'Tag'), ctx.request.body));
  });
  return router;
}
