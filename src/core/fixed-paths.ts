// A route with a parameter (`/api/rest/listings/:ref`) also matches a fixed path beside it
// (`/api/rest/listings/marketplace`), so that OPTIONS and 405 answers name methods the fixed path lacks.
// These keep such a route off the fixed path; @koa/router's path syntax has no way to say it.
import type Router from '@koa/router';

/** The `routePath` layers whose methods `which` picks stop matching `fixedPath`. */
export function keepOff<S>(router: Router<S>, routePath: string, fixedPath: string, which: (methods: string[]) => boolean): void {
  const fixed = fixedPath.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  for (const layer of router.stack) {
    if (layer.path === routePath && which(layer.methods)) layer.regexp = new RegExp(`^(?!${fixed}/?$)${layer.regexp.source.replace(/^\^/, '')}`, layer.regexp.flags);
  }
}
