// What the service puts into the page (src/portal-web/): the map's tile settings and what becomes of
// sign-in e-mails.
const meta = (name: string) => document.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content ?? '';

const placeholder = (value: string) => value === '' || value.startsWith('%');

export const tileUrl = placeholder(meta('portal-tile-url')) ? 'https://tile.openstreetmap.org/{z}/{x}/{y}.png' : meta('portal-tile-url');
export const tileAttribution = placeholder(meta('portal-tile-attribution'))
  ? '© OpenStreetMap contributors'
  : meta('portal-tile-attribution');

/**
 * Where the points of the places and postcodes come from (the ONS Postcode Directory, Code-Point Open,
 * GeoNames), shown beside the tiles' attribution on every map.
 */
export const placeDataAttribution =
  'Places: <a href="https://www.ons.gov.uk/methodology/geography/geographicalproducts/postcodeproducts">ONS Postcode Directory</a>, OS, Royal Mail and LPS data © Crown copyright and database right 2025, ' +
  '<a href="https://www.nationalarchives.gov.uk/doc/open-government-licence/version/3/">Open Government Licence v3.0</a>; <a href="https://www.geonames.org/">GeoNames</a> (CC BY 4.0)';

/**
 * What becomes of a sign-in e-mail: `sent`, `not-sent` (the test environment: the response carries the
 * link), or `local-mailbox` (development: kept in the inbox at `mailbox`); unknown: as if sent.
 */
export const mailDelivery: 'sent' | 'not-sent' | 'local-mailbox' = ((value) =>
  value === 'not-sent' || value === 'local-mailbox' ? value : 'sent')(meta('portal-mail'));
export const mailbox = placeholder(meta('portal-mailbox')) ? '' : meta('portal-mailbox');
