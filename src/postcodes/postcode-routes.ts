import Router from '@koa/router';
import type { RequestState } from '../core/http-context.ts';
import type { PostcodeService } from './postcode-service.ts';
import { presentLocalAuthority } from './local-authority-presenter.ts';

export function postcodeRoutes(postcodes: PostcodeService): Router<RequestState> {
  const router = new Router<RequestState>();
  for (const prefix of ['/api/rest/portal', '/api/rest/open']) {
    router.get(`${prefix}/postcode/:postcode`, async (ctx) => {
      ctx.body = presentLocalAuthority(await postcodes.localAuthorityOf(ctx.params.postcode!));
    });
  }
  return router;
}
