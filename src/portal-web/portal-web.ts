// The reference portal (web/, built by Vite into web/dist/) served at `/`: its hashed assets from
// /assets/ with @koa/send, and its page, index.html, for the portal's own client routes (the SPA
// fallback). Only those paths: /api, /docs, /openapi.json, /metrics, /health and /ready are never
// answered here, so an unknown API path keeps its JSON 404. The page gets a Content-Security-Policy of
// its own (its scripts and styles from this origin, images from the listing image hosts and the map
// tile host) and the tile settings in meta tags.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import escapeHtml from 'escape-html';
import { send } from '@koa/send';
import type { Middleware } from 'koa';
import type { RequestState } from '../core/http-context.ts';
import { PROJECT_ROOT } from '../core/project-root.ts';

export const PORTAL_DIST = path.join(PROJECT_ROOT, 'web/dist');

/** Paths whose first segment is one of these are the portal's pages (see web/src/main.tsx). */
const CLIENT_ROUTES = new Set(['', 'search', 'listings', 'account', 'sign-in', 'alerts', 'areas', 'news', 'guides', 'pages']);
const ASSET = /^\/assets\/[\w.-]+$/;
/** files at the root of the build (web/public) */
const ROOT_FILES = new Set(['/favicon.svg', '/robots.txt']);

export interface PortalWebOptions {
  /** a Leaflet tile URL template, e.g. https://tile.openstreetmap.org/{z}/{x}/{y}.png */
  tileUrl: string;
  tileAttribution: string;
  /** the built portal (web/dist); tests may point elsewhere */
  root?: string;
}


/** The tile host's origin, for img-src (a template's placeholders are not valid in a host name). */
export function tileOrigin(tileUrl: string): string {
  const url = new URL(tileUrl.replace(/\{s\}/g, 'a').replace(/\{[a-z]+\}/g, '0'));
  // with subdomains ({s}), any subdomain of the host
  return tileUrl.includes('{s}.') ? `${url.protocol}//*.${url.host.split('.').slice(1).join('.')}` : url.origin;
}

export function portalContentSecurityPolicy(tileUrl: string): string {
  return [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    // listing, floorplan and content images come from the providers' image hosts (https); Leaflet's
    // stylesheet holds a few data: images
    `img-src 'self' data: https: ${tileOrigin(tileUrl)}`,
    "connect-src 'self'",
    "font-src 'self'",
    "manifest-src 'self'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

export function isClientRoute(pathname: string): boolean {
  const first = pathname.split('/')[1] ?? '';
  return CLIENT_ROUTES.has(first);
}

export function portalWeb(options: PortalWebOptions): Middleware<RequestState> {
  const root = options.root ?? PORTAL_DIST;
  const csp = portalContentSecurityPolicy(options.tileUrl);
  let page: string | undefined;
  const indexPage = (): string | undefined => {
    if (page !== undefined) return page;
    const file = path.join(root, 'index.html');
    if (!existsSync(file)) return undefined;
    page = readFileSync(file, 'utf8')
      .replace('%PORTAL_TILE_URL%', escapeHtml(options.tileUrl))
      .replace('%PORTAL_TILE_ATTRIBUTION%', escapeHtml(options.tileAttribution));
    return page;
  };

  return async (ctx, next) => {
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return next();
    if (ASSET.test(ctx.path) || ROOT_FILES.has(ctx.path)) {
      const immutable = ctx.path.startsWith('/assets/');
      const sent = await send(ctx, ctx.path, {
        root,
        gzip: false,
        brotli: false,
        immutable,
        maxage: immutable ? 365 * 24 * 3600 * 1000 : 3600 * 1000,
      }).catch((err: { status?: number }) => {
        if (err.status === 404) return undefined;
        throw err;
      });
      if (sent) return;
      return next();
    }
    if (!isClientRoute(ctx.path)) return next();
    const html = indexPage();
    if (html === undefined) {
      ctx.status = 503;
      ctx.body = { message: 'The portal is not built: run npm run build:web' };
      return;
    }
    ctx.set('Content-Security-Policy', csp);
    ctx.set('Cache-Control', 'no-cache');
    ctx.type = 'html';
    ctx.body = html;
  };
}
