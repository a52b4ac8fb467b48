import Router from '@koa/router';
import type { RequestState } from '../core/http-context.ts';
import { NotFoundError } from '../core/errors.ts';
import { buildOpenApiDocument } from './document.ts';
import { DOCS_ASSET_PREFIX, DOCS_CONTENT_SECURITY_POLICY, docsAsset, docsPage } from './docs-page.ts';

export function openapiRoutes(): Router<RequestState> {
  const router = new Router<RequestState>();
  const document = buildOpenApiDocument();
  router.get('/openapi.json', (ctx) => {
    ctx.body = document;
  });
  router.get('/docs', (ctx) => {
    ctx.set('Content-Security-Policy', DOCS_CONTENT_SECURITY_POLICY);
    ctx.type = 'html';
    ctx.body = docsPage();
  });
  router.get(`${DOCS_ASSET_PREFIX}:file`, (ctx) => {
    const asset = docsAsset(ctx.params.file!);
    if (!asset) throw new NotFoundError();
    ctx.set('Cache-Control', 'public, max-age=3600');
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.type = asset.type;
    ctx.body = asset.body;
  });
  return router;
}
