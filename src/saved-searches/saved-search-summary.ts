// The readable line that names a saved search's query, e.g.
// "2 to 3 bedroom homes for sale within 5 miles of Leeds, up to £250,000".
import type { SearchParams } from '../search-criteria/search-params.ts';
import { formatPounds as pounds } from '../core/number-format.ts';

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

function bounds(low: number | null, high: number | null, show: (n: number) => string): string | null {
  if (low !== null && high !== null) return low === high ? show(low) : `${show(low)} to ${show(high)}`;
  if (low !== null) return `from ${show(low)}`;
  if (high !== null) return `up to ${show(high)}`;
  return null;
}

const defined = (...ns: (number | null)[]) => ns.filter((n): n is number => n !== null);

/** The bedroom bounds of the list and of min/max together (each narrows the other). */
export function bedroomBounds(p: SearchParams): { low: number | null; high: number | null } {
  const lows = defined(p.bedrooms.length ? Math.min(...p.bedrooms) : null, p.min_bedrooms);
  const highs = defined(p.bedrooms.length ? Math.max(...p.bedrooms) : null, p.max_bedrooms);
  return { low: lows.length ? Math.max(...lows) : null, high: highs.length ? Math.min(...highs) : null };
}

function bedrooms(p: SearchParams): string {
  const text = bounds(bedroomBounds(p).low, bedroomBounds(p).high, String);
  return text ? `${text.replace(/^from (\d+)$/, '$1+')} bedroom ` : '';
}

function where(p: SearchParams): string {
  if (p.polygon) return 'in an area drawn on the map';
  const place = p.location.trim();
  if (!place) return 'anywhere in the UK';
  return p.radius > 0 ? `within ${plural(p.radius, 'mile')} of ${place}` : `in ${place}`;
}

const words = (slug: string) => slug.replace(/[-_]+/g, ' ');

export function summarise(p: SearchParams): string {
  const forSale = p.occupancy_type === 'for-sale';
  const parts = [`${bedrooms(p)}homes ${forSale ? 'for sale' : 'to rent'} ${where(p)}`];
  const price = forSale ? bounds(p.min_full_value, p.max_full_value, pounds) : bounds(p.min_monthly_rent, p.max_monthly_rent, (n) => `${pounds(n)} a month`);
  if (price) parts.push(price);
  if (forSale && p.max_share_value !== null) parts.push(`shares up to ${pounds(p.max_share_value)}`);
  if (forSale && p.max_deposit !== null) parts.push(`deposits up to ${pounds(p.max_deposit)}`);
  if (p.schemes.length) parts.push(p.schemes.map(words).join(' or '));
  if (p.types.length) parts.push(p.types.map(words).join(' or '));
  if (p.new_homes) parts.push(p.new_homes === 'new-build' ? 'new build' : 'resale');
  if (p.reduced_only) parts.push('reduced in price');
  if (p.epc_bands.length) parts.push(`EPC band ${p.epc_bands.join(' or ')}`);
  if (p.council_tax_bands.length) parts.push(`council tax band ${p.council_tax_bands.join(' or ')}`);
  if (p.tenures.length) parts.push(p.tenures.map((t) => t.replace(/-/g, ' ')).join(' or '));
  if (p.min_floor_area !== null) parts.push(`from ${p.min_floor_area} m\u00b2`);
  if (p.max_service_charge !== null) parts.push(`service charge up to ${pounds(p.max_service_charge)} a month`);
  if (p.keywords) parts.push(`matching \u201c${p.keywords.trim()}\u201d`);
  // the household's filters, named as the search page's heading names them
  if (p.max_distance_from_work !== null) parts.push(`within ${plural(p.max_distance_from_work, 'mile')} of work`);
  if (p.max_monthly_cost !== null) parts.push(`costing up to ${pounds(p.max_monthly_cost)} a month`);
  if (p.affordable_only) parts.push('that you can afford');
  if (p.eligible_only) parts.push('that you are eligible for');
  const text = parts.join(', ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}
