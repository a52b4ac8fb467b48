// The content management interface for editors (api_key of an editor account): pages, families, topics
// and tags. Bodies are validated here; writes answer with the object as editors see it; 422 carries
// errors per field.
import Router from '@koa/router';
import type { ApiAccountService } from '../api-accounts/api-account-service.ts';
import type { SyncState } from '../api-accounts/api-key-auth.ts';
import { editorsOnly } from './editor-access.ts';
import { numericId } from './path-params.ts';
import { publishableRoutes, validBody } from './publishable-routes.ts';
import { familySchema, pageCreateSchema, pageUpdateSchema, tagSchema, topicSchema } from './content-inputs.ts';
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

  publishableRoutes(router, {
    path: '/pages',
    label: 'Content page',
    writer: pages,
    schemas: { create: pageCreateSchema, update: pageUpdateSchema },
    present: presentEditorPage,
  });

  router.post('/families', async (ctx) => {
    const input = validBody(familySchema('create'), ctx.request);
    ctx.status = 201;
    ctx.body = presentEditorFamily(await families.create(input));
  });
  router.patch('/families/:id', async (ctx) => {
    const id = numericId(ctx, 'Family');
    ctx.body = presentEditorFamily(await families.update(id, validBody(familySchema('update'), ctx.request)));
  });

  router.post('/topics', async (ctx) => {
    const input = validBody(topicSchema('create'), ctx.request);
    ctx.status = 201;
    ctx.body = await topicView((await taxonomy.createTopic(input)).id);
  });
  router.patch('/topics/:id', async (ctx) => {
    const id = numericId(ctx, 'Topic');
    ctx.body = await topicView((await taxonomy.updateTopic(id, validBody(topicSchema('update'), ctx.request))).id);
  });

  router.post('/tags', async (ctx) => {
    const input = validBody(tagSchema('create'), ctx.request);
    ctx.status = 201;
    ctx.body = presentTag(await taxonomy.createTag(input));
  });
  router.patch('/tags/:id', async (ctx) => {
    const id = numericId(ctx, 'Tag');
    ctx.body = presentTag(await taxonomy.updateTag(id, validBody(tagSchema('update'), ctx.request)));
  });
  return router;
}
