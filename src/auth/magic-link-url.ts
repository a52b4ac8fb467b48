// The link a magic-link e-mail carries: the client's url, then the customer id, then the token, as the
// last two path segments (query and fragment of the url are kept after them).

export function buildMagicLink(base: string, customerId: number, token: string): string {
  const url = new URL(base);
  url.pathname = `${url.pathname.replace(/\/+$/, '')}/${customerId}/${encodeURIComponent(token)}`;
  return url.toString();
}

/** An absolute http(s) URL. */
export function isHttpUrl(value: string): boolean {
  try {
    return ['http:', 'https:'].includes(new URL(value).protocol);
  } catch {
    return false;
  }
}

export function parseOrigins(list: string): string[] {
  return list
    .split(',')
    .map((o) => o.trim().replace(/\/+$/, ''))
    .filter(Boolean)
    .map((o) => new URL(o).origin);
}

/** Whether a link may point at `url`: an http(s) URL on one of the allowed origins (none allowed: never). */
export function linkOriginAllowed(url: string, allowedOrigins: string[]): boolean {
  if (!isHttpUrl(url)) return false;
  return allowedOrigins.includes(new URL(url).origin);
}
