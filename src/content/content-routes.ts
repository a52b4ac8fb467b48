// Generic content for the portal: the content list, pages by id and by slug, topics.
import { collection, paginated } from '../core/envelope.ts';
import { defineRoutes, route } from '../core/route-table.ts';
import { dataEnvelope, errorResponse, json, pagedEnvelope, ref } from '../core/openapi/schema-helpers.ts';
import type { ApiAccountService } from '../api-accounts/api-account-service.ts';
import { editorPreview, previewQuery } from './editor-access.ts';
import { contentListQuery, pageBySlugQuery } from './content-filters.ts';
import type { ContentReadService } from './content-read-service.ts';
import { presentContentListItem, presentContentPage, presentTopic } from './content-presenter.ts';
import { idPath, numericId, slugParam, slugPath } from './path-params.ts';

const BASE = '/api/rest/portal';

export interface ContentDeps {
  reads: ContentReadService;
  accounts: ApiAccountService;
}

const tags = ['Content'];
const notFound = errorResponse('Not found, or not visible');

export const contentRoutes = defineRoutes<ContentDeps>([
  route({
    method: 'get',
    path: `${BASE}/contents`,
    tags,
    operationId: 'contentList',
    summary: 'Main pages of content families, newest published first (then newest created); every filter given applies',
    query: contentListQuery,
    responses: { 200: json(pagedEnvelope(ref('ContentListItem'))) },
    async handler(ctx, input, { reads, accounts }) {
      const { page, size, ignore_visibility, api_key, ...filters } = input.query();
      const { items, total } = await reads.list(filters, { page, size }, await editorPreview({ ignore_visibility, api_key }, accounts, ctx.headers));
      ctx.body = paginated(items.map(presentContentListItem), { page, size }, total, ctx.state.url);
    },
  }),
  route({
    method: 'get',
    path: `${BASE}/contents/slug/:slug`,
    tags,
    operationId: 'contentPageBySlug',
    summary: 'A content page by slug; without sitemap_code, the most recently published page with that slug',
    pathParams: slugPath('content page'),
    query: pageBySlugQuery,
    responses: { 200: json(ref('ContentPage')), 404: notFound },
    async handler(ctx, input, { reads, accounts }) {
      const slug = slugParam(ctx, 'Content page');
      const { sitemap_code, ...preview } = input.query();
      ctx.body = presentContentPage(await reads.page({ slug, sitemapCode: sitemap_code ?? null }, await editorPreview(preview, accounts, ctx.headers)));
    },
  }),
  route({
    method: 'get',
    path: `${BASE}/contents/:id`,
    tags,
    operationId: 'contentPageById',
    summary: 'A content page',
    pathParams: idPath('content page'),
    query: previewQuery,
    responses: { 200: json(ref('ContentPage')), 404: notFound },
    async handler(ctx, input, { reads, accounts }) {
      const id = numericId(ctx, 'Content page');
      const preview = input.query();
      ctx.body = presentContentPage(await reads.page({ id }, await editorPreview(preview, accounts, ctx.headers)));
    },
  }),
  route({
    method: 'get',
    path: `${BASE}/topics`,
    tags,
    operationId: 'topicList',
    summary: 'All topics, by name',
    responses: { 200: json(dataEnvelope(ref('Topic'))) },
    async handler(ctx, _input, { reads }) {
      ctx.body = collection((await reads.topics()).map(({ topic, tags }) => presentTopic(topic, tags)));
    },
  }),
  route({
    method: 'get',
    path: `${BASE}/topics/slug/:slug`,
    tags,
    operationId: 'topicBySlug',
    summary: 'A topic with its tag counts',
    pathParams: slugPath('topic'),
    responses: { 200: json(ref('Topic')), 404: notFound },
    async handler(ctx, _input, { reads }) {
      const { topic, tags } = await reads.topic({ slug: slugParam(ctx, 'Topic') });
      ctx.body = presentTopic(topic, tags);
    },
  }),
  route({
    method: 'get',
    path: `${BASE}/topics/:id`,
    tags,
    operationId: 'topicById',
    summary: 'A topic with its tag counts',
    pathParams: idPath('topic'),
    responses: { 200: json(ref('Topic')), 404: notFound },
    async handler(ctx, _input, { reads }) {
      const { topic, tags } = await reads.topic({ id: numericId(ctx, 'Topic') });
      ctx.body = presentTopic(topic, tags);
    },
  }),
]);
