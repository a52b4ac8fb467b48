import Router from '@koa/router';
import type { Middleware } from 'koa';
import type { RequestState } from '../core/http-context.ts';
import type { PortalService } from '../portals/portal-settings.ts';
import { parseSearchParams } from '../search-criteria/search-params.ts';
import { portalFromHeaders } from './request-headers.ts';
import type { SearchResponder } from './search-responder.ts';

export interface CustomerAwareState extends RequestState {
  /** set by the optional bearer-token middleware; null when nobody is signed in */
  customerId?: number | null;
}

/** `signedIn` sets ctx.state.customerId from an optional bearer token. */
export function searchRoutes(searches: SearchResponder, portals: PortalService, signedIn: Middleware): Router<CustomerAwareState> {
  const router = new Router<CustomerAwareState>();
  router.get('/api/rest/portal/search', signedIn, async (ctx) => {
    const portal = await portalFromHeaders(ctx.headers, portals);
    const params = parseSearchParams(ctx.query);
    const body = await searches.respond(params, portal, ctx.state.customerId ?? null, ctx.state.url);
    ctx.type = 'application/json';
    const gzipped = ctx.acceptsEncodings('gzip', 'identity') === 'gzip' ? body.gzipped() : null;
    if (gzipped) {
      ctx.set('Content-Encoding', 'gzip');
      ctx.body = gzipped;
    } else {
      ctx.body = body.json();
    }
  });
  return router;
}
