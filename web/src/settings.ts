// What the service puts into the page (src/portal-web/): the map's tile settings and what becomes of
// sign-in e-mails.
const meta = (name: string) => document.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content ?? '';

const placeholder = (value: string) => value === '' || value.startsWith('%');

export const tileUrl = placeholder(meta('portal-tile-url')) ? 'https://tile.openstreetmap.org/{z}/{x}/{y}.png' : meta('portal-tile-url');
export const tileAttribution = placeholder(meta('portal-tile-attribution'))
  ? '© OpenStreetMap contributors'
  : meta('portal-tile-attribution');

/**
 * What becomes of a sign-in e-mail: `sent`, `not-sent` (the test environment: the response carries the
 * link), or `local-mailbox` (development: kept in the inbox at `mailbox`); unknown: as if sent.
 */
export const mailDelivery: 'sent' | 'not-sent' | 'local-mailbox' = ((value) =>
  value === 'not-sent' || value === 'local-mailbox' ? value : 'sent')(meta('portal-mail'));
export const mailbox = placeholder(meta('portal-mailbox')) ? '' : meta('portal-mailbox');
