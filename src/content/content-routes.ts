// Generic content for the portal: the content list, pages by id and by slug, topics.
import Router from '@koa/router';
import type { RequestState } from '../core/http-context.ts';
import { collection, paginated } from '../core/envelope.ts';
import { validateQuery } from '../core/validation.ts';
import type { ApiAccountService } from '../api-accounts/api-account-service.ts';
import { editorPreview, previewQuery } from './editor-access.ts';
import { contentListQuery, pageBySlugQuery } from './content-filters.ts';
import type { ContentReadService } from './content-read-service.ts';
import { presentContentListItem, presentContentPage, presentTopic } from './content-presenter.ts';
import { numericId, slugParam } from './path-params.ts';

const BASE = '/api/rest/portal';

export function contentRoutes(reads: ContentReadService, accounts: ApiAccountService): Router<RequestState> {
  const router = new Router<RequestState>();

  router.get(`${BASE}/contents`, async (ctx) => {
    const { page, size, ignore_visibility, api_key, ...filters } = validateQuery(contentListQuery, ctx.query);
    const { items, total } = await reads.list(filters, { page, size }, await editorPreview({ ignore_visibility, api_key }, accounts, ctx.headers));
    ctx.body = paginated(items.map(presentContentListItem), { page, size }, total, ctx.state.url);
  });
  router.get(`${BASE}/contents/slug/:slug`, async (ctx) => {
    const slug = slugParam(ctx, 'Content page');
    const { sitemap_code, ...preview } = validateQuery(pageBySlugQuery, ctx.query);
    ctx.body = presentContentPage(await reads.page({ slug, sitemapCode: sitemap_code ?? null }, await editorPreview(preview, accounts, ctx.headers)));
  });
  router.get(`${BASE}/contents/:id`, async (ctx) => {
    const id = numericId(ctx, 'Content page');
    const preview = validateQuery(previewQuery, ctx.query);
    ctx.body = presentContentPage(await reads.page({ id }, await editorPreview(preview, accounts, ctx.headers)));
  });

  router.get(`${BASE}/topics`, async (ctx) => {
    ctx.body = collection((await reads.topics()).map(({ topic, tags }) => presentTopic(topic, tags)));
  });
  router.get(`${BASE}/topics/slug/:slug`, async (ctx) => {
    const { topic, tags } = await reads.topic({ slug: slugParam(ctx, 'Topic') });
    ctx.body = presentTopic(topic, tags);
  });
  router.get(`${BASE}/topics/:id`, async (ctx) => {
    const { topic, tags } = await reads.topic({ id: numericId(ctx, 'Topic') });
    ctx.body = presentTopic(topic, tags);
  });
  return router;
}
