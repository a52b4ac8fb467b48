// What the service puts into the page (src/portal-web/): the map's tile settings.
const meta = (name: string) => document.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content ?? '';

const placeholder = (value: string) => value === '' || value.startsWith('%');

export const tileUrl = placeholder(meta('portal-tile-url')) ? 'https://tile.openstreetmap.org/{z}/{x}/{y}.png' : meta('portal-tile-url');
export const tileAttribution = placeholder(meta('portal-tile-attribution'))
  ? '© OpenStreetMap contributors'
  : meta('portal-tile-attribution');
