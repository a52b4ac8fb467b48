// Where magic links may point, in every environment: the service's own origin, whose portal sends it
// (PUBLIC_BASE_URL's, else http on localhost at the port the request came in on: what `npm start`
// serves, portal and API alike), and the configured portal origins (PORTAL_ORIGINS, or its former name
// MAGIC_LINK_ORIGINS). The Host header is never trusted for this: anyone can send one naming their own site.
import { parseOrigins } from './magic-link-url.ts';

/** The reference portal's page that exchanges a link (web/src/pages/SignIn.tsx): where a link points when the request names no url. */
export const PORTAL_LINK_PATH = '/sign-in/link';

export interface LinkOrigins {
  /** origins a link's url may have */
  allowed: string[];
  /** the url of a link when the request names none (confirmation links) */
  defaultUrl: string;
}

export class LinkOriginPolicy {
  private readonly configured: string[];
  private readonly own: string | null;

  constructor(settings: { portalOrigins: string; deprecatedMagicLinkOrigins: string; publicBaseUrl: string | undefined }) {
    this.configured = parseOrigins(settings.portalOrigins || settings.deprecatedMagicLinkOrigins);
    this.own = settings.publicBaseUrl ? new URL(settings.publicBaseUrl).origin : null;
  }

  /** The origins for a request that reached this service on `localPort`; a link without url points at the first. */
  forRequest(localPort: number | undefined): LinkOrigins {
    const own = this.own ? [this.own] : localPort ? [`http://localhost:${localPort}`, `http://127.0.0.1:${localPort}`, `http://[::1]:${localPort}`] : [];
    const allowed = [...new Set([...this.configured, ...own])];
    return { allowed, defaultUrl: allowed.length ? `${allowed[0]}${PORTAL_LINK_PATH}` : '' };
  }
}
