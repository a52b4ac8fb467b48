// The state every request carries, and the Koa context type the routers use.
import type { RouterContext } from '@koa/router';
import type { Logger } from './logger.ts';

export interface RequestState {
  requestId: string;
  log: Logger;
  /** the request's absolute URL as the client sees it (PUBLIC_BASE_URL when configured) */
  url: URL;
}

export type AppContext = RouterContext<RequestState>;
