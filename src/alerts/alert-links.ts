// The portal addresses an alert e-mail links to: the reference portal's pages (src/portal-web) under the
// service's public address, and the API's one-click unsubscribe for the List-Unsubscribe header.
export interface AlertLinks {
  listing(slug: string): string;
  savedSearch(id: number): string;
  /** the one-click unsubscribe URL (POST, RFC 8058), for the List-Unsubscribe header */
  unsubscribe(token: string): string;
  /** the portal page a person opens from the e-mail's text to unsubscribe (it POSTs to the URL above) */
  unsubscribePage(token: string): string;
}

export function alertLinks(baseUrl: string): AlertLinks {
  const base = baseUrl.replace(/\/+$/, '');
  return {
    listing: (slug) => `${base}/listings/${encodeURIComponent(slug)}`,
    savedSearch: (id) => `${base}/account/saved-searches/${id}`,
    unsubscribe: (token) => `${base}/api/rest/portal/alerts/unsubscribe/${token}`,
    unsubscribePage: (token) => `${base}/alerts/unsubscribe/${token}`,
  };
}
