// The listing item as a search page shows it, kept in the index in pieces (a stored field of its own),
// so that a search assembles each item's text instead of parsing the stored view, presenting it and
// serialising it again. The item's JSON is cut at the members that depend on the search, its slots:
// the stored field holds the fixed texts between them and each slot's own text, and a search writes
// its own text into a slot by name, with string concatenation only: the bedrooms of the properties
// that matched, the prices of the headline among them (each property's are kept in the doc values of
// its `itemHeadline`, its reduction's day in its `priceReducedOn`), the partner of a partner search,
// the searcher's distances, affordability and eligibility, and whether the latest reduction is recent enough to
// show. `favourite` stays null, and the assembly says where its value stands: a signed-in customer's
// are written there later (listing-search/search-body.ts).
import { presentListingItem, type StoredItemListing } from '../../listings/listing-presenter.ts';
import type { ListingItemPayload, PersonalItemFields } from '../../listings/listing-item-payload.ts';
import { recentReduction } from '../../listings/price-reductions.ts';
import { PRICE_FIELD_NAMES, type PriceFields } from '../../listings/price-rules.ts';
import { asciiJson } from '../../core/ascii-json.ts';

/** The members of the item a search writes in, by slot, each run of members in the item's order (listing-item-payload.ts). */
export const ITEM_SLOTS = {
  bedrooms: ['bedrooms'],
  partner: ['partnerName', 'partnerImageUrl'],
  personal: ['distanceFromHome', 'distanceFromWork', 'affordability', 'eligibility'],
  favourite: ['favourite'],
  headline: ['monthlyCostFrom', ...PRICE_FIELD_NAMES, 'monthlyCost', 'depositNeeded', 'isSharedOwnership'],
  reducedOn: ['priceReducedOn'],
} as const satisfies Record<string, readonly (keyof ListingItemPayload)[]>;

export type ItemSlot = keyof typeof ITEM_SLOTS;
const SLOTS = Object.keys(ITEM_SLOTS) as ItemSlot[];
const SLOT_OF = new Map<string, ItemSlot>(SLOTS.flatMap((slot) => ITEM_SLOTS[slot].map((member) => [member, slot] as const)));

/**
 * The item's JSON in pieces: `[fixed, slot, fixed, slot, …, fixed]`, a slot's text (its members,
 * `"name":value,…`) after each fixed text, the slots in ITEM_SLOTS order. Joined, the item's JSON.
 */
export type ItemPieces = readonly string[];
export const PIECE_COUNT = 2 * SLOTS.length + 1;
const slotIndex = (slot: ItemSlot) => 2 * SLOTS.indexOf(slot) + 1;

export const ITEM_PIECES_FIELD = 'itemPieces';
/** the listing's partner sources, stored (the indexed `partnerSources` is not, and a field's storage cannot change in place) */
export const PARTNERS_FIELD = 'itemPartners';
/** each property's headline slot (headlineSlotOf), in its doc values */
export const HEADLINE_FIELD = 'properties.itemHeadline';
/** each property's latest reduction's day, however old, in its doc values */
export const HEADLINE_REDUCED_ON_FIELD = 'properties.priceReducedOn';

export interface PresentedItem {
  id: number;
  /** the item as presentListingItem makes it with no context, but the reduction's day whatever its age */
  pieces: ItemPieces;
  partnerSources: string[];
  /** the stored facts' JSON (listing-costs.ts ItemFacts); null on an index of an older mapping */
  facts?: string | null;
}

export interface PresentedItemContext {
  /** bedroom counts of the properties that matched the search (none: the listing's own) */
  bedrooms: number[];
  /**
   * the headline property among those that matched (null: the listing's own): its price members as
   * stored (headlineSlotOf), its reduction's day, and the lowest monthly cost of the pool of the
   * properties that matched (listing-affordability.ts)
   */
  headline?: { slot: string; reducedOn: string | null; monthlyCostFrom: number | null } | null;
  partner: { name: string; imageUrl: string | null } | null;
  /** distances, affordability and eligibility for this searcher (none known: left null) */
  personal?: PersonalItemFields | null;
}

/** Members' names and values as JSON, in ASCII. */
function membersText(members: readonly string[], values: Readonly<Record<string, unknown>>): string {
  let text = '';
  for (const member of members) text += `${text ? ',' : ''}"${member}":${JSON.stringify(values[member])}`;
  return asciiJson(text);
}

/** A slot's text: its members' names and values as JSON, in ASCII. */
const slotText = (slot: ItemSlot, values: Readonly<Record<string, unknown>>): string => membersText(ITEM_SLOTS[slot], values);

/** The item's JSON cut at its slots; throws when the item's members do not hold each slot once, whole, in order. */
export function itemPiecesOf(item: ListingItemPayload): string[] {
  const values = item as unknown as Record<string, unknown>;
  const pieces: string[] = [];
  let fixed = '{';
  let open: ItemSlot | null = null;
  Object.keys(values).forEach((key, i) => {
    const slot = SLOT_OF.get(key) ?? null;
    if (open !== null && slot !== open) {
      pieces.push(slotText(open, values));
      open = null;
    }
    if (i > 0 && open === null) fixed += ',';
    if (slot === null) fixed += asciiJson(`${JSON.stringify(key)}:${JSON.stringify(values[key])}`);
    else if (open === null) {
      if (SLOTS[pieces.length / 2] !== slot) throw new Error(`the item's slot ${slot} is out of order, split or repeated`);
      pieces.push(fixed);
      fixed = '';
      open = slot;
    }
  });
  if (open !== null) pieces.push(slotText(open, values));
  pieces.push(`${fixed}}`);
  if (pieces.length !== PIECE_COUNT) throw new Error('an item without all of its slots');
  return pieces;
}

/** The stored field's pieces for a listing's view (in ASCII: see core/ascii-json.ts). */
export function presentedItemFieldOf(view: { listing: StoredItemListing }): string[] {
  const item = presentListingItem(view);
  item.priceReducedOn = view.listing.priceReducedOn ?? null;
  return itemPiecesOf(item);
}

/** The headline slot's members a property holds: all but the first, `monthlyCostFrom`, which is the pool's. */
const HEADLINE_PRICE_MEMBERS = ITEM_SLOTS.headline.slice(1);

/** A home's own costing as the item shows it beside its prices (listing-costs.ts): its monthly cost and the deposit it needs. */
export interface HeadlineCosts {
  monthlyCost: number | null;
  depositNeeded: number | null;
}

/** A property's part of the headline slot: its price fields, its own costing and isSharedOwnership as the item holds them. */
export function headlineSlotOf(prices: PriceFields, costs: HeadlineCosts): string {
  return membersText(HEADLINE_PRICE_MEMBERS, { ...prices, ...costs } as unknown as Record<string, unknown>);
}

/** The headline slot's text: the pool's lowest monthly cost, then the headline property's part (headlineSlotOf). */
const headlineText = (h: NonNullable<PresentedItemContext['headline']>): string => `"${ITEM_SLOTS.headline[0]}":${JSON.stringify(h.monthlyCostFrom)},${h.slot}`;

const REDUCED_ON_KEY = `"${ITEM_SLOTS.reducedOn[0]}":`;
/** The day in the stored reducedOn slot, `"priceReducedOn":"YYYY-MM-DD"` or `…:null`. */
function storedReducedOn(pieces: ItemPieces): string | null {
  const value = pieces[slotIndex('reducedOn')]!.slice(REDUCED_ON_KEY.length);
  return value === 'null' ? null : value.slice(1, -1);
}

const BEDROOMS = slotIndex('bedrooms');
const PARTNER = slotIndex('partner');
const PERSONAL = slotIndex('personal');
const HEADLINE = slotIndex('headline');
const REDUCED_ON = slotIndex('reducedOn');
const FAVOURITE = slotIndex('favourite');
const FAVOURITE_VALUE_AT = `"${ITEM_SLOTS.favourite[0]}":`.length;

/** An item's JSON for a search, and the offset of its `favourite` value (`null`) in it. */
export interface SearchItemText {
  json: string;
  favouriteAt: number;
}

/**
 * The item's JSON for this search, the same text as JSON.stringify(presentListingItem(view, context)),
 * with where its `favourite` value stands.
 */
export function presentedItemText(pieces: ItemPieces, context: PresentedItemContext, now = new Date()): SearchItemText {
  const own: (string | undefined)[] = [];
  if (context.bedrooms.length) own[BEDROOMS] = `"bedrooms":${JSON.stringify(context.bedrooms)}`;
  if (context.partner) own[PARTNER] = slotText('partner', { partnerName: context.partner.name, partnerImageUrl: context.partner.imageUrl });
  if (context.personal) own[PERSONAL] = slotText('personal', context.personal);
  if (context.headline) own[HEADLINE] = headlineText(context.headline);
  const reducedOn = context.headline ? context.headline.reducedOn : storedReducedOn(pieces);
  own[REDUCED_ON] = `${REDUCED_ON_KEY}${JSON.stringify(recentReduction(reducedOn, now))}`;
  let out = pieces[0]!;
  let favouriteAt = -1;
  for (let i = 1; i < PIECE_COUNT; i += 2) {
    if (i === FAVOURITE) favouriteAt = out.length + FAVOURITE_VALUE_AT;
    out += (own[i] ?? pieces[i]!) + pieces[i + 1]!;
  }
  return { json: out, favouriteAt };
}
