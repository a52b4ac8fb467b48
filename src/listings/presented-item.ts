// The listing item as a search page shows it, kept in the index as JSON text (a stored field of its
// own), so that a search splices each item into its body instead of parsing the stored view,
// presenting it and serialising it again. What depends on the search is written into the text when it
// is read: the bedrooms of the properties that matched, the prices of the headline among them (each
// property's are kept, as the item's tail, in the doc values of its `itemPrices`), the partner of a
// partner search, and whether the latest reduction is recent enough to show. `favourite` stays null: a signed-in customer's are
// filled in later (listing-search/search-body.ts).
import type { ListingView } from './listing-view.ts';
import { presentListingItem, type PersonalItemFields } from './listing-presenter.ts';
import { recentReduction } from './price-reductions.ts';
import { PRICE_FIELD_NAMES, type PriceFields } from './price-rules.ts';
import { asciiJson } from '../core/ascii-json.ts';

export const PRESENTED_ITEM_FIELD = 'presentedItem';
/** the listing's partner sources, stored (the indexed `partnerSources` is not, and a field's storage cannot change in place) */
export const PARTNERS_FIELD = 'itemPartners';
/** each property's prices as the item's tail (headlinePricesOf), in its doc values */
export const HEADLINE_PRICES_FIELD = 'properties.itemPrices';

export interface PresentedItem {
  id: number;
  /** the item's JSON as presentListingItem makes it with no context, but the reduction's day whatever its age */
  json: string;
  partnerSources: string[];
  /** the stored facts' JSON (listing-costs.ts ItemFacts); null on an index of an older mapping */
  facts?: string | null;
}

export interface PresentedItemContext {
  /** bedroom counts of the properties that matched the search (none: the listing's own) */
  bedrooms: number[];
  /** the headline property's prices among those that matched, as headlinePricesOf gave them (null: the listing's own) */
  headlinePrices?: string | null;
  partner: { name: string; imageUrl: string | null } | null;
  /** distances and affordability for this searcher (none known: left null) */
  personal?: PersonalItemFields | null;
}

// Each marker can stand only where the item's own key is: within a string value a quote is escaped.
const BEDROOMS = ',"bedrooms":[';
const NO_PARTNER = '"partnerName":null,"partnerImageUrl":null';
const PRICES = ',"fullMarketPrice":';
const NO_PERSONAL = '"distanceFromHome":null,"distanceFromWork":null,"affordability":null';
const REDUCED_ON = ',"priceReducedOn":';
const NOT_REDUCED = `${REDUCED_ON}null}`;

/** The stored field's text for a listing's view (in ASCII: see core/ascii-json.ts). */
export function presentedItemFieldOf(view: Pick<ListingView, 'listing'>): string {
  const item = presentListingItem(view);
  item.priceReducedOn = (view.listing.priceReducedOn as string | null | undefined) ?? null;
  return asciiJson(JSON.stringify(item));
}

/**
 * A property's price fields, isSharedOwnership and its latest reduction's day (however old), as the
 * presented item ends with them: the text between the comma before `"fullMarketPrice"` and the closing
 * brace. In ASCII, as the item is.
 */
export function headlinePricesOf(prices: PriceFields, priceReducedOn: string | null): string {
  const tail: Record<string, unknown> = {};
  for (const key of PRICE_FIELD_NAMES) tail[key] = prices[key];
  tail.isSharedOwnership = prices.isSharedOwnership;
  tail.priceReducedOn = priceReducedOn;
  return asciiJson(JSON.stringify(tail)).slice(1, -1);
}

/** The item's JSON for this search: the same text as JSON.stringify(presentListingItem(view, context)) would parse to. */
export function presentedItemJson(json: string, context: PresentedItemContext, now = new Date()): string {
  let out = json;
  if (context.headlinePrices) {
    // the prices are the item's last fields, and no key follows them whose text could hold the marker
    const at = out.lastIndexOf(PRICES);
    if (at < 0) throw new Error('a presented item without fullMarketPrice');
    out = `${out.slice(0, at + 1)}${context.headlinePrices}}`;
  }
  if (context.bedrooms.length) {
    const from = out.indexOf(BEDROOMS) + BEDROOMS.length - 1;
    const to = out.indexOf(']', from) + 1;
    if (from < BEDROOMS.length - 1 || to === 0) throw new Error('a presented item without bedrooms');
    out = `${out.slice(0, from)}${JSON.stringify(context.bedrooms)}${out.slice(to)}`;
  }
  if (context.partner) {
    const partner = asciiJson(`"partnerName":${JSON.stringify(context.partner.name)},"partnerImageUrl":${JSON.stringify(context.partner.imageUrl)}`);
    out = out.replace(NO_PARTNER, () => partner);
  }
  if (context.personal) {
    const { distanceFromHome, distanceFromWork, affordability } = context.personal;
    const personal = asciiJson(`"distanceFromHome":${JSON.stringify(distanceFromHome)},"distanceFromWork":${JSON.stringify(distanceFromWork)},"affordability":${JSON.stringify(affordability)}`);
    out = out.replace(NO_PERSONAL, () => personal);
  }
  if (!out.endsWith(NOT_REDUCED)) {
    const at = out.lastIndexOf(REDUCED_ON);
    if (at < 0) throw new Error('a presented item without priceReducedOn');
    const day = JSON.parse(out.slice(at + REDUCED_ON.length, -1)) as string | null;
    if (recentReduction(day, now) === null) out = `${out.slice(0, at)}${NOT_REDUCED}`;
  }
  return out;
}
