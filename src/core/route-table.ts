// Each route declared once: a domain's table of routes (method, path, summary, query, body, responses,
// handler) gives both its @koa/router and its fragment of the OpenAPI document, so that a path is never
// written twice. The query and body schemas the document shows are the ones the handler validates with
// (`input.query()`, `input.body()`), and a route with a parameter is kept off a fixed path of the same
// table that it would otherwise also match (fixed-paths.ts), so that OPTIONS and 405 name the right methods.
import Router, { type RouterContext, type RouterMiddleware } from '@koa/router';
import type { Middleware } from 'koa';
import type * as yup from 'yup';
import type { RequestState } from './http-context.ts';
import { bodyOrEmpty, validateBody, validateQuery } from './validation.ts';
import { jsonBodyOf, parametersOf, type ParameterOptions } from './openapi/from-yup.ts';
import { keepOff } from './fixed-paths.ts';
import { ref } from './openapi/schema-helpers.ts';

export type Method = 'get' | 'head' | 'post' | 'put' | 'patch' | 'delete';

/** What a handler reads of its request, validated by the route's own schemas when it asks. */
export interface RouteInput<Q extends yup.AnyObjectSchema, B extends yup.AnySchema> {
  /** the query string, validated by the route's `query` (every error at once; 422) */
  query(): yup.InferType<Q>;
  /** the JSON body, validated by the route's `body` (a request without one: see `withoutBody`) */
  body(): yup.InferType<B>;
}

/** The context of a route whose middleware (`use`) set the state `S` (an account, a customer). */
export type RouteContext<S> = RouterContext<S>;

export interface Route<D, S = RequestState, Q extends yup.AnyObjectSchema = yup.AnyObjectSchema, B extends yup.AnySchema = yup.AnySchema> {
  method: Method;
  /** @koa/router's path: `:name` for a parameter (`{name}` in the document) */
  path: string;
  operationId: string;
  summary: string;
  tags: string[];
  /** the path's parameters as the document shows them: a yup schema of the path, or written out (`pathParam`) */
  pathParams?: yup.AnyObjectSchema;
  parameters?: unknown[];
  /** the query string's schema: validated by `input.query()`, and the document's query parameters */
  query?: Q;
  queryOptions?: ParameterOptions;
  /** parameters the document lists after the query's (headers) */
  headers?: unknown[];
  /** the JSON body's schema: validated by `input.body()`, and the document's request body */
  body?: B;
  bodyDescription?: string;
  /** the document names the body's schema as this component instead of writing it out */
  bodyComponent?: string;
  /** whether the document says a body must be sent (a component's: yes unless false) */
  bodyRequired?: boolean;
  /**
   * what `input.body()` validates when the request has no body: what the body parser left (`parsed`, the
   * default), nothing (`none`: the synchronisation interfaces' reading, where a JSON null is a body), or
   * an empty object (`empty`: nothing sent is nothing changed; `blank`: the same, and an empty body typed
   * as JSON too, as the content management interface reads it)
   */
  withoutBody?: WithoutBody;
  responses: Record<string | number, unknown>;
  /** the operation's other fields in the document (description, security, a body that is not JSON, ...) */
  doc?: Record<string, unknown>;
  /** middleware run before the handler, made from the table's dependencies, which give it the state `S` (authentication) */
  use?: (deps: D) => RouterMiddleware<S>[];
  /**
   * a fixed path that answers its own spelling alone (paths otherwise match in any case): another
   * spelling reaches the table's routes with a parameter for the methods this path answers, and is kept
   * off them for the others (405 naming this path's methods)
   */
  exactCase?: true;
  /** the work: `deps` are what the app hands the table's router (its services) */
  handler(ctx: RouteContext<S>, input: RouteInput<Q, B>, deps: D): Promise<void> | void;
}

/** Keeps the types of one route's schemas for its handler (a table holds routes of several shapes). */
export function route<D, S = RequestState, Q extends yup.AnyObjectSchema = yup.AnyObjectSchema, B extends yup.AnySchema = yup.AnySchema>(
  spec: Route<D, S, Q, B>,
): Route<D, S> {
  return spec as unknown as Route<D, S>;
}

/** What the app mounts: the routes' middleware and what they serve, whatever state their middleware add. */
export interface MountedRoutes {
  routes(): Middleware<RequestState>;
  allowedMethods(): Middleware<RequestState>;
  /** method and path of every route (the documentation check) */
  served(): { method: string; path: string }[];
}

/**
 * A router that is not built from a table, as the app mounts it. Its routes' own middleware give them the
 * state their router's type claims (an account, a customer) before any handler reads it; the type of the
 * app's state does not know that, hence the one conversion here.
 */
export function mountRouter<S>(router: Router<S>): MountedRoutes {
  return {
    routes: () => router.routes() as unknown as Middleware<RequestState>,
    allowedMethods: () => router.allowedMethods() as unknown as Middleware<RequestState>,
    served: () =>
      router.stack.flatMap((layer) =>
        layer.methods.filter((m) => m !== 'HEAD' || layer.methods.length === 1).map((method) => ({ method, path: layer.path as string })),
      ),
  };
}

type WithoutBody = 'parsed' | 'none' | 'empty' | 'blank';

function bodyOf(ctx: RouteContext<unknown>, withoutBody: WithoutBody): unknown {
  const parsed = (ctx.request as { body?: unknown }).body;
  if (withoutBody === 'none') return ctx.request.is() === null ? undefined : parsed;
  if (withoutBody === 'blank') return parsed === undefined || (parsed === '' && !ctx.request.length) ? {} : parsed;
  return withoutBody === 'empty' ? bodyOrEmpty(parsed) : parsed;
}

function inputOf(route: Route<unknown, unknown>, ctx: RouteContext<unknown>): RouteInput<yup.AnyObjectSchema, yup.AnySchema> {
  return {
    query: () => {
      if (!route.query) throw new Error(`${route.operationId} declares no query`);
      return validateQuery(route.query, ctx.query);
    },
    body: () => {
      if (!route.body) throw new Error(`${route.operationId} declares no body`);
      return validateBody(route.body, bodyOf(ctx, route.withoutBody ?? 'parsed'));
    },
  };
}

/** `/a/:id/b` as the document writes it: `/a/{id}/b` */
export const documentPath = (path: string): string => path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

export interface RouteTable<D, S> {
  readonly routes: readonly Route<D, S>[];
  /** the table's router over the services it is given, as the app mounts it */
  router(deps: D): MountedRoutes;
  /** the table's paths in the OpenAPI document */
  paths(): Record<string, Record<string, unknown>>;
}

/** What every route of a table shares in the document (an authentication's security and its 401), written once. */
export interface EveryRoute<D = never, S = RequestState> {
  /** middleware run before each route's own (the table's authentication) */
  use?: (deps: D) => RouterMiddleware<S>[];
  doc?: Record<string, unknown>;
  responses?: Record<string | number, unknown>;
}

/**
 * A domain's routes; `D` is what its handlers need (services, settings), given when the app mounts it;
 * `every`: what each route's document adds (a route's own doc and responses win).
 */
export function defineRoutes<D, S extends object = RequestState>(routes: Route<D, S>[], every: EveryRoute<D, S> = {}): RouteTable<D, S> {
  return {
    routes,
    router(deps) {
      const router = new Router<S>();
      for (const r of routes) {
        const handle: RouterMiddleware<S> = async (ctx) => {
          const input = inputOf(r as Route<unknown, unknown>, ctx as RouteContext<unknown>);
          await r.handler(ctx, input as RouteInput<yup.AnyObjectSchema, yup.AnySchema>, deps);
        };
        router[r.method](r.path, ...(every.use?.(deps) ?? []), ...(r.use?.(deps) ?? []), handle);
      }
      // a route with a parameter stays off the fixed paths of the table it would also match
      const fixed = [...new Set(routes.filter((r) => !r.path.includes(':')).map((r) => r.path))];
      for (const withParam of new Set(routes.filter((r) => r.path.includes(':')).map((r) => r.path))) {
        const pattern = new RegExp(`^${withParam.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:[A-Za-z0-9_]+/g, '[^/]+')}$`);
        for (const path of fixed) {
          if (!pattern.test(path)) continue;
          const exact = routes.filter((r) => r.path === path && r.exactCase).map((r) => r.method.toUpperCase());
          keepOff(router, withParam, path, (methods) => !methods.some((m) => exact.includes(m)));
        }
      }
      for (const path of new Set(routes.filter((r) => r.exactCase).map((r) => r.path))) matchCase(router, path);
      return mountRouter(router);
    },
    paths() {
      const paths: Record<string, Record<string, unknown>> = {};
      for (const r of routes) {
        const parameters = [...(r.pathParams ? parametersOf(r.pathParams, 'path') : []), ...(r.parameters ?? []), ...(r.query ? parametersOf(r.query, 'query', r.queryOptions) : []), ...(r.headers ?? [])];
        (paths[documentPath(r.path)] ??= {})[r.method] = {
          tags: r.tags,
          summary: r.summary,
          operationId: r.operationId,
          ...every.doc,
          ...r.doc,
          ...(parameters.length ? { parameters } : {}),
          ...(r.body ? { requestBody: r.bodyComponent ? { required: r.bodyRequired ?? true, content: { 'application/json': { schema: ref(r.bodyComponent) } } } : jsonBodyOf(r.body, r.bodyDescription) } : {}),
          responses: { ...every.responses, ...r.responses },
        };
      }
      return paths;
    },
  };
}

/** The routes of a fixed path answer that spelling alone. */
function matchCase<S>(router: Router<S>, fixedPath: string): void {
  for (const layer of router.stack) if (layer.path === fixedPath) layer.regexp = new RegExp(layer.regexp.source, layer.regexp.flags.replace('i', ''));
}
