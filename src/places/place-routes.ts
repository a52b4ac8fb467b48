import Router from '@koa/router';
import type { RequestState } from '../core/http-context.ts';
import { collection } from '../core/envelope.ts';
import { parsePlaceQuery } from './place-params.ts';
import { presentPlace } from './place-presenter.ts';
import type { PlaceSuggestionService } from './place-suggestion-service.ts';

export function placeRoutes(places: PlaceSuggestionService): Router<RequestState> {
  const router = new Router<RequestState>();
  for (const prefix of ['/api/rest/portal', '/api/rest/open']) {
    router.get(`${prefix}/places`, async (ctx) => {
      ctx.body = collection((await places.suggest(parsePlaceQuery(ctx.query))).map(presentPlace));
    });
  }
  return router;
}
