// The content management interface for editors (api_key of an editor account): pages, families, topics
// and tags. Bodies are validated here; writes answer with the object as editors see it; 422 carries
// errors per field.
import { defineRoutes, route } from '../core/route-table.ts';
import { parametersOf } from '../core/openapi/from-yup.ts';
import { errorResponse, json, ref } from '../core/openapi/schema-helpers.ts';
import type { ApiAccountService } from '../api-accounts/api-account-service.ts';
import type { SyncState } from '../api-accounts/api-key-auth.ts';
import { idPath, numericId } from './path-params.ts';
import { CMS, editorResponses, editorRoute, editors, publishableRoutes } from './publishable-routes.ts';
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

const FAMILY =
  'relatedTo defaults to the site with the marketplace portal as item; location: county or local_authority name a reference (id, ONS code or name), city or town a name, region, latitude, longitude and radius (miles)';

const use = (deps: ContentEditorDeps) => editors(deps);
const notFound = errorResponse('Not found, or not visible');
const created = (schema: string) => ({ ...editorResponses, 201: json(ref(schema), 'Created'), 409: errorResponse('The slug or code exists') });
const changed = (schema: string) => ({ ...editorResponses, 200: json(ref(schema)), 404: notFound });
const idParam = (what: string) => parametersOf(idPath(what), 'path');

async function topicView(reads: ContentReadService, id: number) {
  const { topic, tags } = await reads.topic({ id });
  return presentTopic(topic, tags);
}

export const contentEditorRoutes = defineRoutes<ContentEditorDeps, SyncState>([
  ...publishableRoutes<ContentEditorDeps, Awaited<ReturnType<PageWriter['create']>>, typeof pageCreateSchema, typeof pageUpdateSchema>({
    path: '/pages',
    label: 'Content page',
    writer: ({ pages }) => pages,
    schemas: { create: pageCreateSchema, update: pageUpdateSchema },
    present: presentEditorPage,
    doc: {
      operations: {
        create: ['createContentPage', 'Create a page (a draft unless publishedAt is given), with a new family or in an existing one'],
        update: ['updateContentPage', 'Change the fields sent'],
        publish: ['publishContentPage', 'Publish (and enable) now, or at publishedAt'],
        unpublish: ['unpublishContentPage', 'Take the page off the portal'],
      },
      bodies: {
        create: "family is an existing family (id or slug) or the fields of a new one (slug, name and content type default to the page's); sections are checked against the template",
        update: 'sections are checked against the template',
      },
      component: 'EditorContentPage',
      notFound,
      conflict: errorResponse('The slug or code exists'),
    },
  }),
  route({
    ...editorRoute,
    use,
    method: 'post',
    path: `${CMS}/families`,
    operationId: 'createContentFamily',
    summary: 'Create a family',
    body: familySchema('create'),
    bodyDescription: FAMILY,
    responses: created('EditorFamily'),
    async handler(ctx, input, { families }) {
      const body = input.body();
      ctx.status = 201;
      ctx.body = presentEditorFamily(await families.create(body));
    },
  }),
  route({
    ...editorRoute,
    use,
    method: 'patch',
    path: `${CMS}/families/:id`,
    operationId: 'updateContentFamily',
    summary: 'Change the fields sent; enabled false hides all its pages',
    parameters: idParam('family'),
    body: familySchema('update'),
    bodyDescription: `${FAMILY}; lists are replaced as a whole`,
    responses: changed('EditorFamily'),
    async handler(ctx, input, { families }) {
      const id = numericId(ctx, 'Family');
      ctx.body = presentEditorFamily(await families.update(id, input.body()));
    },
  }),
  route({
    ...editorRoute,
    use,
    method: 'post',
    path: `${CMS}/topics`,
    operationId: 'createTopic',
    summary: 'Create a topic',
    body: topicSchema('create'),
    responses: created('Topic'),
    async handler(ctx, input, { taxonomy, reads }) {
      const body = input.body();
      ctx.status = 201;
      ctx.body = await topicView(reads, (await taxonomy.createTopic(body)).id);
    },
  }),
  route({
    ...editorRoute,
    use,
    method: 'patch',
    path: `${CMS}/topics/:id`,
    operationId: 'updateTopic',
    summary: 'Change the fields sent; code and contentType never change',
    parameters: idParam('topic'),
    body: topicSchema('update'),
    responses: changed('Topic'),
    async handler(ctx, input, { taxonomy, reads }) {
      const id = numericId(ctx, 'Topic');
      ctx.body = await topicView(reads, (await taxonomy.updateTopic(id, input.body())).id);
    },
  }),
  route({
    ...editorRoute,
    use,
    method: 'post',
    path: `${CMS}/tags`,
    operationId: 'createTag',
    summary: 'Create a tag (category: a tag category slug)',
    body: tagSchema('create'),
    responses: created('ContentTag'),
    async handler(ctx, input, { taxonomy }) {
      const body = input.body();
      ctx.status = 201;
      ctx.body = presentTag(await taxonomy.createTag(body));
    },
  }),
  route({
    ...editorRoute,
    use,
    method: 'patch',
    path: `${CMS}/tags/:id`,
    operationId: 'updateTag',
    summary: 'Change the fields sent',
    parameters: idParam('tag'),
    body: tagSchema('update'),
    responses: changed('ContentTag'),
    async handler(ctx, input, { taxonomy }) {
      const id = numericId(ctx, 'Tag');
      ctx.body = presentTag(await taxonomy.updateTag(id, input.body()));
    },
  }),
]);
