// Generic content for the portal: the content list, pages by id and by slug, topics.
import Router from '@koa/router';
import type { Context } from 'koa';
import type { RequestState } from '../core/http-context.ts';
import { collection, paginated, parsePage } from '../core/envelope.ts';
import { NotFoundError, ValidationError, type FieldErrors } from '../core/errors.ts';
import type { ApiAccountService } from '../sync/api-account-service.ts';
import { editorPreview } from './editor-access.ts';
import { parseContentFilters } from './content-filters.ts';
import type { ContentReadService } from './content-read-service.ts';
import { presentContentListItem, presentContentPage, presentTopic } from './content-presenter.ts';

const BASE = '/api/rest/portal';

export function numericId(ctx: Context, what: string): number {
  const raw = (ctx as unknown as { params: Record<string, string> }).params.id!;
  if (!/^\d{1,9}$/.test(raw)) throw new NotFoundError(`${what} ${raw} was not found`);
  return Number(raw);
}

/** Runs both parsers and reports the errors of both at once. */
function allValid<A, B>(a: () => A, b: () => B): [A, B] {
  const errors: FieldErrors = {};
  const attempt = <T>(parse: () => T): T | undefined => {
    try {
      return parse();
    } catch (err) {
      if (!(err instanceof ValidationError)) throw err;
      Object.assign(errors, err.errors);
      return undefined;
    }
  };
  const [x, y] = [attempt(a), attempt(b)];
  if (Object.keys(errors).length) throw new ValidationError(errors, Object.values(errors)[0]![0]);
  return [x as A, y as B];
}

export function contentRoutes(reads: ContentReadService, accounts: ApiAccountService): Router<RequestState> {
  const router = new Router<RequestState>();

  router.get(`${BASE}/contents`, async (ctx) => {
    const [filters, page] = allValid(
      () => parseContentFilters(ctx.query),
      () => parsePage(ctx.query),
    );
    const { items, total } = await reads.list(filters, page, await editorPreview(ctx.query, accounts));
    ctx.body = paginated(items.map(presentContentListItem), page, total, ctx.state.url);
  });
  router.get(`${BASE}/contents/slug/:slug`, async (ctx) => {
    const code = ctx.query.sitemap_code;
    const sitemapCode = typeof code === 'string' && code !== '' ? code : null;
    ctx.body = presentContentPage(await reads.page({ slug: ctx.params.slug!, sitemapCode }, await editorPreview(ctx.query, accounts)));
  });
  router.get(`${BASE}/contents/:id`, async (ctx) => {
    ctx.body = presentContentPage(await reads.page({ id: numericId(ctx, 'Content page') }, await editorPreview(ctx.query, accounts)));
  });

  router.get(`${BASE}/topics`, async (ctx) => {
    ctx.body = collection((await reads.topics()).map(({ topic, tags }) => presentTopic(topic, tags)));
  });
  router.get(`${BASE}/topics/slug/:slug`, async (ctx) => {
    const { topic, tags } = await reads.topic({ slug: ctx.params.slug! });
    ctx.body = presentTopic(topic, tags);
  });
  router.get(`${BASE}/topics/:id`, async (ctx) => {
    const { topic, tags } = await reads.topic({ id: numericId(ctx, 'Topic') });
    ctx.body = presentTopic(topic, tags);
  });
  return router;
}
