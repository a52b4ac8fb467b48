import Router from '@koa/router';
import type { RequestState } from '../core/http-context.ts';
import { collection } from '../core/envelope.ts';
import { LOOKUP_LISTS } from './lookup-lists.ts';
import type { LookupService } from './lookup-service.ts';
import { presentLookupItem } from './lookup-presenter.ts';
import { presentCounty, presentLocalAuthority } from '../postcodes/local-authority-presenter.ts';

export function lookupRoutes(lookups: LookupService): Router<RequestState> {
  const router = new Router<RequestState>();
  for (const prefix of ['/api/rest/portal/lists', '/api/rest/open/lists']) {
    for (const [list, shape] of Object.entries(LOOKUP_LISTS)) {
      router.get(`${prefix}/${list}`, async (ctx) => {
        ctx.body = collection((await lookups.items(list)).map((item) => presentLookupItem(item, shape)));
      });
    }
    router.get(`${prefix}/local-authorities`, async (ctx) => {
      ctx.body = collection((await lookups.localAuthorities()).map(presentLocalAuthority));
    });
    router.get(`${prefix}/counties`, async (ctx) => {
      ctx.body = collection((await lookups.counties()).map(presentCounty));
    });
  }
  return router;
}
