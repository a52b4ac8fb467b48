// The reference portal (web/, built by Vite into web/dist/) served at `/`: its hashed assets from
// /assets/ with @koa/send, and its page, index.html, for the portal's own client routes (the SPA
// fallback). Only those paths: /api, /docs, /openapi.json, /metrics, /health and /ready are never
// answered here, so an unknown API path keeps its JSON 404. The page gets a Content-Security-Policy of
// its own (its scripts and styles from this origin, images from the listing image hosts and the map
// tile host) and the tile settings in meta tags. An address that is none of the portal's pages, or names
// a listing, area page or content page that does not exist, gets the same page with status 404 (the
// page then shows "Page not found"), as a browser or a search engine expects.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import escapeHtml from 'escape-html';
import { send } from '@koa/send';
import type { Middleware } from 'koa';
import type { RequestState } from '../core/http-context.ts';
import { PROJECT_ROOT } from '../core/project-root.ts';
import type { MailDelivery } from './mail-delivery.ts';
import { portalPageOf, type PageExistence } from './portal-pages.ts';

export const PORTAL_DIST = path.join(PROJECT_ROOT, 'web/dist');

const ASSET = /^\/assets\/[\w.-]+$/;
/** never the portal's: the API, its documentation and the operations endpoints keep their own 404s */
const NOT_PORTAL = /^\/(api|docs|openapi\.json|metrics|health|ready|assets)(\/|$)/;
/** files at the root of the build (web/public) */
const ROOT_FILES = new Set(['/favicon.svg', '/robots.txt']);

export interface PortalWebOptions {
  /** a Leaflet tile URL template, e.g. https://tile.openstreetmap.org/{z}/{x}/{y}.png */
  tileUrl: string;
  tileAttribution: string;
  /** what becomes of sign-in e-mails, for the sign-in page */
  mail: MailDelivery;
  /** whether a listing, area page or content page exists; without it, every such address is answered 200 */
  pages?: PageExistence;
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
      .replace('%PORTAL_TILE_ATTRIBUTION%', escapeHtml(options.tileAttribution))
      .replace('%PORTAL_MAIL%', escapeHtml(options.mail.kind))
      .replace('%PORTAL_MAILBOX%', escapeHtml(options.mail.kind === 'local-mailbox' ? options.mail.inbox : ''));
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
    if (NOT_PORTAL.test(ctx.path)) return next();
    const subject = portalPageOf(ctx.path);
    let status = 200;
    if (subject === undefined) {
      // an address no router answered: a browser gets the portal's "Page not found", other clients the JSON 404
      if (ctx.accepts('json', 'html') !== 'html') return next();
      status = 404;
    } else if (subject !== null && !(subject.kind === 'listing' && ctx.query.preview) && options.pages) {
      // a preview link (?preview=<token>) may show an unpublished listing: the page asks for it itself
      if (!(await options.pages.exists(subject))) status = 404;
    }
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
    ctx.status = status;
  };
}
