// Builds the Koa application from its dependencies: middleware first, then one router per domain.
import Koa from 'koa';
import Router from '@koa/router';
import { koaBody } from 'koa-body';
import type { Config } from './config.ts';
import type { Logger } from './core/logger.ts';
import type { RequestState } from './core/http-context.ts';
import { requestContext } from './core/request-context.ts';
import { errorMiddleware } from './core/error-middleware.ts';
import type { PrismaClient } from './db/prisma.ts';
import type { SearchClient } from './search/client.ts';
import { healthRoutes } from './health/health-routes.ts';
import { LookupService } from './lookups/lookup-service.ts';
import { lookupRoutes } from './lookups/lookup-routes.ts';
import { PostcodeService } from './postcodes/postcode-service.ts';
import { postcodeRoutes } from './postcodes/postcode-routes.ts';
import { openapiRoutes } from './openapi/openapi-routes.ts';

export interface AppDeps {
  config: Config;
  logger: Logger;
  prisma: PrismaClient;
  search: SearchClient;
}

export interface BuiltApp {
  app: Koa<RequestState>;
  /** every route the application serves, for the documentation check */
  routes: { method: string; path: string }[];
}

export function buildApp(deps: AppDeps): BuiltApp {
  const { config, logger, prisma, search } = deps;
  const app = new Koa<RequestState>({ proxy: true });
  app.silent = true;

  const routers: Router<RequestState>[] = [
    healthRoutes(prisma, search),
    lookupRoutes(new LookupService(prisma)),
    postcodeRoutes(new PostcodeService(prisma)),
  ];
  const docs = openapiRoutes();

  app.use(requestContext(logger, config.PUBLIC_BASE_URL));
  app.use(errorMiddleware());
  app.use(
    koaBody({
      jsonLimit: config.BODY_LIMIT,
      formLimit: config.BODY_LIMIT,
      textLimit: config.BODY_LIMIT,
      onError: (err) => {
        throw Object.assign(err, { expose: true });
      },
    }),
  );
  for (const router of [...routers, docs]) {
    app.use(router.routes());
    app.use(router.allowedMethods());
  }

  const routes = routers.flatMap((router) =>
    router.stack.flatMap((layer) => layer.methods.filter((m) => m !== 'HEAD' || layer.methods.length === 1).map((method) => ({ method, path: layer.path as string }))),
  );
  return { app, routes };
}
